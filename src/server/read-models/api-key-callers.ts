// Read model: the organisation an integrator's API key reads as: its name, whether it buys, and its
// branches (the supplier side of its orders), in one query, as the session lookup gives a user's.

import { sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

export type ApiKeyOrganization = {
  name: string;
  slug: string;
  is_buyer: boolean;
  branches: { id: number; name: string; slug: string; isPrimary: boolean }[];
};

export async function findApiKeyOrganization(db: Executor, organizationId: number) {
  const [row] = await queryRows<ApiKeyOrganization>(
    db,
    sql`select o.name, o.slug, o.is_buyer,
               coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'slug', b.slug,
                                                           'isPrimary', b.is_primary) order by b.id)
                           from branches b where b.organization_id = o.id), '[]') as branches
          from organizations o where o.id = ${organizationId}`,
  );
  return row ?? null;
}
