import type { Executor } from '../core/database';
import { openSession } from '../modules/auth/auth.service';
import { hashPassword } from '../modules/auth/passwords';
import { addresses, branches, organizations } from '../modules/organizations/organizations.tables';
import { users } from '../modules/users/users.tables';

export const testPassword = 'correct-horse-battery';

// Hashing is deliberately slow; every factory user shares one hash of the test password.
let passwordHash: Promise<string> | null = null;
const testPasswordHash = () => {
  passwordHash ??= hashPassword(testPassword);
  return passwordHash;
};

let sequence = 0;
const next = () => ++sequence;

export async function insertOrganization(
  db: Executor,
  overrides: Partial<typeof organizations.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(organizations)
    .values({
      name: `Test Company ${n}`,
      slug: `test-company-${n}-${Math.random().toString(36).slice(2, 7)}`,
      email: `company${n}@example.com`,
      invoiceEmail: `invoices${n}@example.com`,
      companyType: 'Landscape Contractor',
      companySize: '6-20',
      projectTypes: ['Residential Construction'],
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertBranch(
  db: Executor,
  organizationId: number,
  overrides: Partial<typeof branches.$inferInsert> = {},
) {
  const n = next();
  const [address] = await db
    .insert(addresses)
    .values({
      organizationId,
      name: `Branch ${n}`,
      street1: '1 Main St',
      city: 'Charlotte',
      state: 'NC',
      postalCode: '28202',
    })
    .returning();
  const [row] = await db
    .insert(branches)
    .values({
      organizationId,
      name: `Branch ${n}`,
      slug: `branch-${n}-${Math.random().toString(36).slice(2, 7)}`,
      addressId: address.id,
      ...overrides,
    })
    .returning();
  return row;
}

export async function insertUser(db: Executor, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      email: `user${n}-${Math.random().toString(36).slice(2, 7)}@example.com`,
      passwordHash: await testPasswordHash(),
      firstName: `First${n}`,
      lastName: `Last${n}`,
      status: 'approved',
      activated: true,
      ...overrides,
    })
    .returning();
  return row;
}

/** A bearer token for a user, without going through the sign-in route. */
export async function tokenFor(db: Executor, userId: number) {
  return openSession(db, userId, 1, { ipAddress: '127.0.0.1', userAgent: 'test' });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
