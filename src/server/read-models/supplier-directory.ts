// Read model: The supplier directory: branches with organisation and address, counts per state, map pins.

import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../core/database';
import { queryRows } from '../db/client';
import { distanceMilesSql } from '../db/distance-sql';
import { containsPattern } from '../db/like-pattern';
import { availabilities } from '../modules/catalog/catalog.tables';
import type { SupplierDirectoryFilter, SupplierDirectoryRow } from '../modules/catalog/suppliers.repository';
import { addresses, branches, organizations } from '../modules/organizations/organizations.tables';

// A branch's state: its own state code, else its address's.
const stateOf = sql`upper(coalesce(b.state_code, a.state))`;

/**
 * The supplier directory: branches with their organisation, place and the number of products they
 * have in stock; filtered by words (branch, organisation or city), state and a radius around a point
 * (haversine in SQL, a bounding box first), ordered by distance or name.
 */
export async function listSupplierDirectory(db: Executor, filter: SupplierDirectoryFilter) {
  const conditions: SQL[] = [];
  for (const word of (filter.query ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = containsPattern(word);
    conditions.push(
      sql`(b.name ilike ${pattern} or o.name ilike ${pattern} or coalesce(a.city, '') ilike ${pattern})`,
    );
  }
  if (filter.state) conditions.push(sql`${stateOf} = ${filter.state}`);
  let distance: SQL = sql`null::float8`;
  if (filter.near) {
    const { latitude, longitude, radiusMiles } = filter.near;
    distance = distanceMilesSql(sql`b.latitude`, sql`b.longitude`, latitude, longitude);
    conditions.push(sql`b.latitude is not null and b.longitude is not null`);
    if (radiusMiles !== null) {
      const latitudeDelta = radiusMiles / 69.0;
      const longitudeDelta = radiusMiles / Math.max(1, 69.172 * Math.cos((latitude * Math.PI) / 180));
      conditions.push(
        sql`b.latitude between ${latitude - latitudeDelta}::float8 and ${latitude + latitudeDelta}::float8`,
        sql`b.longitude between ${longitude - longitudeDelta}::float8 and ${longitude + longitudeDelta}::float8`,
        sql`${distance} <= ${radiusMiles}::float8`,
      );
    }
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const order =
    filter.sort === 'distance|asc' && filter.near
      ? sql`distance asc, b.name asc, b.id asc`
      : filter.sort === 'name|desc'
        ? sql`b.name desc, b.id asc`
        : sql`b.name asc, b.id asc`;
  const rows = await queryRows<SupplierDirectoryRow>(
    db,
    sql`select b.id::int as id, b.organization_id::int as organization_id, o.name as organization_name,
               b.name, b.slug, b.display_address, b.logo_url, b.latitude, b.longitude, b.sells_online,
               a.city, ${stateOf} as state, coalesce(b.postal_code, a.postal_code) as postal_code,
               ${distance} as distance,
               (select count(distinct av.product_id) from ${availabilities} av
                 where av.branch_id = b.id and av.in_stock)::int as product_count
          from ${branches} b
          join ${organizations} o on o.id = b.organization_id
          left join ${addresses} a on a.id = b.address_id
          ${where}
         order by ${order}
         limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total
          from ${branches} b
          join ${organizations} o on o.id = b.organization_id
          left join ${addresses} a on a.id = b.address_id
          ${where}`,
  );
  return { rows, total };
}

/** How many branches each state (or province) has. */
export async function countBranchesByState(db: Executor) {
  return queryRows<{ state: string; branch_count: number }>(
    db,
    sql`select ${stateOf} as state, count(*)::int as branch_count
          from ${branches} b
          left join ${addresses} a on a.id = b.address_id
         where coalesce(b.state_code, a.state) is not null
         group by 1
         order by 1`,
  );
}

/** Every branch with coordinates, with just what a map pin needs. */
export async function listBranchPins(db: Executor) {
  return queryRows<{
    id: number;
    name: string;
    slug: string;
    organization_name: string;
    city: string | null;
    state: string | null;
    latitude: number;
    longitude: number;
  }>(
    db,
    sql`select b.id::int as id, b.name, b.slug, o.name as organization_name, a.city, ${stateOf} as state,
               b.latitude, b.longitude
          from ${branches} b
          join ${organizations} o on o.id = b.organization_id
          left join ${addresses} a on a.id = b.address_id
         where b.latitude is not null and b.longitude is not null
         order by b.name asc, b.id asc`,
  );
}
