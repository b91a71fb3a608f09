/**
 * Matches plant-schedule lines to catalogue products and sizes. The catalogue is held in memory as a
 * token index (built once per process and database, rebuilt when products, sizes or groups change:
 * checked by reading the one-row catalogue stamp of migration 0016 per call), so a line costs no
 * database round trip.
 */
import { sql } from 'drizzle-orm';
import {
  buildCatalogIndex,
  type CatalogIndex,
  type CatalogProductRow,
  type CatalogVariantRow,
} from '../../../../domain/hubsheets/matching/catalog-index';
import { learningKey } from '../../../../domain/hubsheets/matching/learning-key';
import { readLine, scoreLine, toCandidate } from '../../../../domain/hubsheets/matching/score-line';
import { bestVariant } from '../../../../domain/hubsheets/matching/size-match';
import type {
  LearnedMatch,
  MatchCandidate,
  MatchLineInput,
  MatchLineResult,
} from '../../../../domain/hubsheets/matching-types';
import type { Db, Executor } from '../../../core/database';
import { queryRows } from '../../../db/client';

type CachedIndex = { version: string; index: CatalogIndex };

/**
 * Built indexes by database and catalogue stamp ('<database>|<stamp>'). Keyed by
 * the database's name rather than the handle, so a transaction handle finds the same index. At
 * most two are kept (a catalogue change rebuilds; the old one is dropped).
 */
const indexes = new Map<string, CachedIndex>();
const building = new Map<string, Promise<CachedIndex>>();
const maxIndexes = 2;

async function catalogVersion(db: Executor): Promise<string> {
  const [row] = await queryRows<{ database: string; version: string }>(
    db,
    sql`select current_database() as database, version::text from catalog_versions`,
  );
  return `${row.database}|${row.version}`;
}

async function loadIndex(db: Executor, version: string): Promise<CachedIndex> {
  const products = await queryRows<{
    id: string | number;
    path_identifier: string;
    primary_name: string;
    secondary_name: string | null;
    patent_name: string | null;
    botanical_genus: string | null;
    botanical_species: string | null;
    cultivar: string | null;
    synonym_names: string;
    hard_good: boolean;
    trade: boolean;
  }>(
    db,
    sql`select p.id, p.path_identifier, p.primary_name, p.secondary_name, p.patent_name,
               p.botanical_genus, p.botanical_species, p.cultivar, p.synonym_names,
               coalesce(g.group_type = 'HARD_GOOD', false) as hard_good,
               (p.hardiness_zones is not null or p.cultivar is not null) as trade
          from products p left join product_groups g on g.id = p.group_id
         order by p.id`,
  );
  const variants = await queryRows<{
    id: string | number;
    product_id: string | number;
    size: string;
    container: string | null;
    standard_container: string | null;
    size_inches: string | number | null;
    size_feet: string | number | null;
    characteristics: string[] | string;
    position: number;
  }>(
    db,
    sql`select id, product_id, size, container, standard_container, size_inches, size_feet,
               characteristics, position
          from product_variants order by product_id, position, id`,
  );
  const productRows: CatalogProductRow[] = products.map((row) => ({
    id: Number(row.id),
    pathIdentifier: row.path_identifier,
    primaryName: row.primary_name,
    secondaryName: row.secondary_name,
    patentName: row.patent_name,
    botanicalGenus: row.botanical_genus,
    botanicalSpecies: row.botanical_species,
    cultivar: row.cultivar,
    synonymNames: row.synonym_names ?? '',
    hardGood: row.hard_good,
    tradeProduct: row.trade,
  }));
  const variantRows: CatalogVariantRow[] = variants.map((row) => ({
    id: Number(row.id),
    productId: Number(row.product_id),
    size: row.size,
    container: row.container,
    standardContainer: row.standard_container,
    sizeInches: row.size_inches === null ? null : Number(row.size_inches),
    sizeFeet: row.size_feet === null ? null : Number(row.size_feet),
    characteristics: Array.isArray(row.characteristics)
      ? row.characteristics
      : parseArray(row.characteristics),
    position: row.position,
  }));
  return { version, index: buildCatalogIndex(productRows, variantRows) };
}

/** '{B&B,Multi-Stem}' → ['B&B', 'Multi-Stem'] (drivers that answer arrays as text). */
function parseArray(text: string | null): string[] {
  if (!text || text === '{}') return [];
  return text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((item) => item.replace(/^"|"$/g, ''));
}

/** The catalogue index of this database, rebuilt when the catalogue has changed. */
export async function catalogIndexFor(db: Executor): Promise<CatalogIndex> {
  const version = await catalogVersion(db);
  const cached = indexes.get(version);
  if (cached) return cached.index;
  let pending = building.get(version);
  if (!pending) {
    pending = loadIndex(db, version);
    building.set(version, pending);
  }
  try {
    const built = await pending;
    indexes.delete(version);
    indexes.set(version, built);
    const database = version.slice(0, version.indexOf('|') + 1);
    // An older version of the same database is stale; beyond that keep the most recent few.
    for (const key of [...indexes.keys()])
      if (key !== version && key.startsWith(database)) indexes.delete(key);
    while (indexes.size > maxIndexes) indexes.delete(indexes.keys().next().value as string);
    return built.index;
  } finally {
    building.delete(version);
  }
}

/** Builds the index ahead of the first import (e.g. at server start), so that one is fast too. */
export async function warmMatchingIndex(db: Executor): Promise<void> {
  await catalogIndexFor(db);
}

/**
 * Matches each line to its best catalogue product and size, with a 0–100 score and up to 5
 * alternatives; results in input order. A learned choice for the line's learningKey answers that
 * product (and variant, else the best one for the line's size) at 100.
 */
export async function matchLines(
  db: Db | Executor,
  lines: MatchLineInput[],
  options: { learned?: Map<string, LearnedMatch> } = {},
): Promise<MatchLineResult[]> {
  if (lines.length === 0) return [];
  const index = await catalogIndexFor(db);
  const byId = new Map<number, number>();
  const productIndexOf = (id: number) => {
    if (byId.size === 0) {
      for (const [i, product] of index.products.entries()) byId.set(product.row.id, i);
    }
    return byId.get(id);
  };
  return lines.map((line) => {
    const scored = (line.text ?? '').trim() ? scoreLine(index, line, 7) : [];
    const learned = options.learned?.get(learningKey(line));
    if (learned) {
      const at = productIndexOf(learned.productId);
      if (at !== undefined) {
        const product = index.products[at];
        const variant =
          (learned.productVariantId !== null
            ? product.variants.find((v) => v.id === learned.productVariantId)
            : undefined) ?? bestVariant(product.variants, readLine(line).size).variant;
        const best: MatchCandidate = {
          productId: product.row.id,
          primaryName: product.row.primaryName,
          secondaryName: product.row.secondaryName,
          pathIdentifier: product.row.pathIdentifier,
          productVariantId: variant?.id ?? null,
          size: variant?.size ?? null,
          score: 100,
        };
        const alternatives = scored
          .filter((candidate) => candidate.product.row.id !== product.row.id)
          .slice(0, 5)
          .map(toCandidate);
        return { best, score: 100, alternatives };
      }
    }
    if (scored.length === 0) return { best: null, score: 0, alternatives: [] };
    const [first, ...rest] = scored.map(toCandidate);
    return { best: first, score: first.score, alternatives: rest.slice(0, 5) };
  });
}
