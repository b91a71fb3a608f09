import {
  type AdminBrand,
  type AdminBrandCreate,
  type AdminBrandPatch,
  brandMessages,
} from '../../../domain/catalog/admin-brands';
import { slugify } from '../../../domain/text/slug';
import type { Caller } from '../../core/caller';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { isUniqueViolation } from '../../db/errors';
import type { FileStorage } from '../../storage/file-storage';
import * as audit from '../audit/audit.service';
import * as organizations from '../organizations/organizations.service';
import * as repo from './admin-brands.repository';
import { logoPrefix, logoUrlOf, resizeLogo } from './inventory.service';

const duplicate = () =>
  new AppError('conflict', brandMessages.duplicate, {
    code: 'duplicate_brand',
    fields: { name: brandMessages.duplicate },
  });
const notFound = () => new AppError('not_found', brandMessages.notFound);

async function organizationNames(db: Executor, ids: (number | null)[]) {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  const found = await Promise.all(unique.map((id) => organizations.findOrganizationSummary(db, id)));
  return new Map(found.filter((row) => row !== null).map((row) => [row.id, row.name]));
}

function viewOf(
  row: NonNullable<Awaited<ReturnType<typeof repo.findBrand>>>,
  names: Map<number, string>,
): AdminBrand {
  const organizationName = row.organizationId === null ? undefined : names.get(row.organizationId);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logoUrl: row.logoUrl,
    description: row.description,
    organization:
      row.organizationId !== null && organizationName !== undefined
        ? { id: row.organizationId, name: organizationName }
        : null,
    productCount: row.productCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Brands for Beehive's list, by name, with their organisation and product count. */
export async function listAdminBrands(
  db: Executor,
  filter: { query?: string; page: number; perPage: number },
) {
  const { rows, total } = await repo.listBrands(db, filter);
  const names = await organizationNames(
    db,
    rows.map((row) => row.organizationId),
  );
  return { rows: rows.map((row) => viewOf(row, names)), total };
}

export async function getAdminBrand(db: Executor, id: number): Promise<AdminBrand> {
  const row = await repo.findBrand(db, id);
  if (!row) throw notFound();
  return viewOf(row, await organizationNames(db, [row.organizationId]));
}

async function assertOrganizationExists(db: Executor, organizationId: number | null | undefined) {
  if (organizationId && !(await organizations.organizationExists(db, organizationId))) {
    throw new AppError('invalid_data', brandMessages.organizationNotFound, {
      fields: { organizationId: brandMessages.organizationNotFound },
    });
  }
}

/** Writes, turning the slug index's refusal (two staff creating the same brand at once) into 409. */
async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'brands_slug_idx')) throw duplicate();
    throw error;
  }
}

/** Staff add a brand; its slug comes from the name unless given. 409 when the name or slug is taken. */
export async function createBrand(db: Executor, caller: Caller, input: AdminBrandCreate) {
  await assertOrganizationExists(db, input.organizationId);
  const slug = input.slug ?? slugify(input.name);
  const id = await refusingDuplicates(() =>
    db.transaction(async (tx) => {
      if (await repo.findClash(tx, input.name, slug)) throw duplicate();
      const { id } = await repo.insertBrand(tx, {
        name: input.name,
        slug,
        description: input.description ?? null,
        organizationId: input.organizationId ?? null,
      });
      await audit.recordEvent(tx, { userId: caller.user.id }, { type: 'brand', id }, 'admin_created', input);
      return id;
    }),
  );
  return getAdminBrand(db, id);
}

/**
 * Staff edit a brand. The slug (the public page's address) stays as it was unless staff change it,
 * so links to the brand page keep working after a rename. The brands table is one the search index
 * reloads on any change (migration 0018), so search shows the new name at its next refresh.
 */
export async function updateBrand(db: Executor, caller: Caller, id: number, patch: AdminBrandPatch) {
  await assertOrganizationExists(db, patch.organizationId);
  await refusingDuplicates(() =>
    db.transaction(async (tx) => {
      const current = await repo.lockBrand(tx, id);
      if (!current) throw notFound();
      if (
        (patch.name !== undefined || patch.slug !== undefined) &&
        (await repo.findClash(tx, patch.name ?? current.name, patch.slug ?? current.slug, id))
      ) {
        throw duplicate();
      }
      await repo.updateBrand(tx, id, patch);
      await audit.recordEvent(tx, { userId: caller.user.id }, { type: 'brand', id }, 'admin_updated', patch);
    }),
  );
  return getAdminBrand(db, id);
}

/** A new logo for a brand, resized once like suppliers' logos and served from the same place. */
export async function uploadBrandLogo(
  db: Executor,
  storage: FileStorage,
  caller: Caller,
  id: number,
  data: Buffer,
) {
  if (!(await repo.findBrand(db, id))) throw notFound();
  const key = await storage.put(logoPrefix, 'png', await resizeLogo(data));
  const logoUrl = logoUrlOf(key);
  await db.transaction(async (tx) => {
    await repo.updateBrand(tx, id, { logoUrl });
    await audit.recordEvent(tx, { userId: caller.user.id }, { type: 'brand', id }, 'admin_logo_uploaded', {
      logoUrl,
    });
  });
  return getAdminBrand(db, id);
}
