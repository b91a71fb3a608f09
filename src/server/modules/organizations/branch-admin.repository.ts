import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../core/database';
import { addresses, branches, organizations } from './organizations.tables';

export async function findBranchOfOrganization(db: Executor, organizationId: number, branchId: number) {
  const [row] = await db
    .select({ branch: branches, address: addresses, organizationName: organizations.name })
    .from(branches)
    .innerJoin(organizations, eq(organizations.id, branches.organizationId))
    .leftJoin(addresses, eq(addresses.id, branches.addressId))
    .where(and(eq(branches.id, branchId), eq(branches.organizationId, organizationId)));
  return row ?? null;
}

export async function updateBranch(db: Executor, id: number, values: Partial<typeof branches.$inferInsert>) {
  await db.update(branches).set(values).where(eq(branches.id, id));
}
