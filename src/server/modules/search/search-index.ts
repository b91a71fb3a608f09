/**
 * The product search index: the whole catalogue as search reads it (products with their names'
 * trigrams and full-text lexemes, categories, advantages, brand, group and family; their sizes; every
 * listing with its branch) held in memory, so a search costs no database work beyond a one-row version
 * check. It follows the database through the change log of migration 0018: a search first reads
 * `search_index_versions`; when the version moved, the products logged since are reloaded (or
 * everything, when a shared table changed) before it answers, so an answer is never older than the
 * last committed write.
 */
import { sql } from 'drizzle-orm';
import { type ParsedTsvector, parseTsvector } from '../../../domain/search/text-search';
import { type TextTrigrams, textTrigrams, trigramsOf } from '../../../domain/search/trigram';
import type { Executor } from '../../core/database';
import { constantStatement, queryRows } from '../../db/client';

export type IndexedBranch = {
  id: number;
  organizationId: number;
  sellsOnline: boolean;
  /** False: the branch does not give buyers their purchase discount (branches.honors_purchase_discount). */
  honorsPurchaseDiscount: boolean;
  latitude: number | null;
  longitude: number | null;
  /** Position in `SearchIndex.branchList`. */
  slot: number;
};

/** A discount as search prices with it (spec part 2 §3 Discount); times in ms, null when open. */
export type IndexedDiscount = {
  kind: string;
  operator: string;
  value: number;
  buyerOrganizationId: number | null;
  supplierOrganizationId: number | null;
  startsAt: number | null;
  endsAt: number | null;
};

export type IndexedVariant = {
  id: number;
  size: string;
  container: string | null;
  standardContainer: string | null;
  sizeInches: number | null;
  sizeFeet: number | null;
  characteristicsKey: string;
  /** The Container Type facet's child this size counts under ('<standard container>\u0000<container or size>'), or null. */
  containerKey: string | null;
};

/**
 * A product's listings as columns (one entry per listing): a million small objects made every garbage
 * collection trace them, and filters read a few numbers per listing.
 */
export type ListingColumns = {
  readonly count: number;
  /** Index into the product's `variants`. */
  readonly variant: Uint16Array;
  /** The branch's slot in `SearchIndex.branchList`. */
  readonly branch: Int32Array;
  readonly quantity: Int32Array;
  /** Bit 1: in stock; bit 2: ignores quantity. */
  readonly flags: Uint8Array;
  /** Code in `SearchIndex.fieldStatusNames` (0: none). */
  readonly fieldStatus: Uint8Array;
  /** The quantity-1 price in cents, or -1 when the listing has none. */
  readonly price: Int32Array;
};

export const inStockFlag = 1;
export const ignoresQuantityFlag = 2;

export type IndexedProduct = {
  id: number;
  pathIdentifier: string;
  primaryName: string;
  secondaryName: string | null;
  patentName: string | null;
  imageUrl: string | null;
  restricted: boolean;
  /** Lower-cased names, as the SQL ranking compared them (`lower(…)`). */
  primaryLower: string;
  secondaryLower: string;
  cultivarLower: string;
  patentLower: string;
  /** `products.search_text` (folded names) and its trigrams; `search_vector` parsed. */
  searchText: string;
  trigrams: TextTrigrams;
  /** The index's id of each of `trigrams.unique` (see SearchIndex.trigramId). */
  trigramIds: Int32Array;
  /** Unique trigrams of the lower-cased botanical and common names (the score's `similarity` terms). */
  primaryTrigrams: ReadonlySet<string>;
  secondaryTrigrams: ReadonlySet<string>;
  vectorText: string;
  vector: ParsedTsvector;
  categories: { slug: string; name: string }[];
  categoryNames: Set<string>;
  advantageNames: string[];
  brand: { id: number; name: string; slug: string; logoUrl: string | null } | null;
  groupSlug: string | null;
  familySlug: string | null;
  variants: IndexedVariant[];
  listings: ListingColumns;
  /** Some listing is in stock (relevance tie-break and the availability facet). */
  hasStock: boolean;
  /** Positions in the name sorts, set when the index is (re)built or a name changes. */
  primaryOrder: number;
  secondaryOrder: number;
  /** Dense number of the product in the postings (its position in id order when they were built). */
  slot: number;
};

type ProductRow = {
  id: number;
  path_identifier: string;
  primary_name: string;
  secondary_name: string | null;
  patent_name: string | null;
  cultivar: string | null;
  image_url: string | null;
  restricted: boolean;
  search_text: string;
  search_vector: string;
  brand_id: number | null;
  group_slug: string | null;
  family_slug: string | null;
  categories: { slug: string; name: string }[];
  advantages: string[];
};

type VariantRow = {
  id: number;
  product_id: number;
  size: string;
  container: string | null;
  standard_container: string | null;
  size_inches: string | null;
  size_feet: string | null;
  characteristics_key: string;
};

type ListingRow = {
  product_id: number;
  product_variant_id: number;
  branch_id: number;
  in_stock: boolean;
  ignore_quantity: boolean;
  quantity: number;
  field_status: string | null;
  base_price: number | null;
};

/** Rows of the given products, or of all products when `ids` is null. */
const productFilter = (column: string, ids: number[] | null) =>
  ids === null ? sql`true` : sql`${sql.raw(column)} = any(${`{${ids.join(',')}}`}::bigint[])`;

function loadProducts(db: Executor, ids: number[] | null) {
  return queryRows<ProductRow>(
    db,
    sql`select p.id::int, p.path_identifier, p.primary_name, p.secondary_name, p.patent_name, p.cultivar,
               p.image_url, p.restricted, p.search_text, p.search_vector::text as search_vector,
               p.brand_id::int as brand_id, g.slug as group_slug, f.slug as family_slug,
               coalesce((select json_agg(json_build_object('slug', c.slug, 'name', c.name) order by pc.position, c.position)
                           from product_categories pc join categories c on c.id = pc.category_id
                          where pc.product_id = p.id), '[]') as categories,
               coalesce((select json_agg(ad.name) from product_advantages pa join advantages ad on ad.id = pa.advantage_id
                          where pa.product_id = p.id), '[]') as advantages
          from products p
          left join product_groups g on g.id = p.group_id
          left join product_families f on f.id = p.family_id
         where ${productFilter('p.id', ids)}`,
  );
}

function loadVariants(db: Executor, ids: number[] | null) {
  return queryRows<VariantRow>(
    db,
    sql`select v.id::int, v.product_id::int, v.size, v.container, v.standard_container,
               v.size_inches::text, v.size_feet::text, v.characteristics_key
          from product_variants v where ${productFilter('v.product_id', ids)}
         order by v.product_id, v.position, v.id`,
  );
}

function loadListings(db: Executor, ids: number[] | null) {
  return queryRows<ListingRow>(
    db,
    sql`select a.product_id::int, a.product_variant_id::int, a.branch_id::int, a.in_stock, a.ignore_quantity,
               a.quantity, a.field_status, a.base_price
          from availabilities a where ${productFilter('a.product_id', ids)}`,
  );
}

/** The listings of the given (product, branch) pairs. */
function loadBranchListings(db: Executor, pairs: ListingChange[]) {
  return queryRows<ListingRow>(
    db,
    sql`select a.product_id::int, a.product_variant_id::int, a.branch_id::int, a.in_stock, a.ignore_quantity,
               a.quantity, a.field_status, a.base_price
          from availabilities a
          join unnest(${`{${pairs.map((pair) => pair.productId).join(',')}}`}::bigint[],
                      ${`{${pairs.map((pair) => pair.branchId).join(',')}}`}::bigint[]) as changed(product_id, branch_id)
            on a.product_id = changed.product_id and a.branch_id = changed.branch_id`,
  );
}

/** One branch's listings of one product changed (and nothing else of the product). */
type ListingChange = { productId: number; branchId: number };

async function loadBranches(db: Executor) {
  const rows = await queryRows<{
    id: number;
    organization_id: number;
    sells_online: boolean;
    honors_purchase_discount: boolean;
    latitude: number | null;
    longitude: number | null;
  }>(
    db,
    sql`select b.id::int, b.organization_id::int, b.sells_online, b.honors_purchase_discount, b.latitude::float8, b.longitude::float8 from branches b where not b.hidden`,
  );
  return rows.map(
    (row, slot): IndexedBranch => ({
      id: row.id,
      organizationId: row.organization_id,
      sellsOnline: row.sells_online,
      honorsPurchaseDiscount: row.honors_purchase_discount,
      latitude: row.latitude,
      longitude: row.longitude,
      slot,
    }),
  );
}

async function loadBrands(db: Executor) {
  const rows = await queryRows<{ id: number; name: string; slug: string; logo_url: string | null }>(
    db,
    sql`select id::int, name, slug, logo_url from brands`,
  );
  return new Map(
    rows.map((row) => [row.id, { id: row.id, name: row.name, slug: row.slug, logoUrl: row.logo_url }]),
  );
}

async function loadDiscounts(db: Executor): Promise<IndexedDiscount[]> {
  const rows = await queryRows<{
    kind: string;
    operator: string;
    value: number;
    buyer_organization_id: number | null;
    supplier_organization_id: number | null;
    starts_at: Date | string | null;
    ends_at: Date | string | null;
  }>(
    db,
    sql`select kind, operator, value, buyer_organization_id::int, supplier_organization_id::int, starts_at, ends_at
          from discounts where ends_at is null or ends_at > now()`,
  );
  const time = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());
  return rows.map((row) => ({
    kind: row.kind,
    operator: row.operator,
    value: row.value,
    buyerOrganizationId: row.buyer_organization_id,
    supplierOrganizationId: row.supplier_organization_id,
    startsAt: time(row.starts_at),
    endsAt: time(row.ends_at),
  }));
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** Orders names as the catalogue's lists do: case- and accent-insensitive first, then exact. */
const nameCollator = new Intl.Collator('en', { sensitivity: 'variant', numeric: false });

export class SearchIndex {
  readonly products = new Map<number, IndexedProduct>();
  branches = new Map<number, IndexedBranch>();
  /** Branches by slot. */
  branchList: IndexedBranch[] = [];
  /** Dig statuses by code; code 0 is a listing without one. */
  readonly fieldStatusNames: (string | null)[] = [null];
  private readonly fieldStatusCodes = new Map<string, number>();

  /** The code of a dig status, added when first seen. */
  fieldStatusCode(name: string | null): number {
    if (name === null) return 0;
    let code = this.fieldStatusCodes.get(name);
    if (code === undefined) {
      code = this.fieldStatusNames.length;
      if (code > 255) throw new Error('too many dig statuses for the search index');
      this.fieldStatusNames.push(name);
      this.fieldStatusCodes.set(name, code);
    }
    return code;
  }
  private brands = new Map<number, IndexedProduct['brand'] & {}>();
  /** Products in id order (the order candidates are first listed in); null when it must be redone. */
  private ordered: IndexedProduct[] | null = null;
  // Postings hold product slots (see bySlot), so reloading a product's listings leaves them true.
  // Trigrams are numbered: postings by trigram id, and each product's trigrams as ids.
  private trigramIds = new Map<string, number>();
  private textPostings: Int32Array[] = [];
  private lexemePostings = new Map<string, Int32Array>();
  /** Products by slot (undefined once a product has left the index). */
  private slotProducts: (IndexedProduct | undefined)[] = [];
  private sortedLexemes: string[] = [];
  version = -1n;
  loadedAt = 0;
  /** Discounts not yet ended when loaded (the search checks their dates at each call). */
  discounts: IndexedDiscount[] = [];

  /** Discounts active at `now` that may apply to the buyer organisation (null: an anonymous price). */
  activeDiscounts(buyerOrganizationId: number | null, now: number): IndexedDiscount[] {
    return this.discounts.filter(
      (discount) =>
        (discount.startsAt === null || discount.startsAt <= now) &&
        (discount.endsAt === null || discount.endsAt > now) &&
        (discount.buyerOrganizationId === null || discount.buyerOrganizationId === buyerOrganizationId),
    );
  }

  /** Suppliers giving the buyer organisation an active purchase discount (the 'Honor My Purchase Discount' switch). */
  purchaseDiscountSuppliers(buyerOrganizationId: number, now: number): Set<number> {
    const suppliers = new Set<number>();
    for (const discount of this.activeDiscounts(buyerOrganizationId, now))
      if (
        discount.kind === 'purchase' &&
        discount.buyerOrganizationId !== null &&
        discount.supplierOrganizationId !== null
      )
        suppliers.add(discount.supplierOrganizationId);
    return suppliers;
  }

  /** Every product, in id order. */
  all(): readonly IndexedProduct[] {
    this.ordered ??= [...this.products.values()].sort((a, b) => a.id - b.id);
    return this.ordered;
  }

  /** How many slots the postings use. */
  get slotCount() {
    return this.slotProducts.length;
  }

  /** The product in a slot (undefined when it left the index since the postings were built). */
  bySlot(slot: number): IndexedProduct | undefined {
    return this.slotProducts[slot];
  }

  /** How many distinct trigrams the products' texts hold. */
  get trigramCount() {
    return this.textPostings.length;
  }

  /** The id of a trigram that some product's text holds, or -1. */
  trigramId(trigram: string): number {
    return this.trigramIds.get(trigram) ?? -1;
  }

  /** Slots of the products whose texts hold the trigram (by id). */
  postingsOfTrigram(id: number): Int32Array {
    return this.textPostings[id] ?? emptySlots;
  }

  /** Slots of the products whose full-text vector holds the lexeme, or (prefix) a lexeme starting with it. */
  postingsOfLexeme(lexeme: string, prefix: boolean): Int32Array {
    if (!prefix) return this.lexemePostings.get(lexeme) ?? emptySlots;
    let low = 0;
    let high = this.sortedLexemes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.sortedLexemes[middle] < lexeme) low = middle + 1;
      else high = middle;
    }
    const lists: Int32Array[] = [];
    let length = 0;
    for (let i = low; i < this.sortedLexemes.length && this.sortedLexemes[i].startsWith(lexeme); i++) {
      const list = this.lexemePostings.get(this.sortedLexemes[i]) ?? emptySlots;
      lists.push(list);
      length += list.length;
    }
    if (lists.length === 1) return lists[0];
    const result = new Int32Array(length);
    let at = 0;
    for (const list of lists) {
      result.set(list, at);
      at += list.length;
    }
    return result;
  }

  /** Reloads everything (start, or a shared table changed). */
  async loadAll(db: Executor, version: bigint) {
    const [branches, brands, products, variants, listings, discounts] = await Promise.all([
      loadBranches(db),
      loadBrands(db),
      loadProducts(db, null),
      loadVariants(db, null),
      loadListings(db, null),
      loadDiscounts(db),
    ]);
    this.discounts = discounts;
    this.branchList = branches;
    this.branches = new Map(branches.map((branch) => [branch.id, branch]));
    this.brands = brands;
    this.products.clear();
    this.ordered = null;
    this.place(products, variants, listings);
    this.rebuildText();
    this.version = version;
    this.loadedAt = Date.now();
  }

  /**
   * Follows the change log up to `version`: discounts, whole products and (product, branch) listings.
   * Everything is read first and put in place without a pause, and the version moves last: a search
   * that sees the new version (and the answer cache, keyed by it) never sees the old rows.
   */
  async applyChanges(
    db: Executor,
    changes: { discounts: boolean; productIds: number[]; listings: ListingChange[] },
    version: bigint,
  ) {
    const heldListings = changes.listings.filter((pair) => this.products.has(pair.productId));
    const [discounts, productRows, listingRows] = await Promise.all([
      changes.discounts ? loadDiscounts(db) : null,
      changes.productIds.length
        ? Promise.all([
            loadProducts(db, changes.productIds),
            loadVariants(db, changes.productIds),
            loadListings(db, changes.productIds),
          ])
        : null,
      heldListings.length ? loadBranchListings(db, heldListings) : [],
    ]);
    if (discounts) this.discounts = discounts;
    if (productRows) this.placeReloaded(changes.productIds, ...productRows);
    this.replaceListings(heldListings, listingRows);
    this.version = version;
  }

  /** Puts reloaded products (their rows, sizes and listings) in place; gone products leave the index. */
  private placeReloaded(
    ids: number[],
    products: ProductRow[],
    variants: VariantRow[],
    listings: ListingRow[],
  ) {
    const before = new Map(ids.map((id) => [id, this.products.get(id)]));
    for (const id of ids) this.products.delete(id);
    this.place(products, variants, listings);
    this.ordered = null;
    // Names and words rarely change with stock: then the name orders and postings stay as they are.
    const textChanged = ids.some((id) => {
      const old = before.get(id);
      const now = this.products.get(id);
      if (!old || !now) return old !== now;
      now.primaryOrder = old.primaryOrder;
      now.secondaryOrder = old.secondaryOrder;
      now.slot = old.slot;
      now.trigramIds = old.trigramIds;
      return (
        old.vectorText !== now.vectorText ||
        old.searchText !== now.searchText ||
        old.primaryName !== now.primaryName ||
        old.secondaryName !== now.secondaryName
      );
    });
    if (textChanged) this.rebuildText();
    else for (const id of ids) this.replaceInSlot(before.get(id), this.products.get(id));
  }

  /**
   * Replaces the listings of the given (product, branch) pairs with their reloaded rows, keeping each
   * product's names, sizes and other branches' listings as they are. The pairs are of products the
   * index holds (a product it does not hold comes with a product change, reloaded whole).
   */
  private replaceListings(held: ListingChange[], rows: ListingRow[]) {
    const changedBranches = new Map<number, Set<number>>();
    for (const { productId, branchId } of held) {
      const slot = this.branches.get(branchId)?.slot;
      if (slot === undefined) continue;
      const slots = changedBranches.get(productId);
      if (slots) slots.add(slot);
      else changedBranches.set(productId, new Set([slot]));
    }
    const rowsOf = new Map<number, ListingRow[]>();
    for (const row of rows) {
      const list = rowsOf.get(row.product_id);
      if (list) list.push(row);
      else rowsOf.set(row.product_id, [row]);
    }
    for (const [productId, slots] of changedBranches) {
      const old = this.products.get(productId);
      if (!old) continue;
      const listings = mergeListings(
        old.listings,
        slots,
        this.columnsOf(rowsOf.get(productId) ?? [], old.variants),
      );
      // A new object, as reload makes: a search holding the old one reads a consistent product.
      const now: IndexedProduct = {
        ...old,
        listings,
        hasStock: listings.flags.some((flags) => (flags & inStockFlag) !== 0),
      };
      this.products.set(productId, now);
      this.replaceInSlot(old, now);
    }
    if (changedBranches.size) this.ordered = null;
  }

  private place(products: ProductRow[], variants: VariantRow[], listings: ListingRow[]) {
    const variantsOf = new Map<number, IndexedVariant[]>();
    for (const row of variants) {
      const variant: IndexedVariant = {
        id: row.id,
        size: row.size,
        container: row.container,
        standardContainer: row.standard_container,
        sizeInches: numberOrNull(row.size_inches),
        sizeFeet: numberOrNull(row.size_feet),
        characteristicsKey: row.characteristics_key,
        containerKey:
          row.standard_container === null
            ? null
            : `${row.standard_container}\u0000${row.container ?? row.size}`,
      };
      const list = variantsOf.get(row.product_id);
      if (list) list.push(variant);
      else variantsOf.set(row.product_id, [variant]);
    }
    const rowsOf = new Map<number, ListingRow[]>();
    for (const row of listings) {
      const list = rowsOf.get(row.product_id);
      if (list) list.push(row);
      else rowsOf.set(row.product_id, [row]);
    }
    for (const row of products) {
      const productVariants = variantsOf.get(row.id) ?? [];
      const productListings = this.columnsOf(rowsOf.get(row.id) ?? [], productVariants);
      this.products.set(row.id, {
        id: row.id,
        pathIdentifier: row.path_identifier,
        primaryName: row.primary_name,
        secondaryName: row.secondary_name,
        patentName: row.patent_name,
        imageUrl: row.image_url,
        restricted: row.restricted,
        primaryLower: row.primary_name.toLowerCase(),
        secondaryLower: (row.secondary_name ?? '').toLowerCase(),
        cultivarLower: (row.cultivar ?? '').toLowerCase(),
        patentLower: (row.patent_name ?? '').toLowerCase(),
        searchText: row.search_text,
        trigrams: textTrigrams(row.search_text),
        trigramIds: noTrigramIds,
        primaryTrigrams: new Set(trigramsOf(row.primary_name.toLowerCase())),
        secondaryTrigrams: new Set(trigramsOf((row.secondary_name ?? '').toLowerCase())),
        vectorText: row.search_vector,
        vector: parseTsvector(row.search_vector),
        categories: row.categories,
        categoryNames: new Set(row.categories.map((category) => category.name)),
        advantageNames: row.advantages,
        brand: row.brand_id === null ? null : (this.brands.get(row.brand_id) ?? null),
        groupSlug: row.group_slug,
        familySlug: row.family_slug,
        variants: productVariants,
        listings: productListings,
        hasStock: productListings.flags.some((flags) => (flags & inStockFlag) !== 0),
        primaryOrder: 0,
        secondaryOrder: 0,
        slot: -1,
      });
    }
  }

  /** Puts a reloaded product where its old version was in the postings' slots. */
  private replaceInSlot(old: IndexedProduct | undefined, now: IndexedProduct | undefined) {
    if (old && old.slot >= 0) this.slotProducts[old.slot] = now;
  }

  /** A product's listing rows as columns; listings of unknown sizes or branches are left out. */
  private columnsOf(rows: ListingRow[], variants: IndexedVariant[]): ListingColumns {
    const variantIndex = new Map(variants.map((variant, position) => [variant.id, position]));
    const kept = rows.filter(
      (row) => variantIndex.has(row.product_variant_id) && this.branches.has(row.branch_id),
    );
    const columns = {
      count: kept.length,
      variant: new Uint16Array(kept.length),
      branch: new Int32Array(kept.length),
      quantity: new Int32Array(kept.length),
      flags: new Uint8Array(kept.length),
      fieldStatus: new Uint8Array(kept.length),
      price: new Int32Array(kept.length),
    };
    kept.forEach((row, i) => {
      columns.variant[i] = variantIndex.get(row.product_variant_id) ?? 0;
      columns.branch[i] = this.branches.get(row.branch_id)?.slot ?? 0;
      columns.quantity[i] = row.quantity;
      columns.flags[i] = (row.in_stock ? inStockFlag : 0) | (row.ignore_quantity ? ignoresQuantityFlag : 0);
      columns.fieldStatus[i] = this.fieldStatusCode(row.field_status);
      columns.price[i] = row.base_price ?? -1;
    });
    return columns;
  }

  /** Name orders and the inverted indexes, from the products. */
  private rebuildText() {
    const ordered = this.all();
    const byPrimary = [...ordered].sort(
      (a, b) => nameCollator.compare(a.primaryName, b.primaryName) || a.id - b.id,
    );
    byPrimary.forEach((product, position) => {
      product.primaryOrder = position;
    });
    const bySecondary = [...ordered].sort(
      (a, b) => nameCollator.compare(a.secondaryName ?? '', b.secondaryName ?? '') || a.id - b.id,
    );
    bySecondary.forEach((product, position) => {
      product.secondaryOrder = position;
    });
    const trigramIds = new Map<string, number>();
    const textPostings: number[][] = [];
    const lexemePostings = new Map<string, number[]>();
    this.slotProducts = [...ordered];
    ordered.forEach((product, slot) => {
      product.slot = slot;
      product.trigramIds = Int32Array.from(product.trigrams.unique, (trigram) => {
        let id = trigramIds.get(trigram);
        if (id === undefined) {
          id = textPostings.length;
          trigramIds.set(trigram, id);
          textPostings.push([]);
        }
        textPostings[id].push(slot);
        return id;
      });
      for (const lexeme of product.vector.byLexeme.keys()) {
        const list = lexemePostings.get(lexeme);
        if (list) list.push(slot);
        else lexemePostings.set(lexeme, [slot]);
      }
    });
    this.trigramIds = trigramIds;
    this.textPostings = textPostings.map((slots) => Int32Array.from(slots));
    this.lexemePostings = new Map([...lexemePostings].map(([key, slots]) => [key, Int32Array.from(slots)]));
    this.sortedLexemes = [...this.lexemePostings.keys()].sort();
  }
}

/** A product's listings without those of the given branch slots, followed by the added ones. */
function mergeListings(
  old: ListingColumns,
  droppedBranchSlots: Set<number>,
  added: ListingColumns,
): ListingColumns {
  const kept: number[] = [];
  for (let i = 0; i < old.count; i += 1) if (!droppedBranchSlots.has(old.branch[i])) kept.push(i);
  const count = kept.length + added.count;
  const merged: ListingColumns = {
    count,
    variant: new Uint16Array(count),
    branch: new Int32Array(count),
    quantity: new Int32Array(count),
    flags: new Uint8Array(count),
    fieldStatus: new Uint8Array(count),
    price: new Int32Array(count),
  };
  const columns = ['variant', 'branch', 'quantity', 'flags', 'fieldStatus', 'price'] as const;
  kept.forEach((from, to) => {
    for (const column of columns) merged[column][to] = old[column][from];
  });
  for (const column of columns) merged[column].set(added[column], kept.length);
  return merged;
}

const changesKeptMs = 7 * 86_400_000;
/** Above this many changed (product, branch) listings, loading everything is quicker. */
const listingChangesReloadAllAbove = 200_000;
const readVersion = constantStatement<{ version: string }>(
  'search_index_version',
  sql`select version::text from search_index_versions`,
);
/** The product id the change log gives a discount change: reload the discounts only. */
const discountsChanged = -1;
const emptySlots = new Int32Array(0);
const noTrigramIds = new Int32Array(0);

/**
 * Keeps one index per app up to date with the database (see the module comment). Concurrent searches
 * share one load; a load that fails is retried by the next search.
 */
export class SearchIndexKeeper {
  private index = new SearchIndex();
  private updating: Promise<SearchIndex> | null = null;

  constructor(private readonly db: Executor) {}

  /** Whether the index has been loaded once (searches before that wait for it). */
  get ready() {
    return this.index.version >= 0n;
  }

  /** The version of the database the index holds now (no database read). */
  get version() {
    return this.index.version;
  }

  /** The index, brought up to the database's current version first. */
  async current(): Promise<SearchIndex> {
    const writes = this.writes;
    const version = await this.readVersion();
    // Loop: an update already running may be for an older version than this search has seen.
    while (this.index.version < version) {
      this.updating ??= this.update(version).finally(() => {
        this.updating = null;
      });
      await this.updating;
    }
    this.followedWrites = Math.max(this.followedWrites, writes);
    return this.index;
  }

  /**
   * Brings the index up to date when a write was noted since it last read the database's version, and
   * otherwise answers at once. The answer cache calls it before using `version` in its key: a cached
   * answer is reused only while no write has been noted since, not for its whole lifetime.
   */
  async followWrites(): Promise<void> {
    if (this.followedWrites !== this.writes) await this.current();
  }

  private versionRead: { promise: Promise<bigint>; writes: number } | null = null;
  private writes = 0;
  /** The writes noted before the last version read that the index has caught up with. */
  private followedWrites = 0;

  /**
   * Called when this process has answered a write or finished a background job: later searches read
   * the version anew.
   */
  noteWrite() {
    this.writes += 1;
  }

  /**
   * After another process's write, or on a timer: reads the version anew and, when it moved, pulls the
   * change log now rather than in the next search. Nothing happens before the index's first load.
   */
  refresh() {
    if (!this.ready) return;
    this.noteWrite();
    // A failed update is retried by the next search, which answers with its failure.
    this.current().catch(() => {});
  }

  /**
   * The database's version. Concurrent searches share one read (under load that was a round trip per
   * search), unless this process has answered a write since the read began: a search never misses a
   * write answered before it, and misses another process's write only while one read is in flight.
   */
  private readVersion(): Promise<bigint> {
    if (this.versionRead && this.versionRead.writes === this.writes) return this.versionRead.promise;
    const read = {
      writes: this.writes,
      promise: readVersion(this.db).then(([row]) => BigInt(row?.version ?? '0')),
    };
    this.versionRead = read;
    const forget = () => {
      if (this.versionRead === read) this.versionRead = null;
    };
    read.promise.then(forget, forget);
    return read.promise;
  }

  private async update(version: bigint): Promise<SearchIndex> {
    const index = this.index;
    // The change log keeps a week (pruned at each full load); an index older than that starts over.
    if (index.version < 0n || Date.now() - index.loadedAt > changesKeptMs - 86_400_000) {
      await index.loadAll(this.db, version);
      await queryRows(
        this.db,
        sql`delete from search_index_changes where changed_at < now() - ${`${changesKeptMs / 1000} seconds`}::interval`,
      );
      return index;
    }
    const changes = await queryRows<{ product_id: number | null; branch_id: number | null }>(
      this.db,
      sql`select distinct product_id::int, branch_id::int from search_index_changes
           where version > ${String(index.version)}::bigint and version <= ${String(version)}::bigint`,
    );
    const wholeProducts = new Set<number>();
    for (const change of changes) {
      if (change.product_id === null) {
        await index.loadAll(this.db, version);
        return index;
      }
      if (change.branch_id === null) wholeProducts.add(change.product_id);
    }
    // A product reloaded whole brings its listings too.
    const listingChanges = changes
      .filter((change) => change.branch_id !== null && !wholeProducts.has(change.product_id as number))
      .map((change) => ({ productId: change.product_id as number, branchId: change.branch_id as number }));
    if (wholeProducts.size > 5_000 || listingChanges.length > listingChangesReloadAllAbove) {
      await index.loadAll(this.db, version);
      return index;
    }
    const discounts = wholeProducts.delete(discountsChanged);
    await index.applyChanges(
      this.db,
      { discounts, productIds: [...wholeProducts], listings: listingChanges },
      version,
    );
    return index;
  }
}
