import { sql } from 'drizzle-orm';
import { isAdmin } from '../../../domain/access';
import { isStale, staleAfterDays } from '../../../domain/catalog/freshness';
import { normalizePriceTiers, type PriceTier } from '../../../domain/catalog/pricing';
import {
  type BranchTerms,
  type InventoryOrganization,
  type InventoryRow,
  inventoryMessages,
  type OrderRequirements,
  type OrderRequirementsInput,
  type SupplierNotice,
  type SupplierNoticeInput,
  type UpdateAvailability,
  type weekDays,
} from '../../../domain/inventory/inventory-schemas';
import type { Caller } from '../../core/caller';
import type { Clock } from '../../core/clock';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { queryRows } from '../../db/client';
import { listResponse } from '../../http/list';
import * as repo from './inventory.repository';

const dayMs = 86_400_000;

/** The caller may manage a branch of their own organisation; staff any. Anyone else gets 404. */
/**
 * A branch of the caller's organisation, or any branch for an admin or (`staffEdits`) staff whose
 * role grants edit_organizations (the Beehive branch page's requirements and notices); else 404.
 */
export async function ownedBranchOrThrow(db: Executor, caller: Caller, branchId: number, staffEdits = false) {
  const branch = await repo.findBranch(db, branchId);
  if (
    !branch ||
    !(staffEdits || isAdmin(caller.user) || branch.organization_id === caller.user.organizationId)
  ) {
    throw new AppError('not_found', inventoryMessages.branchNotFound);
  }
  return branch;
}

/** Any branch, for Beehive staff (their route checked the permission). */
export async function branchOrThrow(db: Executor, branchId: number) {
  const branch = await repo.findBranch(db, branchId);
  if (!branch) throw new AppError('not_found', inventoryMessages.branchNotFound);
  return branch;
}

function rowView(row: repo.InventoryDbRow, eligible: boolean, now: Date): InventoryRow {
  return {
    id: row.id,
    branchId: row.branch_id,
    branchName: row.branch_name,
    branchSlug: row.branch_slug,
    productId: row.product_id,
    pathIdentifier: row.path_identifier,
    primaryName: row.primary_name,
    secondaryName: row.secondary_name,
    productVariantId: row.product_variant_id,
    size: row.size,
    quantity: row.quantity,
    ignoreQuantity: row.ignore_quantity,
    priceTiers: row.price_tiers ?? [],
    supplierDiscountEligible: eligible && (row.price_tiers ?? []).length > 0,
    updatedAt: new Date(row.updated_at).toISOString(),
    stale: isStale(row.updated_at, now),
  };
}

export type InventoryQuery = {
  branchId?: number;
  organizationSlug?: string;
  query?: string;
  stock: repo.InventoryFilter['stock'];
  page: number;
  perPage: number;
};

/**
 * GET /api/v1/inventory: listings of one branch of the caller's organisation, or of all its
 * branches (of the organisation named by slug, for staff).
 */
export async function listInventory(db: Executor, caller: Caller, query: InventoryQuery, now: Date) {
  let branchIds: number[];
  let organizationId: number;
  if (query.branchId !== undefined) {
    const branch = await ownedBranchOrThrow(db, caller, query.branchId);
    branchIds = [branch.id];
    organizationId = branch.organization_id;
  } else {
    const organization = await organizationForCaller(db, caller, query.organizationSlug);
    organizationId = organization.id;
    branchIds = (await repo.listOrganizationBranches(db, organization.id)).map((branch) => branch.id);
  }
  if (branchIds.length === 0) return listResponse<InventoryRow>([], 0, query.page, query.perPage);
  const [page, eligible] = await Promise.all([
    repo.listInventory(db, {
      branchIds,
      query: query.query,
      stock: query.stock,
      staleBefore: new Date(now.getTime() - staleAfterDays * dayMs),
      page: query.page,
      perPage: query.perPage,
    }),
    repo.supplierDiscountRunning(db, organizationId, now),
  ]);
  return listResponse(
    page.rows.map((row) => rowView(row, eligible, now)),
    page.total,
    query.page,
    query.perPage,
  );
}

async function organizationForCaller(db: Executor, caller: Caller, slug?: string) {
  const organization = slug
    ? await repo.findOrganization(db, { slug })
    : caller.user.organizationId !== null
      ? await repo.findOrganization(db, { id: caller.user.organizationId })
      : undefined;
  if (!organization || !(isAdmin(caller.user) || organization.id === caller.user.organizationId)) {
    throw new AppError('not_found', 'Organization not found');
  }
  return organization;
}

/** The organisation's branches as the inventory page manages them. */
export async function getInventoryOrganization(
  db: Executor,
  caller: Caller,
  slug?: string,
): Promise<InventoryOrganization> {
  const organization = await organizationForCaller(db, caller, slug);
  const branches = await repo.listOrganizationBranches(db, organization.id);
  return {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    logoUrl: organization.logo_url,
    branches: branches.map((branch) => ({
      id: branch.id,
      name: branch.name,
      slug: branch.slug,
      isPrimary: branch.is_primary,
      hidden: branch.hidden,
      logoUrl: branch.logo_url,
      listingCount: branch.listing_count,
      inStockCount: branch.in_stock_count,
      lastUpdatedAt: branch.last_updated_at ? new Date(branch.last_updated_at).toISOString() : null,
    })),
  };
}

/** The branch (by slug) of the caller's organisation, for `/suppliers/{slug}/inventory`. */
export async function getInventoryBranchBySlug(db: Executor, caller: Caller, slug: string) {
  const branch = await repo.findBranchBySlug(db, slug);
  if (!branch || !(isAdmin(caller.user) || branch.organization_id === caller.user.organizationId)) {
    throw new AppError('not_found', inventoryMessages.branchNotFound);
  }
  const organization = await repo.findOrganization(db, { id: branch.organization_id });
  return getInventoryOrganization(db, caller, organization?.slug);
}

/** PATCH /api/v1/availabilities/{id}: one inline edit, saved at once. */
export async function updateListing(
  db: Db,
  caller: Caller,
  id: number,
  input: UpdateAvailability,
  now: Date,
): Promise<InventoryRow> {
  const current = await repo.findInventoryRow(db, id);
  if (!current || !(isAdmin(caller.user) || current.organization_id === caller.user.organizationId)) {
    throw new AppError('not_found', inventoryMessages.listingNotFound);
  }
  await repo.updateAvailability(db, id, {
    quantity: input.quantity,
    ignoreQuantity: input.ignoreQuantity,
    priceTiers: input.priceTiers ? normalizePriceTiers(input.priceTiers) : undefined,
  });
  const row = await repo.findInventoryRow(db, id);
  const eligible = await repo.supplierDiscountRunning(db, row.organization_id, now);
  return rowView(row, eligible, now);
}

export async function zeroOutBranch(db: Db, caller: Caller, branchId: number) {
  await ownedBranchOrThrow(db, caller, branchId);
  return { updated: await repo.zeroOutBranch(db, branchId) };
}

export async function reindexBranch(db: Db, caller: Caller, branchId: number) {
  await ownedBranchOrThrow(db, caller, branchId);
  return { updated: await repo.reindexBranch(db, branchId) };
}

export async function setBranchHidden(db: Db, caller: Caller, branchId: number, hidden: boolean) {
  await ownedBranchOrThrow(db, caller, branchId);
  await repo.setBranchHidden(db, branchId, hidden);
  return { hidden };
}

// ---------- order requirements

function requirementsView(row: repo.OrderRequirementsRow): OrderRequirements {
  return {
    branchId: row.branch_id,
    minimumOrderCents: row.minimum_order_cents,
    minimumLeadDays: row.minimum_lead_days,
    deliveryDays: row.delivery_days as (typeof weekDays)[number][],
    pickupHours: row.pickup_hours,
  };
}

const emptyRequirements = (branchId: number): OrderRequirements => ({
  branchId,
  minimumOrderCents: null,
  minimumLeadDays: null,
  deliveryDays: [],
  pickupHours: null,
});

export async function getOrderRequirements(
  db: Executor,
  caller: Caller,
  branchId: number,
  staffEdits = false,
) {
  await ownedBranchOrThrow(db, caller, branchId, staffEdits);
  const [row] = await repo.findOrderRequirements(db, [branchId]);
  return row ? requirementsView(row) : emptyRequirements(branchId);
}

export async function saveOrderRequirements(
  db: Db,
  caller: Caller,
  branchId: number,
  input: OrderRequirementsInput,
  staffEdits = false,
) {
  await ownedBranchOrThrow(db, caller, branchId, staffEdits);
  await repo.upsertOrderRequirements(db, branchId, input);
  return getOrderRequirements(db, caller, branchId, staffEdits);
}

export async function deleteOrderRequirements(db: Db, caller: Caller, branchId: number, staffEdits = false) {
  await ownedBranchOrThrow(db, caller, branchId, staffEdits);
  await repo.deleteOrderRequirements(db, branchId);
}

// ---------- notices

const todayOf = (clock: Clock) => clock.now().toISOString().slice(0, 10);

function noticeView(row: repo.NoticeRow, today: string): SupplierNotice {
  return {
    id: row.id,
    branchId: row.branch_id,
    body: row.body,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    active: (!row.starts_on || row.starts_on <= today) && (!row.ends_on || row.ends_on >= today),
  };
}

export async function listBranchNotices(
  db: Executor,
  caller: Caller,
  branchId: number,
  clock: Clock,
  staffEdits = false,
) {
  await ownedBranchOrThrow(db, caller, branchId, staffEdits);
  const today = todayOf(clock);
  return (await repo.listNotices(db, [branchId])).map((row) => noticeView(row, today));
}

export async function addNotice(
  db: Db,
  caller: Caller,
  branchId: number,
  input: SupplierNoticeInput,
  clock: Clock,
  staffEdits = false,
) {
  await ownedBranchOrThrow(db, caller, branchId, staffEdits);
  return noticeView(await repo.insertNotice(db, branchId, input), todayOf(clock));
}

export async function removeNotice(db: Db, caller: Caller, id: number, staffEdits = false) {
  const notice = await repo.findNotice(db, id);
  if (!notice) throw new AppError('not_found', inventoryMessages.noticeNotFound);
  const branch = await repo.findBranch(db, notice.branch_id);
  if (
    !branch ||
    !(staffEdits || isAdmin(caller.user) || branch.organization_id === caller.user.organizationId)
  ) {
    throw new AppError('not_found', inventoryMessages.noticeNotFound);
  }
  await repo.deleteNotice(db, id);
}

/** What buyers see of some branches: order requirements and the notices active today. */
export async function branchTerms(db: Executor, branchIds: number[], clock: Clock): Promise<BranchTerms[]> {
  const ids = [...new Set(branchIds)].slice(0, 50);
  const today = todayOf(clock);
  const [names, requirements, notices] = await Promise.all([
    repo.branchNames(db, ids),
    repo.findOrderRequirements(db, ids),
    repo.listNotices(db, ids, today),
  ]);
  return names.map((branch) => {
    const rule = requirements.find((row) => row.branch_id === branch.id);
    return {
      branchId: branch.id,
      branchName: branch.name,
      orderRequirements: rule ? requirementsView(rule) : null,
      notices: notices.filter((row) => row.branch_id === branch.id).map((row) => noticeView(row, today)),
    };
  });
}

// ---------- the submit check

export type SubmitBranchLine = { branchId: number; subtotalCents: number; requestedOn: string | null };

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const minimumOrderMessage = (branchName: string, minimumCents: number, subtotalCents: number) =>
  `${branchName} requires a minimum order of ${money(minimumCents)}; this cart has ${money(subtotalCents)} from it.`;

export const leadTimeMessage = (branchName: string, days: number) =>
  `${branchName} needs at least ${days} ${days === 1 ? 'day' : 'days'} of notice before delivery or pickup.`;

/**
 * The branches' order requirements a cart must meet before it is submitted: a message per rule a
 * branch's part of the cart fails (minimum order; minimum lead time when a date is requested).
 */
export async function orderRequirementProblems(
  db: Executor,
  lines: SubmitBranchLine[],
  today: string,
): Promise<string[]> {
  const rows = await repo.findOrderRequirements(
    db,
    lines.map((line) => line.branchId),
  );
  if (rows.length === 0) return [];
  const names = new Map(
    (
      await repo.branchNames(
        db,
        rows.map((row) => row.branch_id),
      )
    ).map((branch) => [branch.id, branch.name]),
  );
  const problems: string[] = [];
  for (const line of lines) {
    const rule = rows.find((row) => row.branch_id === line.branchId);
    if (!rule) continue;
    const name = names.get(line.branchId) ?? 'This supplier';
    if (rule.minimum_order_cents !== null && line.subtotalCents < rule.minimum_order_cents) {
      problems.push(minimumOrderMessage(name, rule.minimum_order_cents, line.subtotalCents));
    }
    if (rule.minimum_lead_days !== null && rule.minimum_lead_days > 0 && line.requestedOn) {
      const days = Math.floor((Date.parse(line.requestedOn) - Date.parse(today)) / dayMs);
      if (days < rule.minimum_lead_days) problems.push(leadTimeMessage(name, rule.minimum_lead_days));
    }
  }
  return problems;
}

/** Called by the submit workflow: refuses (422 order_requirements) a cart that breaks a branch's rules. */
export async function assertOrderRequirementsMet(db: Executor, lines: SubmitBranchLine[], today: string) {
  const problems = await orderRequirementProblems(db, lines, today);
  if (problems.length > 0) {
    throw new AppError('unprocessable', problems.join(' '), { code: 'order_requirements' });
  }
}

export type { PriceTier };

// ---------- supplier logos (spec part 3 §7.6 supplier_images)

export const logoPrefix = 'supplier-logos';
export const logoUrlOf = (key: string) => `/api/v1/supplier_logos/${key.slice(logoPrefix.length + 1)}`;
export const logoMessages = {
  fileRequired: 'Choose a PNG, JPEG, WebP or SVG image for the logo.',
  unreadable: 'We could not read this image. Save it as PNG or JPEG and upload it again.',
  tooLarge: 'Choose a logo of at most 5 MB.',
} as const;

/** Resizes an uploaded logo once (to fit 256 × 256 on white-free transparency) as PNG. */
export async function resizeLogo(data: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(data, { limitInputPixels: 40_000_000 })
      .resize(256, 256, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  } catch {
    throw new AppError('unprocessable', logoMessages.unreadable, { code: 'unreadable_image' });
  }
}

/** A simple logo with a supplier's initials (demo data), rendered by sharp from SVG. */
export async function initialsLogo(name: string, hue: number): Promise<Buffer> {
  const initials =
    name
      .split(/\s+/)
      .filter((word) => /^[A-Za-z]/.test(word))
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('') || 'H';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="40" fill="hsl(${hue},45%,32%)"/><text x="128" y="158" font-size="96" font-weight="700" text-anchor="middle" fill="#ffffff" font-family="DejaVu Sans, Arial, sans-serif">${initials}</text></svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type LogoStorage = { put(prefix: string, extension: string, data: Buffer): Promise<string> };

export async function uploadBranchLogo(
  db: Db,
  storage: LogoStorage,
  caller: Caller,
  branchId: number,
  data: Buffer,
) {
  await ownedBranchOrThrow(db, caller, branchId);
  const key = await storage.put(logoPrefix, 'png', await resizeLogo(data));
  const url = logoUrlOf(key);
  await repo.setBranchLogo(db, branchId, url);
  return { logoUrl: url };
}

export async function uploadOrganizationLogo(
  db: Db,
  storage: LogoStorage,
  caller: Caller,
  organizationId: number,
  data: Buffer,
) {
  const organization = await repo.findOrganization(db, { id: organizationId });
  if (!organization || !(isAdmin(caller.user) || organization.id === caller.user.organizationId)) {
    throw new AppError('not_found', 'Organization not found');
  }
  const key = await storage.put(logoPrefix, 'png', await resizeLogo(data));
  const url = logoUrlOf(key);
  await repo.setOrganizationLogo(db, organizationId, url);
  return { logoUrl: url };
}

/**
 * Demo data: every supplier organisation without a logo gets one with its initials (a PNG data URL,
 * so no file storage is needed), and one branch a notice and order requirements. Idempotent.
 */
export async function seedDemoSupplierExtras(db: Db, branchSlug: string) {
  const suppliers = await queryRows<{ id: number; name: string }>(
    db,
    sql`select o.id::int, o.name from organizations o
      where o.logo_url is null and exists (select 1 from branches b where b.organization_id = o.id)
      order by o.id`,
  );
  for (const supplier of suppliers) {
    const png = await initialsLogo(supplier.name, (supplier.id * 47) % 360);
    await repo.setOrganizationLogo(db, supplier.id, `data:image/png;base64,${png.toString('base64')}`);
  }
  const branch = await repo.findBranchBySlug(db, branchSlug);
  if (!branch) return;
  const [rules] = await repo.findOrderRequirements(db, [branch.id]);
  if (!rules) {
    await repo.upsertOrderRequirements(db, branch.id, {
      minimumOrderCents: 75_000,
      minimumLeadDays: 2,
      deliveryDays: ['Tuesday', 'Thursday'],
      pickupHours: 'Mon–Fri 7am–3:30pm, Sat 8am–noon',
    });
  }
  if ((await repo.listNotices(db, [branch.id])).length === 0) {
    await repo.insertNotice(db, branch.id, {
      body: 'Spring pre-orders are open: call the yard for 2027 contract pricing on B&B shade trees.',
      startsOn: null,
      endsOn: null,
    });
  }
}

export const findOrganizationLogo = async (db: Executor, organizationId: number) =>
  (await repo.findOrganization(db, { id: organizationId }))?.logo_url ?? null;

// ---------- what the availability upload (imports module) needs from the catalogue

export const nameKey = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
export const sizeKey = (text: string) => text.toLowerCase().replace(/[\s.]+/g, '');

export type CatalogSize = { productId: number; productVariantId: number; primaryName: string; size: string };

/** The organisation's remembered mappings: source key → catalogue size. */
export async function productMappingsOf(db: Executor, organizationId: number) {
  return new Map(
    (await repo.loadProductMappings(db, organizationId)).map((row) => [
      row.source_key,
      { productId: row.product_id, productVariantId: row.product_variant_id },
    ]),
  );
}

export const saveProductMapping = repo.saveProductMapping;

/** Catalogue sizes by exact product name (lower-cased) then size key: name → size key → size. */
export async function catalogSizesByName(db: Executor, names: string[]) {
  const byName = new Map<string, Map<string, CatalogSize>>();
  const unique = [...new Set(names.map(nameKey))].filter((name) => name !== '');
  for (let i = 0; i < unique.length; i += 5000) {
    for (const row of await repo.variantsByProductNames(db, unique.slice(i, i + 5000))) {
      const key = nameKey(row.primary_name);
      let sizes = byName.get(key);
      if (!sizes) {
        sizes = new Map();
        byName.set(key, sizes);
      }
      sizes.set(sizeKey(row.size), {
        productId: row.product_id,
        productVariantId: row.product_variant_id,
        primaryName: row.primary_name,
        size: row.size,
      });
    }
  }
  return byName;
}

export async function catalogSizesById(db: Executor, ids: number[]): Promise<Map<number, CatalogSize>> {
  const rows = await repo.variantsByIds(db, [...new Set(ids)]);
  return new Map(
    rows.map((row) => [
      row.product_variant_id,
      {
        productId: row.product_id,
        productVariantId: row.product_variant_id,
        primaryName: row.primary_name,
        size: row.size,
      },
    ]),
  );
}

/** The branch's listings: variant id → listing id. */
export async function branchListings(db: Executor, branchId: number) {
  return new Map(
    (await repo.branchListingVariants(db, branchId)).map((row) => [row.product_variant_id, row.id]),
  );
}

/**
 * Applies an availability upload to a branch (in the caller's transaction): updates and adds the
 * lines' listings; `replace` sets the branch's other listings to 0. Answers how many were zeroed.
 */
export async function applyAvailabilityWrites(
  db: Executor,
  branchId: number,
  writes: repo.AvailabilityWrite[],
  mode: 'append' | 'replace',
) {
  for (let i = 0; i < writes.length; i += 5000) {
    await repo.upsertAvailabilities(db, branchId, writes.slice(i, i + 5000));
  }
  if (mode !== 'replace') return 0;
  const keep = await branchListings(db, branchId);
  const written = new Set(writes.map((write) => write.productVariantId));
  const others = [...keep].filter(([variantId]) => !written.has(variantId)).map(([, id]) => id);
  if (others.length === 0) return 0;
  const inFile = [...keep].filter(([variantId]) => written.has(variantId)).map(([, id]) => id);
  return repo.zeroOutBranch(db, branchId, inFile);
}

export type { AvailabilityWrite } from './inventory.repository';

/**
 * After a large upload: the planner's statistics and the visibility map of the listings table trail
 * the thousands of rows it changed (autovacuum waits for a fifth of a million-row table), so branch
 * pages planned for 2,000 rows met 20,000 and every count read the heap. Runs outside a transaction.
 */
export async function refreshListingStatistics(db: Db) {
  await repo.vacuumListings(db);
}
