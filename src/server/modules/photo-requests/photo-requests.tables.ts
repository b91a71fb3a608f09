import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns, timestamptz } from '../../db/columns';
import { products, productVariants } from '../catalog/catalog.tables';
import { messages, messageThreads } from '../messages/messages.tables';
import { branches, organizations } from '../organizations/organizations.tables';
import { users } from '../users/users.tables';

/** The item a photo request is about, copied when asked (spec part 3 §3 Photo request payload). */
export type PhotoRequestItem = {
  size: string | null;
  primaryName: string;
  secondaryName: string | null;
  price: number | null;
  characteristicsString: string;
  productVariantId: number;
  characteristicsKey: string;
};

/**
 * A buyer's request for photos of one line of a branch's availability (issue 16). It lives in its own
 * 'Photo Request' thread between the buyer's organisation and the branch's; the branch answers once
 * with photos (product_images rows, public ones also on the product page). Undoing the reply while it
 * may still be removed clears responded_at and removes its photos.
 */
export const photoRequests = pgTable(
  'photo_requests',
  {
    ...baseColumns(),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    requestMessageId: bigint('request_message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'set null',
    }),
    branchId: bigint('branch_id', { mode: 'number' })
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    supplierOrganizationId: bigint('supplier_organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    buyerOrganizationId: bigint('buyer_organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    requestedByUserId: bigint('requested_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productVariantId: bigint('product_variant_id', { mode: 'number' })
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    item: jsonb('item').$type<PhotoRequestItem>().notNull(),
    notes: text('notes'),
    respondedAt: timestamptz('responded_at'),
    responseMessageId: bigint('response_message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'set null',
    }),
    respondedByUserId: bigint('responded_by_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    photoIds: bigint('photo_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    pictureTakenOn: date('picture_taken_on', { mode: 'string' }),
    public: boolean('public'),
    replyMessage: text('reply_message'),
  },
  (t) => [
    index('photo_requests_branch_open_idx').on(t.branchId).where(sql`${t.respondedAt} is null`),
    index('photo_requests_thread_idx').on(t.threadId),
  ],
);
