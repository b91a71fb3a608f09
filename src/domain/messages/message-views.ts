import { z } from 'zod';
import { recordIdSchema } from '../record-ids';
import {
  maxBulkIds,
  maxMessageLength,
  messageLabels,
  messageTexts,
  messageTypes,
  messageViews,
  responseStatuses,
} from './message-types';

const organizationRef = z
  .object({ id: z.number(), name: z.string(), logoUrl: z.string().nullable() })
  .meta({ id: 'MessageOrganization' });
const senderSchema = z
  .object({
    fullName: z.string(),
    firstName: z.string(),
    admin: z.boolean(),
    externalTitle: z.string().nullable(),
  })
  .meta({ id: 'MessageSender' });

/** The event a message reports (spec part 3 §3: cartEvent, orderEvent, organizationEvent, branchEvent). */
export const messageEventSchema = z
  .object({
    kind: z.enum(['orderEvent', 'cartEvent', 'organizationEvent', 'branchEvent']),
    name: z.string(),
    eventPayload: z.record(z.string(), z.unknown()),
    version: z.number().nullable(),
    createdAt: z.string(),
    respondedAt: z.string().nullable(),
  })
  .meta({ id: 'MessageEvent' });

/** One row of the inbox: a thread, shown by its latest message in the view. */
export const messageListItemSchema = z
  .object({
    id: z.number(),
    threadId: z.number(),
    messageType: z.enum(messageTypes),
    messageLabel: z.enum(messageLabels),
    responseStatus: z.enum(responseStatuses),
    content: z.string(),
    createdAt: z.string(),
    subjectLine: z.string(),
    /** To (in Sent) or From (elsewhere), as the row shows it. */
    toFrom: z.string(),
    sender: senderSchema.nullable(),
    sendingOrganization: organizationRef.nullable(),
    order: z.object({ id: z.number(), orderNumber: z.string(), name: z.string() }).nullable(),
    cart: z.object({ id: z.number(), cartNumber: z.string(), name: z.string() }).nullable(),
    branch: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
    assignedToUser: z.object({ id: z.number(), fullName: z.string() }).nullable(),
    requestedBy: z.object({ id: z.number(), fullName: z.string() }).nullable(),
    threadCount: z.number(),
    archived: z.boolean(),
    event: messageEventSchema.nullable(),
  })
  .meta({ id: 'MessageListItem' });
export type MessageListItem = z.infer<typeof messageListItemSchema>;

export const messageListSchema = z
  .object({
    results: z.array(messageListItemSchema),
    totalCount: z.number(),
    currentPage: z.number(),
    totalPages: z.number(),
  })
  .meta({ id: 'MessageList' });

const optionalId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/** GET /api/v1/messages (spec part 3 §3 Message filters, §7.3). */
export const messageListQuerySchema = z.object({
  view: z.enum(messageViews, { error: `Choose a view: ${messageViews.join(', ')}` }).default('inbox'),
  query: z.string().trim().max(200, { error: 'Limit query to 200 characters' }).optional(),
  messageLabel: z.enum(messageLabels, { error: `Choose a label: ${messageLabels.join(', ')}` }).optional(),
  messageType: z.enum(messageTypes, { error: 'Choose a message type' }).optional(),
  response_status: z.enum(responseStatuses).optional(),
  page: z.coerce.number().int().min(1, { error: 'Page must be 1 or more' }).default(1),
  perPage: z.coerce.number().int().min(1).max(100, { error: 'perPage must be 100 or less' }).optional(),
  per_page: z.coerce.number().int().min(1).max(100, { error: 'per_page must be 100 or less' }).optional(),
  requestedByUserId: optionalId,
  branchId: optionalId,
  assignedToUserId: optionalId,
  fields: z.union([z.string(), z.array(z.string())]).optional(),
});

export const unreadCountsSchema = z
  .object({ freight: z.number(), photo: z.number(), order: z.number(), total: z.number() })
  .meta({ id: 'UnreadMessageCounts' });
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

const idList = (required: string, tooMany: string) =>
  z.array(recordIdSchema()).min(1, { error: required }).max(maxBulkIds, { error: tooMany });

export const bulkUpdateSchema = z
  .object({
    ids: idList(messageTexts.idsRequired, messageTexts.tooManyIds),
    responseStatus: z.enum(responseStatuses, { error: 'Choose read or unread' }),
  })
  .meta({ id: 'MessageBulkUpdate' });

export const threadIdsSchema = z
  .object({ threadIds: idList(messageTexts.threadsRequired, messageTexts.tooManyThreads) })
  .meta({ id: 'MessageThreadIds' });

export const replySchema = z
  .object({
    content: z
      .string({ error: messageTexts.contentRequired })
      .trim()
      .min(1, { error: messageTexts.contentRequired })
      .max(maxMessageLength, { error: messageTexts.contentTooLong }),
  })
  .meta({ id: 'MessageReply' });

export const assignOwnerSchema = z
  .object({ userId: recordIdSchema('Choose a staff member').nullable() })
  .meta({ id: 'MessageThreadOwner' });

export const messageAttachmentSchema = z
  .object({
    id: z.number(),
    filename: z.string(),
    contentType: z.string(),
    byteSize: z.number(),
    image: z.boolean(),
  })
  .meta({ id: 'MessageAttachment' });

/** A call to action under a message: where it leads, or disabled once answered. */
export const messageActionSchema = z
  .object({
    label: z.string(),
    target: z
      .enum(['order', 'cart', 'freight_estimate', 'photo_reply', 'photo_undo', 'add_to_cart'])
      .nullable(),
    disabled: z.boolean(),
    /** The freight or photo request the action answers (issue 16). */
    resourceId: z.number().optional(),
  })
  .meta({ id: 'MessageAction' });
export type MessageAction = z.infer<typeof messageActionSchema>;

export const feedMessageSchema = z
  .object({
    id: z.number(),
    threadId: z.number(),
    messageType: z.enum(messageTypes),
    responseStatus: z.enum(responseStatuses),
    mine: z.boolean(),
    content: z.string(),
    createdAt: z.string(),
    sender: senderSchema.nullable(),
    sendingOrganization: organizationRef.nullable(),
    /** The organisation name, or the external title for staff (spec part 3 §2.5). */
    organizationLine: z.string(),
    messageAttachments: z.array(messageAttachmentSchema),
    /** The photos of a photo reply (spec part 3 §3 photoRequestImages). */
    photoRequestImages: z.array(
      z.object({ id: z.number(), fileUrl: z.string(), pictureTakenOn: z.string(), public: z.boolean() }),
    ),
    event: messageEventSchema.nullable(),
    actions: z.array(messageActionSchema),
  })
  .meta({ id: 'FeedMessage' });
export type FeedMessage = z.infer<typeof feedMessageSchema>;

export const messageThreadSchema = z
  .object({
    id: z.number(),
    subjectType: z.enum(['order', 'cart', 'organization', 'branch']),
    subjectLine: z.string(),
    label: z.enum(messageLabels),
    archived: z.boolean(),
    order: z.object({ id: z.number(), orderNumber: z.string(), name: z.string() }).nullable(),
    cart: z.object({ id: z.number(), cartNumber: z.string(), name: z.string() }).nullable(),
    parties: z.array(z.string()),
    assignedToUser: z.object({ id: z.number(), fullName: z.string() }).nullable(),
    canAssign: z.boolean(),
    canReply: z.boolean(),
  })
  .meta({ id: 'MessageThread' });

export const threadFeedSchema = z
  .object({ thread: messageThreadSchema, results: z.array(feedMessageSchema) })
  .meta({ id: 'MessageThreadFeed' });
export type ThreadFeed = z.infer<typeof threadFeedSchema>;

export const filterOptionsSchema = z
  .object({
    requestedBy: z.array(z.object({ id: z.number(), fullName: z.string() })),
    branches: z.array(z.object({ id: z.number(), name: z.string() })),
    assignees: z.array(z.object({ id: z.number(), fullName: z.string() })),
  })
  .meta({ id: 'MessageFilterOptions' });
