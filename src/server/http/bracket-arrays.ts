import type { FastifyRequest } from 'fastify';

/**
 * Query strings send arrays with brackets (`categories[]=a&categories[]=b`, DESIGN.md §4) and Fastify
 * keeps the bracketed key. Used as a route's preValidation hook, this moves every `x[]` to `x` (merged
 * with any plain `x`), so a schema names each parameter once.
 */
export async function normalizeBracketedKeys(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return;
  const normalized: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    if (name === key && !(name in normalized)) {
      normalized[name] = value;
      continue;
    }
    const existing = normalized[name];
    const values = Array.isArray(value) ? value : [value];
    normalized[name] =
      existing === undefined ? values : [...(Array.isArray(existing) ? existing : [existing]), ...values];
  }
  request.query = normalized;
}
