/**
 * Facet counts of a search over the matching products (decision 'Search facets'): categories and brand
 * leave their own filter out, the dig status and container facets leave theirs out and count the
 * statuses and sizes that have listings passing the other listing conditions.
 */
import { fieldStatuses } from '../../../domain/catalog/field-status';
import type { CompiledListingFilter } from './listing-filter';
import type { FacetRow } from './search.repository';
import type { SearchIndex } from './search-index';
import type { Matched } from './search-matches';

const fieldStatusNameSet = new Set<string>(fieldStatuses);

/** Counts a key once per stamp (the product being counted). */
function countOnce(counts: Map<string, { count: number; stamp: number }>, key: string, stamp: number) {
  const entry = counts.get(key);
  if (!entry) counts.set(key, { count: 1, stamp });
  else if (entry.stamp !== stamp) {
    entry.count += 1;
    entry.stamp = stamp;
  }
}

const countsOf = (counts: Map<string, { count: number; stamp: number }>) =>
  new Map([...counts].map(([key, entry]) => [key, entry.count]));

/** A zeroed flag per size, reused from product to product. */
let sizeScratch = new Uint8Array(64);
function scratchSizes(size: number) {
  if (sizeScratch.length < size) sizeScratch = new Uint8Array(size);
  sizeScratch.fill(0, 0, size);
  return sizeScratch;
}

function countInto(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function rowsOf(
  facet: string,
  counts: Map<string, number>,
  parents?: Map<string, string | null>,
): FacetRow[] {
  return [...counts].map(([name, count]) => ({
    facet,
    name: parents ? name.slice(name.indexOf('\u0000') + 1) : name,
    parent: parents ? (parents.get(name) ?? null) : null,
    count,
  }));
}

/**
 * Facet counts over the matching products (see 'Search facets' in docs/decisions.md): categories and
 * brand leave their own filter out, the dig status and container facets leave theirs out and count
 * the sizes and statuses that have listings passing the other listing conditions.
 */
export function facetsOf(
  index: SearchIndex,
  base: Matched[],
  matched: Matched[],
  listing: CompiledListingFilter,
): FacetRow[] {
  const categories = new Map<string, number>();
  const brands = new Map<string, number>();
  const advantages = new Map<string, number>();
  const availability = new Map<string, number>();
  const statuses = new Map<string, number>();
  const standardContainers = new Map<string, { count: number; stamp: number }>();
  const containers = new Map<string, { count: number; stamp: number }>();
  let productSerial = 0;
  const containerParents = new Map<string, string | null>();
  const sizesInches = new Map<string, number>();
  const sizesFeet = new Map<string, number>();
  const sizesFiltered = listing.asks('variant');
  const statusSeen = new Uint8Array(index.fieldStatusNames.length);
  for (const row of base) {
    const { product } = row;
    if (row.okRest && row.okBrand && row.okListing)
      for (const name of product.categoryNames) countInto(categories, name);
    if (row.okRest && row.okCategories && row.okListing && product.brand)
      countInto(brands, product.brand.name);
    if (!(row.okRest && row.okCategories && row.okBrand)) continue;
    const { listings, variants } = product;
    // The dig statuses with a listing passing the other conditions (all of them found: stop).
    statusSeen.fill(0);
    let statusCount = 0;
    const statusSizes = listing.sizesOf(product, 'fieldStatus');
    for (let i = 0; i < listings.count && statusCount < statusSeen.length - 1; i++) {
      const code = listings.fieldStatus[i];
      if (code === 0 || statusSeen[code] === 1 || !listing.passesAt(listings, i, statusSizes, 'fieldStatus'))
        continue;
      statusSeen[code] = 1;
      statusCount += 1;
    }
    for (let code = 1; code < statusSeen.length; code++) {
      const name = index.fieldStatusNames[code];
      if (statusSeen[code] === 1 && name !== null && fieldStatusNameSet.has(name)) countInto(statuses, name);
    }
    // The sizes with a listing passing the conditions other than the container ones; without any
    // listing condition every size counts, listed or not (as the SQL facets did).
    const sizeSeen = scratchSizes(variants.length);
    if (sizesFiltered) {
      let sizeCount = 0;
      const sizes = listing.sizesOf(product, 'variant');
      for (let i = 0; i < listings.count && sizeCount < variants.length; i++) {
        const position = listings.variant[i];
        if (sizeSeen[position] === 1 || !listing.passesAt(listings, i, sizes, 'variant')) continue;
        sizeSeen[position] = 1;
        sizeCount += 1;
      }
    } else sizeSeen.fill(1, 0, variants.length);
    // Each parent and child counts a product once: a key's stamp is the last product counted.
    productSerial += 1;
    for (let position = 0; position < variants.length; position++) {
      const variant = variants[position];
      if (sizeSeen[position] === 0 || variant.containerKey === null || variant.standardContainer === null)
        continue;
      countOnce(standardContainers, variant.standardContainer, productSerial);
      countOnce(containers, variant.containerKey, productSerial);
      containerParents.set(variant.containerKey, variant.standardContainer);
    }
  }
  for (const row of matched) {
    const { product } = row;
    for (const name of new Set(product.advantageNames)) countInto(advantages, name);
    countInto(availability, product.hasStock ? 'Available' : 'Unavailable');
    const inches = new Set<number>();
    const feet = new Set<number>();
    for (const variant of product.variants) {
      if (variant.sizeInches !== null) inches.add(variant.sizeInches);
      if (variant.sizeFeet !== null) feet.add(variant.sizeFeet);
    }
    for (const value of inches) countInto(sizesInches, String(value));
    for (const value of feet) countInto(sizesFeet, String(value));
  }
  return [
    ...rowsOf('categories', categories),
    ...rowsOf('brand', brands),
    ...rowsOf('advantages', advantages),
    ...rowsOf('availability', availability),
    ...rowsOf('fieldStatus', statuses),
    ...rowsOf('standardContainer', countsOf(standardContainers)),
    ...rowsOf('container', countsOf(containers), containerParents),
    ...rowsOf('sizesInches', sizesInches),
    ...rowsOf('sizesFeet', sizesFeet),
  ];
}
