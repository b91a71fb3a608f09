// Read model: Users as the pages show them: with their organisation, branches, favourites and current cart
// (the profile), and the admin user list with organisation names.

import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { organizations } from '../modules/organizations/organizations.tables';
import type { UserListFilter } from '../modules/users/users.repository';
import { users } from '../modules/users/users.tables';

/**
 * A user's organisation, branches and favourite branches, as columns any query that joins `users` and
 * (left) `organizations` can select; the session lookup selects them so a request needs one round trip.
 */
export const userProfileSelection = {
  organizationName: organizations.name,
  organizationSlug: organizations.slug,
  organizationIsBuyer: organizations.isBuyer,
  branches: sql<{ id: number; name: string; slug: string; isPrimary: boolean }[]>`coalesce((
    select json_agg(json_build_object('id', b.id, 'name', b.name, 'slug', b.slug, 'isPrimary', b.is_primary)
                    order by b.id)
      from branches b where b.organization_id = "users"."organization_id"), '[]')`,
  favoriteBranchIds: sql<number[]>`coalesce((
    select json_agg(f.branch_id order by f.created_at)
      from favorite_branches f where f.user_id = "users"."id"), '[]')`,
  currentCartId: sql<
    number | null
  >`(select c.cart_id::int from current_carts c where c.user_id = "users"."id")`,
  // The company the user asked to join at sign-up and waits to be approved by.
  pendingOrganizationName: sql<string | null>`(
    select o.name from organization_join_requests r join organizations o on o.id = r.organization_id
     where r.user_id = "users"."id" and r.state = 'pending' limit 1)`,
};

export type UserProfile = {
  organizationName: string | null;
  organizationSlug: string | null;
  organizationIsBuyer: boolean | null;
  branches: { id: number; name: string; slug: string; isPrimary: boolean }[];
  favoriteBranchIds: number[];
  currentCartId: number | null;
  pendingOrganizationName: string | null;
};

export async function findUserProfile(db: Executor, id: number): Promise<UserProfile | null> {
  const [row] = await db
    .select(userProfileSelection)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id));
  return row ?? null;
}

/** Staff search over users by name, e-mail or organisation. */
export async function listUsers(db: Executor, filter: UserListFilter) {
  const conditions: SQL[] = [];
  if (filter.query) {
    const pattern = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(users.email, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ilike(organizations.name, pattern),
    );
    if (match) conditions.push(match);
  }
  if (filter.status) conditions.push(eq(users.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ user: users, organizationName: organizations.name })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where)
    .orderBy(asc(users.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  const [{ total }] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(where);
  return { rows, total };
}
