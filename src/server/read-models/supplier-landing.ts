// Read model: A supplier's public landing page: the organisation with its branches, the brands it
// carries and the product groups and families it has in stock.

import { sql } from 'drizzle-orm';
import type { SupplierLanding } from '../../domain/organizations/organization-views';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';

type OrganizationRow = {
  id: number;
  name: string;
  slug: string;
  website: string | null;
  company_type: string | null;
};

/** The landing page of an organisation with at least one branch, or null (buyers have no landing page). */
export async function findSupplierLanding(db: Executor, slug: string): Promise<SupplierLanding | null> {
  const [organization] = await queryRows<OrganizationRow>(
    db,
    sql`select o.id::int as id, o.name, o.slug, o.website, o.company_type
          from organizations o
         where o.slug = ${slug} and exists (select 1 from branches b where b.organization_id = o.id)`,
  );
  if (!organization) return null;
  const id = organization.id;
  // Products in stock at any of the organisation's branches.
  const stocked = sql`select distinct av.product_id from availabilities av
                        join branches b on b.id = av.branch_id
                       where b.organization_id = ${id} and av.in_stock`;
  const [branchRows, groupRows, familyRows, brandRows, [total]] = await Promise.all([
    queryRows<SupplierLanding['branches'][number]>(
      db,
      sql`select b.id::int as id, b.name, b.slug, b.logo_url as "logoUrl", b.display_address as "displayAddress",
                 a.city, upper(coalesce(b.state_code, a.state)) as state, b.is_primary as "isPrimary",
                 b.sells_online as "sellsOnline",
                 (select count(distinct av.product_id) from availabilities av
                   where av.branch_id = b.id and av.in_stock)::int as "productCount"
            from branches b left join addresses a on a.id = b.address_id
           where b.organization_id = ${id}
           order by b.is_primary desc, b.name, b.id`,
    ),
    queryRows<SupplierLanding['groups'][number]>(
      db,
      sql`select g.slug, g.name, g.group_type as "groupType", count(*)::int as "productCount"
            from products p join product_groups g on g.id = p.group_id
           where p.id in (${stocked})
           group by g.id, g.slug, g.name, g.group_type, g.position
           order by count(*) desc, g.position, g.name`,
    ),
    queryRows<SupplierLanding['families'][number]>(
      db,
      sql`select f.name, g.slug as "groupSlug", f.slug, count(*)::int as "productCount"
            from products p join product_families f on f.id = p.family_id join product_groups g on g.id = f.group_id
           where p.id in (${stocked})
           group by f.id, f.name, g.slug, f.slug
           order by count(*) desc, f.name
           limit 24`,
    ),
    queryRows<SupplierLanding['brands'][number]>(
      db,
      sql`select br.slug, br.name, count(*)::int as "productCount"
            from products p join brands br on br.id = p.brand_id
           where p.id in (${stocked})
           group by br.id, br.slug, br.name
           order by count(*) desc, br.name
           limit 24`,
    ),
    queryRows<{ count: number }>(db, sql`select count(*)::int as count from (${stocked}) s`),
  ]);
  return {
    id,
    name: organization.name,
    slug: organization.slug,
    website: organization.website,
    companyType: organization.company_type,
    productCount: total?.count ?? 0,
    branches: branchRows,
    groups: groupRows,
    families: familyRows,
    brands: brandRows,
  };
}
