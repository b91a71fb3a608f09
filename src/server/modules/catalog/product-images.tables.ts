import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { baseColumns } from '../../db/columns';
import { branches } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';
import { products } from './catalog.tables';

/** The image types a photo may be (part 3 §7: gif, png, jpeg). */
export const productImageTypes = ['image/gif', 'image/png', 'image/jpeg'] as const;

/**
 * Photos of a product, most often a supplier's picture of its own stock at a branch. The file lives
 * in the upload storage under `storageKey`; public photos show on the product page and its tiles.
 */
export const productImages = pgTable(
  'product_images',
  {
    ...baseColumns(),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    branchId: bigint('branch_id', { mode: 'number' }).references(() => branches.id, { onDelete: 'set null' }),
    uploadedByUserId: bigint('uploaded_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    originalFilename: text('original_filename').notNull(),
    pictureTakenOn: date('picture_taken_on', { mode: 'string' }).notNull(),
    public: boolean('public').notNull(),
    /** The spec's size variants (part 2 §3 Image), WebP, made on upload: null for older photos. */
    smallStorageKey: text('small_storage_key'),
    miniStorageKey: text('mini_storage_key'),
    /** Display order among the product's photos (staff arrange it; a new photo goes last); ties by created_at. */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_images_storage_key_idx').on(t.storageKey),
    index('product_images_product_idx').on(t.productId, t.position, t.createdAt),
    check(
      'product_images_content_type_check',
      sql`${t.contentType} in (${sql.raw(productImageTypes.map((type) => `'${type}'`).join(', '))})`,
    ),
    check('product_images_byte_size_check', sql`${t.byteSize} > 0`),
  ],
);
