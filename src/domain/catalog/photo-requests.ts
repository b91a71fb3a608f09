import { z } from 'zod';
import { recordIdSchema } from '../record-ids';

/** The texts of photo requests (issue 16; spec part 3 §2.5, §5). */
export const photoRequestTexts = {
  notListed: 'This branch does not list that item. Choose an item from its availability.',
  notFound: 'Photo request not found',
  featureOff: 'Photo requests are not available for your account.',
  buyerOnly: 'Photo requests are sent from a buyer company. Join or create a company first.',
  alreadyAnswered: 'Photos were already added to this request.',
  notUndoable: 'These photos can no longer be removed: the buyer has seen them.',
  notesTooLong: 'Limit notes to 2000 characters',
  messageTooLong: 'Limit message to 2000 characters',
  noActiveCart: 'Create a cart to order item',
  addedToCart: 'Added to Cart',
  metricsSource: 'Photo Request',
} as const;

export const photoRequestInputSchema = z.object({
  branchId: recordIdSchema('Choose a branch'),
  productVariantId: recordIdSchema('Choose an item'),
  notes: z
    .string()
    .trim()
    .max(2000, photoRequestTexts.notesTooLong)
    .optional()
    .transform((value) => value || null),
});

export const photoRequestViewSchema = z
  .object({
    id: z.number(),
    threadId: z.number(),
    branch: z.object({ id: z.number(), name: z.string() }),
    buyerOrganizationName: z.string(),
    productId: z.number(),
    pathIdentifier: z.string(),
    item: z.object({
      size: z.string().nullable(),
      primaryName: z.string(),
      secondaryName: z.string().nullable(),
      price: z.number().nullable(),
      characteristicsString: z.string(),
      productVariantId: z.number(),
      characteristicsKey: z.string(),
    }),
    notes: z.string().nullable(),
    createdAt: z.string(),
    respondedAt: z.string().nullable(),
    responseMessageId: z.number().nullable(),
    photos: z.array(z.object({ id: z.number(), fileUrl: z.string() })),
    pictureTakenOn: z.string().nullable(),
    public: z.boolean().nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'PhotoRequest' });
export type PhotoRequestView = z.infer<typeof photoRequestViewSchema>;

export const photoRequestCountsSchema = z
  .object({
    results: z.array(z.object({ branchId: z.number(), branchName: z.string(), count: z.number() })),
    total: z.number(),
  })
  .meta({ id: 'PhotoRequestCounts' });

/** Where a photo of a request is served to the request's parties (private ones too). */
export const photoRequestPhotoUrl = (requestId: number, photoId: number) =>
  `/api/v1/photo_requests/${requestId}/photos/${photoId}`;
