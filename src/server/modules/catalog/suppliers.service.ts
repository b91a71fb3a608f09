import {
  defaultSupplierRadius,
  regionName,
  type SupplierSort,
} from '../../../domain/catalog/supplier-queries';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { listResponse } from '../../http/list';
import * as supplierDirectory from '../../read-models/supplier-directory';
import * as catalog from './catalog.service';

export type SupplierDirectoryQuery = {
  query?: string;
  state?: string;
  postalCode?: string;
  /** Miles; null is any distance; undefined takes the default (100) when a postal code is given. */
  radius?: number | null;
  sort?: SupplierSort;
  page: number;
  perPage: number;
};

const roundMiles = (miles: number) => Math.round(miles * 10) / 10;

/** The supplier directory (spec part 3 §2.9): nearest first with a postal code, else by name. */
export async function listSupplierDirectory(db: Executor, query: SupplierDirectoryQuery) {
  const near = query.postalCode
    ? {
        ...catalog.locatePostalCode(query.postalCode),
        radiusMiles: query.radius === undefined ? defaultSupplierRadius : query.radius,
      }
    : undefined;
  const sort = query.sort ?? (near ? 'distance|asc' : 'name|asc');
  const { rows, total } = await supplierDirectory.listSupplierDirectory(db, {
    query: query.query,
    state: query.state,
    near,
    sort,
    page: query.page,
    perPage: query.perPage,
  });
  const results = rows.map((row) => ({
    id: row.id,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    name: row.name,
    slug: row.slug,
    displayAddress: row.display_address,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    logo: row.logo_url,
    latitude: row.latitude,
    longitude: row.longitude,
    sellsOnline: row.sells_online,
    productCount: row.product_count,
    distance: row.distance === null ? null : roundMiles(row.distance),
  }));
  return listResponse(results, total, query.page, query.perPage);
}

/** States (and provinces) that have branches, by name, with how many. */
export async function listSupplierStates(db: Executor) {
  const rows = await supplierDirectory.countBranchesByState(db);
  return rows
    .map((row) => ({ state: row.state, name: regionName(row.state), branchCount: row.branch_count }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Every branch that can be placed on a map. */
export async function listBranchPins(db: Executor) {
  const rows = await supplierDirectory.listBranchPins(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    organizationName: row.organization_name,
    city: row.city,
    state: row.state,
    latitude: row.latitude,
    longitude: row.longitude,
  }));
}

export type BranchAvailabilityQuery = Pick<catalog.AvailabilityQuery, 'query' | 'sort' | 'page' | 'perPage'>;

/** One branch's listings with the caller's prices (the catalogue's pricing); 404 for an unknown branch. */
export async function listBranchAvailabilities(
  db: Executor,
  caller: Caller | null,
  slug: string,
  query: BranchAvailabilityQuery,
) {
  const branch = await catalog.getBranchOrThrow(db, slug);
  return catalog.listAvailabilities(db, caller, { ...query, branchIds: [branch.id], available: true });
}
