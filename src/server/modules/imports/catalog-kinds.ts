import {
  guessGreenGoodsMapping,
  guessHardGoodsMapping,
  guessProductMappingMapping,
  type ImportField,
  type ImportMapping,
  catalogImportMessages as messages,
} from '../../../domain/imports/import-schemas';
import type { Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import * as inventory from '../catalog/inventory.service';
import * as productImports from '../catalog/product-imports.service';
import { sourceKeyOf } from './availability-kind';
import type { ImportKindHandler } from './import-kinds';
import type { LineRow, LineWrite } from './imports.repository';

/** A mapped cell's text, '' when the field has no column. */
export const cellOf = (line: Pick<LineRow, 'cells'>, mapping: ImportMapping, field: ImportField) => {
  const index = mapping[field];
  return index === null || index === undefined ? '' : (line.cells[index] ?? '').trim();
};

/** 'a | b; c' → ['a', 'b', 'c']; names also split on commas, sizes do not ('2 1/2", B&B'). */
const listOf = (text: string, commas: boolean) =>
  text
    .split(commas ? /[|;,]/ : /[|;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

const invalid = (line: LineRow, reason: string): LineWrite => ({
  id: line.id,
  outcome: 'invalid',
  reason,
  sourceKey: null,
  targetId: null,
  suggestion: null,
  data: null,
});

const lower = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

const byHandRefused = () =>
  new AppError('unprocessable', 'Fix this line by editing its values', { code: 'edit_line_instead' });

type Parsed = productImports.ProductImportWrite | { reason: string };

/** Previews product lines: new when no product (nor an earlier line) has the name, else updated. */
async function previewProducts(db: Executor, lines: LineRow[], parsed: Parsed[]) {
  const existing = await productImports.productsByName(
    db,
    parsed.flatMap((p) => ('reason' in p ? [] : [p.primaryName])),
  );
  const seen = new Set<string>();
  const writes = parsed.map((p, i): LineWrite => {
    const line = lines[i];
    if ('reason' in p) return invalid(line, p.reason);
    const key = lower(p.primaryName);
    const known = existing.has(key) || seen.has(key);
    seen.add(key);
    return {
      id: line.id,
      outcome: known ? 'updated' : 'new',
      reason: null,
      sourceKey: key,
      targetId: null,
      suggestion: null,
      data: p as unknown as Record<string, unknown>,
    };
  });
  return { writes, counts: {} };
}

async function applyProducts(tx: Executor, lines: LineRow[]) {
  const writes = lines.flatMap((line) =>
    (line.outcome === 'new' || line.outcome === 'updated') && line.data
      ? [line.data as unknown as productImports.ProductImportWrite]
      : [],
  );
  await productImports.writeImportedProducts(tx, writes);
  return {};
}

/** A green goods line: botanical name (+ cultivar) names the plant; its sizes must read as plant sizes. */
export function parseGreenGoodsLine(line: Pick<LineRow, 'cells'>, mapping: ImportMapping): Parsed {
  const botanical = cellOf(line, mapping, 'botanicalName').replace(/\s+/g, ' ');
  if (!botanical) return { reason: messages.botanicalNameRequired };
  const cultivar = cellOf(line, mapping, 'cultivar')
    .replace(/^['‘’"]+|['‘’"]+$/g, '')
    .trim();
  const sizes = listOf(cellOf(line, mapping, 'sizes'), false);
  if (sizes.length === 0) return { reason: messages.sizesRequired };
  const unknown = sizes.find((size) => !productImports.isKnownPlantSize(size));
  if (unknown) return { reason: messages.unknownSize(unknown) };
  const common = listOf(cellOf(line, mapping, 'commonNames'), true);
  const trade = listOf(cellOf(line, mapping, 'tradeNames'), true);
  const patent = cellOf(line, mapping, 'patent');
  const [genus, species] = botanical.split(' ');
  return {
    primaryName: cultivar ? `${botanical} '${cultivar}'` : botanical,
    plant: true,
    secondaryName: common[0] ?? null,
    patentName: trade[0] ?? (patent || null),
    cultivar: cultivar || null,
    botanicalGenus: genus ?? null,
    botanicalSpecies: species && /^[a-z×x-]+$/.test(species) ? species : null,
    synonyms: [...common.slice(1), ...trade.slice(1), ...(trade.length > 0 && patent ? [patent] : [])],
    sizes,
  };
}

/** A hard goods line: a name, optional brand, category and unit, and its sizes or variants. */
export function parseHardGoodsLine(line: Pick<LineRow, 'cells'>, mapping: ImportMapping): Parsed {
  const name = cellOf(line, mapping, 'name').replace(/\s+/g, ' ');
  if (!name) return { reason: messages.nameRequired };
  const sizes = listOf(cellOf(line, mapping, 'sizes'), false);
  if (sizes.length === 0) return { reason: messages.sizesRequired };
  return {
    primaryName: name,
    plant: false,
    synonyms: [],
    sizes,
    unit: cellOf(line, mapping, 'unit') || null,
    brand: cellOf(line, mapping, 'brand') || null,
    category: cellOf(line, mapping, 'category') || null,
  };
}

const describeNone = async () => new Map();

/** Green goods: plants (botanical name, cultivar, common and trade names, patent, sizes) → products. */
export const greenGoodsKind: ImportKindHandler = {
  guessMapping: guessGreenGoodsMapping,
  mappingProblem: (mapping) =>
    mapping.botanicalName == null ? 'Choose the column with the botanical name' : null,
  preview: (db, job, lines) =>
    previewProducts(
      db,
      lines,
      lines.map((line) => parseGreenGoodsLine(line, job.mapping as ImportMapping)),
    ),
  matchLine: async () => {
    throw byHandRefused();
  },
  apply: (tx, _job, lines) => applyProducts(tx, lines),
  afterBulkApply: (db) => productImports.refreshProductStatistics(db),
  describeTargets: describeNone,
};

/** Hard goods: name, brand, category, unit and sizes → products. */
export const hardGoodsKind: ImportKindHandler = {
  guessMapping: guessHardGoodsMapping,
  mappingProblem: (mapping) => (mapping.name == null ? 'Choose the column with the product name' : null),
  preview: (db, job, lines) =>
    previewProducts(
      db,
      lines,
      lines.map((line) => parseHardGoodsLine(line, job.mapping as ImportMapping)),
    ),
  matchLine: async () => {
    throw byHandRefused();
  },
  apply: (tx, _job, lines) => applyProducts(tx, lines),
  afterBulkApply: (db) => productImports.refreshProductStatistics(db),
  describeTargets: describeNone,
};

function organizationOf(job: { organization_id: number | null }) {
  if (job.organization_id === null) throw new Error('product mapping import without an organisation');
  return job.organization_id;
}

/**
 * Product mapping: a supplier's SKU or name (and size) → a catalogue product and size. Stored in the
 * same product_mappings the availability upload remembers a by-hand match in, so that supplier's later
 * uploads resolve those lines by themselves.
 */
export const productMappingKind: ImportKindHandler = {
  guessMapping: guessProductMappingMapping,
  mappingProblem(mapping) {
    if (mapping.sku == null && mapping.name == null)
      return 'Choose the column with the SKU or the product name';
    if (mapping.catalogProduct == null) return 'Choose the column with the catalogue product';
    return null;
  },
  async preview(db, job, lines) {
    const mapping = job.mapping as ImportMapping;
    const organizationId = organizationOf(job);
    const [remembered, byName] = await Promise.all([
      inventory.productMappingsOf(db, organizationId),
      inventory.catalogSizesByName(
        db,
        lines.map((line) => cellOf(line, mapping, 'catalogProduct')),
      ),
    ]);
    const seen = new Set<string>();
    const writes = lines.map((line): LineWrite => {
      const sku = cellOf(line, mapping, 'sku');
      const name = cellOf(line, mapping, 'name');
      const size = cellOf(line, mapping, 'size');
      const product = cellOf(line, mapping, 'catalogProduct');
      const catalogSize = cellOf(line, mapping, 'catalogSize');
      if (!sku && !name) return invalid(line, messages.skuOrNameRequired);
      if (!product) return invalid(line, messages.catalogProductRequired);
      const sizes = byName.get(inventory.nameKey(product));
      if (!sizes) return invalid(line, messages.unknownProduct(product));
      const target = catalogSize
        ? sizes.get(inventory.sizeKey(catalogSize))
        : sizes.size === 1
          ? [...sizes.values()][0]
          : undefined;
      const productName = [...sizes.values()][0].primaryName;
      if (!target) {
        return invalid(
          line,
          catalogSize
            ? messages.unknownProductSize(catalogSize, productName)
            : messages.catalogSizeRequired(productName),
        );
      }
      const sourceKey = sourceKeyOf({ sku, name, size });
      const known = remembered.has(sourceKey) || seen.has(sourceKey);
      seen.add(sourceKey);
      return {
        id: line.id,
        outcome: known ? 'updated' : 'new',
        reason: null,
        sourceKey,
        targetId: target.productVariantId,
        suggestion: null,
        data: { productId: target.productId },
      };
    });
    return { writes, counts: {} };
  },
  matchLine: async () => {
    throw byHandRefused();
  },
  async apply(tx, job, lines) {
    const organizationId = organizationOf(job);
    for (const line of lines) {
      if (
        (line.outcome !== 'new' && line.outcome !== 'updated') ||
        !line.source_key ||
        line.target_id === null
      )
        continue;
      await inventory.saveProductMapping(
        tx,
        organizationId,
        line.source_key,
        Number(line.data?.productId),
        line.target_id,
      );
    }
    return {};
  },
  describeTargets: (db, ids) => inventory.catalogSizesById(db, ids),
};
