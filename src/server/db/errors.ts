/**
 * True when a query failed on the named unique index. Drizzle wraps the driver's error (PGlite and
 * node-postgres both report SQLSTATE 23505 and the constraint name), so the cause chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as Error & { code?: string; constraint?: string };
    if (code === '23505') return name === constraint;
  }
  return false;
}

/** True when a query failed because another table's foreign key still points at the row (SQLSTATE 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === '23503') return true;
  }
  return false;
}
