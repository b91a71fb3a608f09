import type { PriceTier } from '../../../domain/catalog/pricing';
import { normalizePriceTiers } from '../../../domain/catalog/pricing';
import {
  type AvailabilityField,
  guessAvailabilityMapping,
  type ImportMapping,
  importMessages,
} from '../../../domain/imports/import-schemas';
import type { Executor } from '../../core/database';
import * as inventory from '../catalog/inventory.service';
import * as hubsheets from '../hubsheets/hubsheets.service';
import type { ImportKindHandler } from './import-kinds';
import type { ImportRow, LineRow, LineWrite } from './imports.repository';

/** A matcher score at or above this resolves a line without asking (the hubsheet's 'High' match). */
export const autoMatchScore = 95;
/** Lines the matcher reads per upload: beyond this, unresolved lines stay unmatched for the user. */
const matcherLineLimit = 3000;

type Parsed = {
  sku: string;
  name: string;
  size: string;
  quantity: number | null;
  priceTiers: PriceTier[] | null;
};

const cell = (line: LineRow, mapping: ImportMapping, field: AvailabilityField) => {
  const index = mapping[field];
  return index === null || index === undefined ? '' : (line.cells[index] ?? '').trim();
};

function parseMoney(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,4})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

function parseCount(text: string): number | null {
  const clean = text.replace(/[,\s]/g, '');
  if (!/^\d+(\.0+)?$/.test(clean)) return null;
  const value = Number(clean);
  return value <= 10_000_000 ? value : null;
}

/** Reads a line's fields, or the reason it cannot be used. */
export function parseLine(line: LineRow, mapping: ImportMapping): Parsed | { reason: string } {
  const sku = cell(line, mapping, 'sku');
  const name = cell(line, mapping, 'name');
  const size = cell(line, mapping, 'size');
  if (!sku && !name) return { reason: 'No SKU or product name' };
  const quantityText = cell(line, mapping, 'quantity');
  let quantity: number | null = null;
  if (mapping.quantity !== null && mapping.quantity !== undefined) {
    quantity = quantityText === '' ? 0 : parseCount(quantityText);
    if (quantity === null) return { reason: `Quantity '${quantityText}' is not a whole number of 0 or more` };
  }
  let priceTiers: PriceTier[] | null = null;
  const priceText = cell(line, mapping, 'price');
  if (priceText !== '') {
    const price = parseMoney(priceText);
    if (price === null) return { reason: `Price '${priceText}' is not a price` };
    const tiers: PriceTier[] = [{ quantityMin: 1, price }];
    for (const [minField, priceField] of [
      ['tier2Min', 'tier2Price'],
      ['tier3Min', 'tier3Price'],
    ] as const) {
      const minText = cell(line, mapping, minField);
      const tierText = cell(line, mapping, priceField);
      if (minText === '' && tierText === '') continue;
      const min = parseCount(minText);
      const tierPrice = parseMoney(tierText);
      if (min === null || min < 2 || tierPrice === null) {
        return {
          reason: `Tier break '${minText}' at '${tierText}' needs a quantity of 2 or more and a price`,
        };
      }
      tiers.push({ quantityMin: min, price: tierPrice });
    }
    priceTiers = normalizePriceTiers(tiers);
  }
  if (quantity === null && priceTiers === null) return { reason: 'No quantity or price' };
  return { sku, name, size, quantity, priceTiers };
}

export const sourceKeyOf = (parsed: Pick<Parsed, 'sku' | 'name' | 'size'>) =>
  parsed.sku
    ? `sku:${inventory.nameKey(parsed.sku)}`
    : `name:${inventory.nameKey(parsed.name)}|${inventory.sizeKey(parsed.size)}`;

const invalid = (line: LineRow, reason: string): LineWrite => ({
  id: line.id,
  outcome: 'invalid',
  reason,
  sourceKey: null,
  targetId: null,
  suggestion: null,
  data: null,
});

function resolved(
  line: LineRow,
  parsed: Parsed,
  target: inventory.CatalogSize,
  listed: Map<number, number>,
): LineWrite {
  return {
    id: line.id,
    outcome: listed.has(target.productVariantId) ? 'updated' : 'new',
    reason: null,
    sourceKey: sourceKeyOf(parsed),
    targetId: target.productVariantId,
    suggestion: null,
    data: { productId: target.productId, quantity: parsed.quantity, priceTiers: parsed.priceTiers },
  };
}

async function branchOf(job: ImportRow) {
  if (job.branch_id === null || job.organization_id === null)
    throw new Error('availability import without a branch');
  return { branchId: job.branch_id, organizationId: job.organization_id };
}

/** Availability uploads: a supplier's stock and prices for one branch (issue 19). */
export const availabilityKind: ImportKindHandler = {
  guessMapping: guessAvailabilityMapping,

  mappingProblem(mapping) {
    if (mapping.name == null && mapping.sku == null) return importMessages.productColumn;
    if (mapping.quantity == null && mapping.price == null) return importMessages.quantityOrPrice;
    return null;
  },

  async preview(db, job, lines, progress) {
    const { branchId, organizationId } = await branchOf(job);
    const mapping = job.mapping as ImportMapping;
    const parsed = lines.map((line) => parseLine(line, mapping));
    const [mappings, listed, byName] = await Promise.all([
      inventory.productMappingsOf(db, organizationId),
      inventory.branchListings(db, branchId),
      inventory.catalogSizesByName(
        db,
        parsed.flatMap((p) => ('reason' in p ? [] : [p.name])),
      ),
    ]);
    const mapped = await inventory.catalogSizesById(
      db,
      [...mappings.values()].map((m) => m.productVariantId),
    );
    await progress(30);
    const writes: (LineWrite | null)[] = parsed.map((p, i) => {
      const line = lines[i];
      if ('reason' in p) return invalid(line, p.reason);
      const remembered = mappings.get(sourceKeyOf(p));
      const rememberedSize = remembered ? mapped.get(remembered.productVariantId) : undefined;
      if (rememberedSize) return resolved(line, p, rememberedSize, listed);
      const sizes = byName.get(inventory.nameKey(p.name));
      if (sizes) {
        const exact = p.size
          ? sizes.get(inventory.sizeKey(p.size))
          : sizes.size === 1
            ? [...sizes.values()][0]
            : undefined;
        if (exact) return resolved(line, p, exact, listed);
      }
      return null;
    });
    const open = writes.flatMap((write, i) => (write === null ? [i] : []));
    const asked = open.slice(0, matcherLineLimit);
    for (let start = 0; start < asked.length; start += 500) {
      const batch = asked.slice(start, start + 500);
      const results = await hubsheets.matchListLines(
        db,
        organizationId,
        batch.map((i) => {
          const p = parsed[i] as Parsed;
          return {
            text: p.name || p.sku,
            sizeText: p.size || null,
            evidence: p.sku && p.name ? [p.sku] : [],
          };
        }),
      );
      const targets = await inventory.catalogSizesById(
        db,
        results.flatMap((result) => (result.best?.productVariantId ? [result.best.productVariantId] : [])),
      );
      batch.forEach((i, j) => {
        const p = parsed[i] as Parsed;
        const best = results[j]?.best ?? null;
        const target = best?.productVariantId ? targets.get(best.productVariantId) : undefined;
        if (best && target && (results[j]?.score ?? 0) >= autoMatchScore) {
          writes[i] = resolved(lines[i], p, target, listed);
          return;
        }
        writes[i] = {
          id: lines[i].id,
          outcome: 'unmatched',
          reason: 'Not found in the catalogue: choose the product',
          sourceKey: sourceKeyOf(p),
          targetId: null,
          suggestion: best
            ? {
                productId: best.productId,
                productVariantId: best.productVariantId,
                primaryName: best.primaryName,
                size: best.size,
                score: Math.round(results[j]?.score ?? 0),
              }
            : null,
          data: { quantity: p.quantity, priceTiers: p.priceTiers },
        };
      });
      await progress(30 + Math.round((60 * (start + batch.length)) / Math.max(1, asked.length)));
    }
    const done = writes.map(
      (write, i): LineWrite =>
        write ?? {
          id: lines[i].id,
          outcome: 'unmatched',
          reason: 'Not found in the catalogue: choose the product',
          sourceKey: sourceKeyOf(parsed[i] as Parsed),
          targetId: null,
          suggestion: null,
          data: { quantity: (parsed[i] as Parsed).quantity, priceTiers: (parsed[i] as Parsed).priceTiers },
        },
    );
    const inFile = new Set(done.flatMap((write) => (write.targetId === null ? [] : [write.targetId])));
    const zeroed = job.mode === 'replace' ? [...listed.keys()].filter((id) => !inFile.has(id)).length : 0;
    return { writes: done, counts: { zeroed } };
  },

  async matchLine(db, job, line, productVariantId) {
    const { branchId, organizationId } = await branchOf(job);
    const target = (await inventory.catalogSizesById(db, [productVariantId])).get(productVariantId);
    if (!target) throw new Error('unknown size');
    const parsed = parseLine(line, job.mapping as ImportMapping);
    if ('reason' in parsed) return invalid(line, parsed.reason);
    await inventory.saveProductMapping(
      db,
      organizationId,
      sourceKeyOf(parsed),
      target.productId,
      productVariantId,
    );
    return resolved(line, parsed, target, await inventory.branchListings(db, branchId));
  },

  async apply(tx, job, lines) {
    const { branchId } = await branchOf(job);
    // A size listed twice in the file: the last line wins.
    const writes = new Map<number, inventory.AvailabilityWrite>();
    for (const line of lines) {
      if ((line.outcome !== 'updated' && line.outcome !== 'new') || line.target_id === null || !line.data)
        continue;
      writes.delete(line.target_id);
      writes.set(line.target_id, {
        productVariantId: line.target_id,
        productId: Number(line.data.productId),
        quantity: (line.data.quantity as number | null) ?? null,
        priceTiers: (line.data.priceTiers as PriceTier[] | null) ?? null,
      });
    }
    const zeroed = await inventory.applyAvailabilityWrites(tx, branchId, [...writes.values()], job.mode);
    return { zeroed };
  },

  afterBulkApply: (db) => inventory.refreshListingStatistics(db),

  describeTargets: (db: Executor, ids: number[]) => inventory.catalogSizesById(db, ids),
};
