import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';
import { carts } from '../carts/carts.tables';
import { products, productVariants } from '../catalog/catalog.tables';
import { branches, organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/**
 * An uploaded spreadsheet, read into rows, waiting to become a hubsheet. The rows are kept whole (up
 * to 5,000 lines of text) so the mapping can change without a second upload and the download can hand
 * the buyer's own columns back.
 */
export const importLists = pgTable(
  'import_lists',
  {
    ...baseColumns(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id),
    filename: text('filename').notNull(),
    contentType: text('content_type'),
    byteSize: integer('byte_size').notNull(),
    headersIncluded: boolean('headers_included').notNull().default(true),
    originalHeaders: text('original_headers').array().notNull().default(sql`'{}'::text[]`),
    /** Every data row, each a list of cell texts. */
    rows: jsonb('rows').$type<string[][]>().notNull(),
    productNameIndex: smallint('product_name_index'),
    containerIndex: smallint('container_index'),
    quantityIndex: smallint('quantity_index'),
    budgetedPriceIndex: smallint('budgeted_price_index'),
    otherIndexes: smallint('other_indexes').array().notNull().default(sql`'{}'::smallint[]`),
  },
  (t) => [index('import_lists_user_idx').on(t.userId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A PDF or image of a plant list sent to the converter (IMAGE_CONVERTER): its bytes until the
 * conversion job has read them, the area the user drew, and the job's state; once done, the import
 * list it became.
 */
export const importImages = pgTable(
  'import_images',
  {
    ...baseColumns(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id),
    filename: text('filename').notNull(),
    contentType: text('content_type'),
    byteSize: integer('byte_size').notNull(),
    /** Emptied once converted. */
    data: bytea('data'),
    /** The table's area as fractions of the page: { x, y, width, height }; null: the whole page. */
    crop: jsonb('crop').$type<{ x: number; y: number; width: number; height: number }>(),
    status: text('status').notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    message: text('message'),
    importListId: bigint('import_list_id', { mode: 'number' }).references(() => importLists.id),
  },
  (t) => [
    index('import_images_user_idx').on(t.userId),
    check('import_images_status_check', sql`${t.status} in ('queued', 'processing', 'done', 'failed')`),
  ],
);

/** A buyer's material list: the lines of a job, matched to the catalogue and priced across suppliers. */
export const hubsheets = pgTable(
  'hubsheets',
  {
    ...baseColumns(),
    name: text('name').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    organizationId: bigint('organization_id', { mode: 'number' }).references(() => organizations.id),
    status: text('status').notNull().default('in_progress'),
    postalCode: text('postal_code'),
    /** Miles around the postal code to source from; null: any distance. */
    radiusRestriction: integer('radius_restriction'),
    jobDate: date('job_date', { mode: 'string' }),
    logisticsRate: numeric('logistics_rate', { precision: 12, scale: 2, mode: 'string' }),
    importListId: bigint('import_list_id', { mode: 'number' }).references(() => importLists.id, {
      onDelete: 'set null',
    }),
    /** Background matching of long lists: pending, running, done. */
    matchingState: text('matching_state').notNull().default('done'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('hubsheets_organization_updated_idx').on(t.organizationId, t.updatedAt),
    index('hubsheets_user_updated_idx').on(t.userId, t.updatedAt),
    check('hubsheets_status_check', sql`${t.status} in ('in_progress', 'ready_to_bid', 'ready_to_order')`),
    check('hubsheets_matching_state_check', sql`${t.matchingState} in ('pending', 'running', 'done')`),
  ],
);

/** One line of a hubsheet, as written in the buyer's list and as matched to the catalogue. */
export const listItems = pgTable(
  'list_items',
  {
    ...baseColumns(),
    hubsheetId: bigint('hubsheet_id', { mode: 'number' })
      .notNull()
      .references(() => hubsheets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    originalText: text('original_text').notNull(),
    sizeText: text('size_text'),
    quantityText: text('quantity_text'),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }),
    budgetPrice: numeric('budget_price', { precision: 12, scale: 2, mode: 'string' }),
    /** Text of the columns marked 'Other', used as evidence for the match. */
    evidence: text('evidence').array().notNull().default(sql`'{}'::text[]`),
    /** The whole source row, so the download hands back the buyer's own columns. */
    originalRow: text('original_row').array(),
    matchState: text('match_state').notNull().default('pending'),
    matchScore: smallint('match_score'),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, {
      onDelete: 'set null',
    }),
    productVariantId: bigint('product_variant_id', { mode: 'number' }).references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    /** Up to 5 other candidates: [{ productId, productVariantId, score }], best first. */
    alternatives: jsonb('alternatives')
      .$type<Array<{ productId: number; productVariantId: number | null; score: number }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    chosenByUser: boolean('chosen_by_user').notNull().default(false),
    chosenBranchId: bigint('chosen_branch_id', { mode: 'number' }).references(() => branches.id, {
      onDelete: 'set null',
    }),
    cartId: bigint('cart_id', { mode: 'number' }).references(() => carts.id, { onDelete: 'set null' }),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('list_items_hubsheet_position_idx').on(t.hubsheetId, t.position),
    check('list_items_match_state_check', sql`${t.matchState} in ('pending', 'matching', 'matched')`),
    check('list_items_match_score_check', sql`${t.matchScore} between 0 and 100`),
  ],
);

/**
 * What an organisation chose for a line's text before: the same text in its next list matches this
 * product at 100. The key is the matcher's normalised text (learningKey).
 */
export const learnedMatches = pgTable(
  'learned_matches',
  {
    ...baseColumns(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    textKey: text('text_key').notNull(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productVariantId: bigint('product_variant_id', { mode: 'number' }).references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
  },
  (t) => [uniqueIndex('learned_matches_org_text_idx').on(t.organizationId, t.textKey)],
);
