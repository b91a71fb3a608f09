import type { z } from 'zod';
import type {
  addListItemSchema,
  createHubsheetSchema,
  reorderListItemsSchema,
  updateHubsheetSchema,
  updateListItemSchema,
} from '../../../domain/hubsheets/hubsheet-schemas';
import type {
  CreatedHubsheet,
  HubsheetStatus,
  ListItemView,
  MatchingProgress,
} from '../../../domain/hubsheets/hubsheet-types';
import { readQuantity } from '../../../domain/hubsheets/line-reading';
import { learningKey } from '../../../domain/hubsheets/matching/learning-key';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import { listResponse } from '../../http/list';
import type { JobSender } from '../../jobs/job-queue';
import { recordEvent } from '../audit/audit.service';
import { matchColumns, matchListLines } from './hubsheet-matching';
import { inlineMatchingLimit, queueHubsheetMatching } from './hubsheet-matching-job';
import { buildHubsheetView, buildListItemViews, hubsheetSummary } from './hubsheet-view';
import * as repo from './hubsheets.repository';
import { importedLines, readableImportList } from './import-lists.service';

type CreateHubsheet = z.output<ReturnType<typeof createHubsheetSchema>>;
type UpdateHubsheet = z.output<ReturnType<typeof updateHubsheetSchema>>;
type AddListItem = z.output<typeof addListItemSchema>;
type UpdateListItem = z.output<typeof updateListItemSchema>;
type ReorderListItems = z.output<typeof reorderListItemsSchema>;

export const hubsheetNotFoundMessage = 'Hubsheet not found';
export const listItemNotFoundMessage = 'This line was not found. It may have been deleted.';
export const hubsheetChangedMessage =
  'This hubsheet was changed somewhere else (another tab or another person). We loaded the latest version; check it and make your change again.';
export const listItemChangedMessage =
  'This line was changed somewhere else (another tab or another person). We loaded the latest version; check it and make your change again.';
export const noProductLinesMessage =
  'None of the lines in this file has a product name in the column chosen for it. Check the columns and try again.';

const hubsheetNotFound = () =>
  new AppError('not_found', hubsheetNotFoundMessage, { code: 'hubsheet_not_found' });
const listItemNotFound = () =>
  new AppError('not_found', listItemNotFoundMessage, { code: 'list_item_not_found' });
const audit = (id: number) => ({ type: 'hubsheet', id });

/**
 * Hubsheets are shared inside the buyer's organisation, like carts; a user without an organisation
 * sees their own. Everyone else gets 404 so a hubsheet's existence does not leak.
 */
function canUse(caller: Caller, hubsheet: { userId: number | null; organizationId: number | null }) {
  return (
    hubsheet.userId === caller.user.id ||
    (hubsheet.organizationId !== null && hubsheet.organizationId === caller.user.organizationId)
  );
}

export async function hubsheetOrThrow(
  db: Executor,
  caller: Caller,
  id: number,
  options: { forUpdate?: boolean } = {},
) {
  const hubsheet = await repo.findHubsheet(db, id, options);
  if (!hubsheet || !canUse(caller, hubsheet)) throw hubsheetNotFound();
  return hubsheet;
}

async function listItemOrThrow(
  db: Executor,
  caller: Caller,
  id: number,
  options: { forUpdate?: boolean } = {},
) {
  const item = await repo.findListItem(db, id, options);
  if (!item) throw listItemNotFound();
  const hubsheet = await repo.findHubsheet(db, item.hubsheetId);
  if (!hubsheet || !canUse(caller, hubsheet)) throw listItemNotFound();
  return { item, hubsheet };
}

const supplyOf = (hubsheet: repo.HubsheetRow) => ({
  postalCode: hubsheet.postalCode,
  radiusRestriction: hubsheet.radiusRestriction,
  organizationId: hubsheet.organizationId,
});

/**
 * Creates a hubsheet: empty (scratch) or from an uploaded list. Lists of up to 200 lines are matched
 * before anything is written; longer lists are written with pending lines and matched in the
 * background. Either way the hubsheet and all its lines are written in one transaction.
 */
export async function createHubsheet(
  db: Db,
  caller: Caller,
  input: CreateHubsheet,
  jobs: JobSender,
): Promise<CreatedHubsheet> {
  const list = input.importListId === null ? null : await readableImportList(db, caller, input.importListId);
  const { lines, skippedLines } = list ? importedLines(list) : { lines: [], skippedLines: [] };
  if (list && lines.length === 0) {
    throw new AppError('unprocessable', noProductLinesMessage, { code: 'no_product_lines' });
  }
  const background = lines.length > inlineMatchingLimit;
  const results = background
    ? null
    : await matchListLines(
        db,
        caller.user.organizationId,
        lines.map((line) => ({ text: line.originalText, sizeText: line.sizeText, evidence: line.evidence })),
      );

  const { hubsheet, items } = await db.transaction(async (tx) => {
    const hubsheet = await repo.insertHubsheet(tx, {
      name: input.name,
      userId: caller.user.id,
      organizationId: caller.user.organizationId,
      postalCode: input.postalCode,
      radiusRestriction: input.radiusRestriction,
      jobDate: input.jobDate,
      importListId: list?.id ?? null,
      matchingState: background ? 'pending' : 'done',
    });
    const items = await repo.insertListItems(
      tx,
      lines.map((line, index) => ({
        hubsheetId: hubsheet.id,
        position: line.position,
        originalText: line.originalText,
        sizeText: line.sizeText,
        quantityText: line.quantityText,
        quantity: line.quantity,
        budgetPrice: line.budgetPrice,
        evidence: line.evidence,
        originalRow: line.originalRow,
        ...(results ? matchColumns(results[index]) : { matchState: 'pending' }),
      })),
    );
    await recordEvent(tx, actorOf(caller), audit(hubsheet.id), 'create', {
      name: hubsheet.name,
      importListId: list?.id ?? null,
      lines: items.length,
      skippedLines,
    });
    // The matching job exists only if the hubsheet does.
    if (background) await queueHubsheetMatching(jobs, hubsheet.id, tx);
    return { hubsheet, items };
  });
  const warnings =
    skippedLines.length > 0
      ? [
          `${skippedLines.length === 1 ? '1 line' : `${skippedLines.length} lines`} without a product name ${skippedLines.length === 1 ? 'was' : 'were'} left out (line ${skippedLines.slice(0, 20).join(', ')}${skippedLines.length > 20 ? ', …' : ''}).`,
        ]
      : [];
  const listItems = await buildListItemViews(db, items);
  return {
    id: hubsheet.id,
    listItems,
    matching: {
      state: hubsheet.matchingState as MatchingProgress['state'],
      matched: background ? 0 : items.length,
      total: items.length,
    },
    skippedLines,
    warnings,
  };
}

const sortFields = ['name', 'createdAt', 'updatedAt'] as const;
export type HubsheetSort = { field: (typeof sortFields)[number]; direction: 'asc' | 'desc' };

/** The HubSheets index: the organisation's hubsheets, newest change first, 20 a page. */
export async function listHubsheets(
  db: Executor,
  caller: Caller,
  query: { query?: string; sort?: HubsheetSort; page: number; perPage: number },
) {
  const rows = await repo.listHubsheets(db, {
    organizationId: caller.user.organizationId,
    userId: caller.user.id,
    query: query.query,
    sort: query.sort ?? { field: 'updatedAt', direction: 'desc' },
    page: query.page,
    perPage: query.perPage,
  });
  return listResponse(rows.map(hubsheetSummary), rows[0]?.total_count ?? 0, query.page, query.perPage);
}

export async function getHubsheet(db: Executor, caller: Caller, id: number) {
  return buildHubsheetView(db, await hubsheetOrThrow(db, caller, id));
}

/** How far background matching has got: a cheap call for the page to poll while a long list is matched. */
export async function getMatchingProgress(
  db: Executor,
  caller: Caller,
  id: number,
): Promise<MatchingProgress> {
  const hubsheet = await hubsheetOrThrow(db, caller, id);
  const progress = await repo.matchingProgress(db, hubsheet.id);
  return {
    state: hubsheet.matchingState as MatchingProgress['state'],
    matched: progress.matched,
    total: progress.total,
  };
}

/** The header's edits; with `version`, 409 when someone changed the hubsheet since it was loaded. */
export async function updateHubsheet(db: Db, caller: Caller, id: number, input: UpdateHubsheet) {
  const updated = await db.transaction(async (tx) => {
    const hubsheet = await hubsheetOrThrow(tx, caller, id, { forUpdate: true });
    const values = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.postalCode !== undefined ? { postalCode: input.postalCode } : {}),
      ...(input.status !== undefined ? { status: input.status as HubsheetStatus } : {}),
      ...(input.logisticsRate !== undefined ? { logisticsRate: input.logisticsRate } : {}),
      ...(input.radiusRestriction !== undefined ? { radiusRestriction: input.radiusRestriction } : {}),
      ...(input.jobDate !== undefined ? { jobDate: input.jobDate } : {}),
    };
    const row = await repo.updateHubsheet(tx, hubsheet.id, values, input.version);
    if (!row) throw new AppError('conflict', hubsheetChangedMessage, { code: 'stale_version' });
    await recordEvent(tx, actorOf(caller), audit(hubsheet.id), 'update', values);
    return row;
  });
  return buildHubsheetView(db, updated);
}

export async function deleteHubsheet(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const hubsheet = await hubsheetOrThrow(tx, caller, id, { forUpdate: true });
    await repo.deleteHubsheet(tx, hubsheet.id);
    await recordEvent(tx, actorOf(caller), audit(hubsheet.id), 'delete', { name: hubsheet.name });
  });
}

/** The quantity columns from what was typed: a number as is, text read ('10 ea' → 10, 'TBD' → none). */
function quantityColumns(value: number | string | null) {
  if (value === null) return { quantity: null, quantityText: null };
  if (typeof value === 'number') return { quantity: value, quantityText: String(value) };
  return { quantity: readQuantity(value), quantityText: value };
}

async function itemView(
  db: Executor,
  hubsheet: repo.HubsheetRow,
  row: repo.ListItemRow,
): Promise<ListItemView> {
  const [view] = await buildListItemViews(db, [row], { supply: supplyOf(hubsheet) });
  return view;
}

/** A line added by hand at the end of the list, matched at once. */
export async function addListItem(db: Db, caller: Caller, hubsheetId: number, input: AddListItem) {
  const hubsheet = await hubsheetOrThrow(db, caller, hubsheetId);
  const [result] = await matchListLines(db, hubsheet.organizationId, [
    { text: input.originalText, sizeText: input.sizeText, evidence: [] },
  ]);
  const row = await db.transaction(async (tx) => {
    const locked = await hubsheetOrThrow(tx, caller, hubsheetId, { forUpdate: true });
    const [inserted] = await repo.insertListItems(tx, [
      {
        hubsheetId: locked.id,
        position: await repo.nextPosition(tx, locked.id),
        originalText: input.originalText,
        sizeText: input.sizeText,
        ...quantityColumns(input.quantity ?? null),
        budgetPrice: input.budgetPrice ?? null,
        notes: input.notes,
        ...matchColumns(result),
      },
    ]);
    await repo.touchHubsheet(tx, locked.id);
    return inserted;
  });
  return itemView(db, hubsheet, row);
}

/**
 * Edits a line. A changed product text or size is matched again. Choosing a product (and size) marks
 * the line chosen by the user at 100, keeps the previous best among the alternatives, and remembers
 * the choice for the organisation (learned_matches), so the same text matches it at 100 next time.
 */
export async function updateListItem(db: Db, caller: Caller, id: number, input: UpdateListItem) {
  const current = await listItemOrThrow(db, caller, id);
  const text = input.originalText ?? current.item.originalText;
  const sizeText = input.sizeText !== undefined ? input.sizeText : current.item.sizeText;
  const lineChanged = text !== current.item.originalText || sizeText !== current.item.sizeText;
  const choosing = input.productId !== undefined;
  const result =
    lineChanged && !choosing
      ? (
          await matchListLines(db, current.hubsheet.organizationId, [
            { text, sizeText, evidence: current.item.evidence },
          ])
        )[0]
      : null;

  const row = await db.transaction(async (tx) => {
    const { item, hubsheet } = await listItemOrThrow(tx, caller, id, { forUpdate: true });
    if (input.version !== undefined && input.version !== item.version) {
      throw new AppError('conflict', listItemChangedMessage, { code: 'stale_version' });
    }
    const values: Partial<repo.NewListItem> = {
      originalText: text,
      sizeText,
      ...(input.quantity !== undefined ? quantityColumns(input.quantity) : {}),
      ...(input.budgetPrice !== undefined ? { budgetPrice: input.budgetPrice } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(result ? matchColumns(result) : {}),
    };
    if (choosing) {
      Object.assign(
        values,
        await chosenMatch(tx, item, input.productId as number, input.productVariantId ?? null),
      );
      if (hubsheet.organizationId !== null) {
        await repo.upsertLearnedMatch(tx, {
          organizationId: hubsheet.organizationId,
          textKey: learningKey({ text, sizeText }),
          productId: values.productId as number,
          productVariantId: values.productVariantId ?? null,
          userId: caller.user.id,
        });
      }
    }
    const updated = await repo.updateListItem(tx, item.id, values);
    await repo.touchHubsheet(tx, hubsheet.id);
    if (choosing) {
      await recordEvent(tx, actorOf(caller), audit(hubsheet.id), 'choose_match', {
        listItemId: item.id,
        productId: values.productId,
        productVariantId: values.productVariantId,
      });
    }
    return updated;
  });
  return itemView(db, current.hubsheet, row);
}

export const productNotFoundMessage = 'This product was not found in the catalogue.';
export const variantNotOfProductMessage = 'Choose one of the sizes of this product';

/** The columns of a line whose match the user chose; the previous best joins the alternatives. */
async function chosenMatch(
  db: Executor,
  item: repo.ListItemRow,
  productId: number,
  productVariantId: number | null,
) {
  const [product] = await repo.findProducts(db, [productId]);
  if (!product) {
    throw new AppError('invalid_data', productNotFoundMessage, {
      fields: { productId: productNotFoundMessage },
    });
  }
  if (productVariantId !== null) {
    const [variant] = await repo.findVariants(db, [productVariantId]);
    if (!variant || variant.product_id !== productId) {
      throw new AppError('invalid_data', variantNotOfProductMessage, {
        fields: { productVariantId: variantNotOfProductMessage },
      });
    }
  }
  const previous =
    item.productId !== null && item.productId !== productId
      ? [{ productId: item.productId, productVariantId: item.productVariantId, score: item.matchScore ?? 0 }]
      : [];
  const alternatives = [
    ...previous,
    ...item.alternatives.filter((alternative) => alternative.productId !== productId),
  ]
    .sort((a, b) => b.score - a.score)
    .slice(0, 5);
  return {
    productId,
    productVariantId,
    matchScore: 100,
    matchState: 'matched',
    chosenByUser: true,
    alternatives,
  } satisfies Partial<repo.NewListItem>;
}

export async function deleteListItem(db: Db, caller: Caller, id: number) {
  await db.transaction(async (tx) => {
    const { item, hubsheet } = await listItemOrThrow(tx, caller, id, { forUpdate: true });
    await repo.deleteListItem(tx, item.id);
    await repo.touchHubsheet(tx, hubsheet.id);
  });
}

/**
 * Puts the lines in the order given; lines left out keep their order after them. Every id must be a
 * line of this hubsheet.
 */
export async function reorderListItems(db: Db, caller: Caller, input: ReorderListItems) {
  return db.transaction(async (tx) => {
    const hubsheet = await hubsheetOrThrow(tx, caller, input.hubsheetId, { forUpdate: true });
    const existing = await repo.listItemsOf(tx, hubsheet.id);
    const ids = new Set(existing.map((item) => item.id));
    if (input.listItems.some((id) => !ids.has(id))) throw listItemNotFound();
    const given = [...new Set(input.listItems)];
    const rest = existing.map((item) => item.id).filter((id) => !given.includes(id));
    const ordered = [...given, ...rest];
    await repo.setPositions(tx, ordered);
    await repo.touchHubsheet(tx, hubsheet.id);
    return { listItems: ordered.map((id, index) => ({ id, position: index + 1 })) };
  });
}

/** The sizes the grid's size picker offers: of the line's matched product, or of `productId` (an alternative). */
export async function productSizeOptions(db: Db, caller: Caller, id: number, productId?: number) {
  const { item } = await listItemOrThrow(db, caller, id);
  const product = productId ?? item.productId;
  if (product === null) return { results: [] };
  const variants = await repo.variantsOfProduct(db, product);
  return { results: variants.map((variant) => ({ id: variant.id, size: variant.size })) };
}

/** The hubsheet matcher, for other modules' imports (the availability upload of issue 19). */
export { matchListLines } from './hubsheet-matching';
