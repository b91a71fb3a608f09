import { isAdmin } from '../../../domain/access';
import {
  type PhotoRequestView,
  photoRequestPhotoUrl,
  photoRequestTexts,
} from '../../../domain/catalog/photo-requests';
import { flagsForUser } from '../../../domain/features';
import { formatMoney } from '../../../domain/money';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import type { AppDeps } from '../../core/deps';
import { AppError } from '../../core/errors';
import * as model from '../../read-models/photo-requests';
import type { FileStorage } from '../../storage/file-storage';
import * as audit from '../audit/audit.service';
import * as photos from '../catalog/product-images.service';
import * as features from '../features/features.service';
import * as messageFeed from '../messages/message-feed.service';
import * as messages from '../messages/messages.service';
import * as repo from './photo-requests.repository';

const notFound = () => new AppError('not_found', photoRequestTexts.notFound);
const iso = (value: Date | string) => new Date(value).toISOString();

function view(row: model.PhotoRequestRow): PhotoRequestView {
  return {
    id: row.id,
    threadId: row.thread_id,
    branch: { id: row.branch_id, name: row.branch_name },
    buyerOrganizationName: row.buyer_organization_name,
    productId: row.product_id,
    pathIdentifier: row.path_identifier,
    item: row.item,
    notes: row.notes,
    createdAt: iso(row.created_at),
    respondedAt: row.responded_at ? iso(row.responded_at) : null,
    responseMessageId: row.response_message_id,
    photos: row.photo_ids.map((id) => ({ id, fileUrl: photoRequestPhotoUrl(row.id, id) })),
    pictureTakenOn: row.picture_taken_on,
    public: row.public,
    message: row.reply_message,
  };
}

/** Which side of the request the caller is on: the asking organisation, the branch's, staff, or none (404). */
function sideOf(caller: Caller, row: { buyer_organization_id: number; supplier_organization_id: number }) {
  if (isAdmin(caller.user)) return 'admin' as const;
  if (caller.user.organizationId === row.supplier_organization_id) return 'supplier' as const;
  if (caller.user.organizationId === row.buyer_organization_id) return 'buyer' as const;
  return null;
}

async function readableRequest(db: Executor, caller: Caller, id: number) {
  const row = await model.findPhotoRequest(db, id);
  const side = row && sideOf(caller, row);
  if (!row || !side) throw notFound();
  return { row, side };
}

export async function getPhotoRequest(db: Executor, caller: Caller, id: number) {
  return view((await readableRequest(db, caller, id)).row);
}

async function photoRequestOnFor(deps: Pick<AppDeps, 'features'>, caller: Caller) {
  return features.isEnabled(deps.features, 'PHOTO_REQUEST', {
    userId: caller.user.id,
    organizationId: caller.user.organizationId,
    flags: flagsForUser({
      admin: isAdmin(caller.user),
      supplier: (caller.profile?.branches.length ?? 0) > 0,
      activated: caller.user.activated,
    }),
  });
}

/**
 * POST /api/v1/photo_requests (PHOTO_REQUEST): a buyer asks a branch for photos of one size it lists.
 * A 'Photo Request' thread between the two organisations gets the photo_request message with the item
 * (size, names, price, characteristics) and notes. 422 when the branch does not list the size.
 */
export async function createPhotoRequest(
  db: Db,
  deps: Pick<AppDeps, 'features'>,
  caller: Caller,
  input: { branchId: number; productVariantId: number; notes: string | null },
) {
  if (!(await photoRequestOnFor(deps, caller))) throw new AppError('forbidden', photoRequestTexts.featureOff);
  const organizationId = caller.user.organizationId;
  if (organizationId === null) throw new AppError('unprocessable', photoRequestTexts.buyerOnly);
  const listing = await model.findListing(db, input.branchId, input.productVariantId);
  if (!listing)
    throw new AppError('unprocessable', photoRequestTexts.notListed, {
      code: 'not_listed',
      fields: { productVariantId: photoRequestTexts.notListed },
    });
  const characteristicsString = listing.characteristics.length
    ? listing.characteristics.join(', ')
    : '(Above Ground)';
  const item = {
    size: listing.size,
    primaryName: listing.primary_name,
    secondaryName: listing.secondary_name,
    price: listing.base_price,
    characteristicsString,
    productVariantId: listing.product_variant_id,
    characteristicsKey: listing.characteristics_key,
  };
  const id = await db.transaction(async (tx) => {
    const { threadId } = await messages.openRequestThread(tx, {
      label: 'Photo Request',
      subjectType: 'branch',
      subjectLine: `Photo request: ${listing.primary_name} ${listing.size}`,
      searchText: [listing.primary_name, listing.secondary_name, listing.size, listing.branch_name]
        .filter(Boolean)
        .join(' '),
      branchId: listing.branch_id,
      buyerOrganizationId: organizationId,
      supplierOrganizationId: listing.supplier_organization_id,
      requestedByUserId: caller.user.id,
    });
    const request = await repo.insertPhotoRequest(tx, {
      threadId,
      branchId: listing.branch_id,
      supplierOrganizationId: listing.supplier_organization_id,
      buyerOrganizationId: organizationId,
      requestedByUserId: caller.user.id,
      productId: listing.product_id,
      productVariantId: listing.product_variant_id,
      item,
      notes: input.notes,
    });
    const { messageId } = await messages.postRequestEvent(tx, threadId, {
      type: 'photo_request',
      content: [
        `Please send photos of ${listing.primary_name} ${listing.size} ${characteristicsString}${item.price !== null ? ` (${formatMoney(item.price)})` : ''} at ${listing.branch_name}.`,
        input.notes ? `Notes: ${input.notes}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      senderUserId: caller.user.id,
      to: ['supplier'],
      event: {
        kind: 'organizationEvent',
        name: 'photo_request',
        payload: { photoRequestId: request.id, item, notes: input.notes, branchId: listing.branch_id },
      },
    });
    await repo.updatePhotoRequest(tx, request.id, { requestMessageId: messageId });
    return request.id;
  });
  return getPhotoRequest(db, caller, id);
}

/**
 * POST /api/v1/photo_requests/{id}/replies: the branch's organisation (or an admin) answers with photos
 * under part 3 §5's rules (every field's message at once, nothing stored otherwise). The photos join
 * the product's photos (public ones show on the product page) and the photo_request_response message
 * goes to the asking organisation, in one transaction. 409 once answered.
 */
export async function replyWithPhotos(
  db: Db,
  storage: FileStorage,
  caller: Caller,
  id: number,
  upload: photos.PhotoUpload,
  today: string,
) {
  const { row, side } = await readableRequest(db, caller, id);
  if (side === 'buyer') throw notFound();
  if (row.responded_at)
    throw new AppError('conflict', photoRequestTexts.alreadyAnswered, { code: 'already_answered' });
  const message = (upload.fields.message ?? '').trim();
  if (message.length > 2000)
    throw new AppError('invalid_data', photoRequestTexts.messageTooLong, {
      fields: { message: photoRequestTexts.messageTooLong },
    });
  await photos.addProductImages(
    db,
    storage,
    caller,
    row.product_id,
    { files: upload.files, fields: { ...upload.fields, branchId: String(row.branch_id) } },
    today,
    async (tx, photoIds) => {
      const locked = await repo.lockPhotoRequest(tx, id);
      if (!locked || locked.respondedAt)
        throw new AppError('conflict', photoRequestTexts.alreadyAnswered, { code: 'already_answered' });
      const isPublic = upload.fields.public?.trim().toLowerCase() === 'true';
      const count = photoIds.length;
      const { messageId } = await messages.postRequestEvent(tx, row.thread_id, {
        type: 'photo_request_response',
        content: [
          `${count} photo${count === 1 ? '' : 's'} of ${row.item.primaryName} ${row.item.size ?? ''} from ${row.branch_name}.`,
          message || null,
        ]
          .filter(Boolean)
          .join('\n'),
        senderUserId: caller.user.id,
        to: ['buyer'],
        event: {
          kind: 'organizationEvent',
          name: 'photo_request_response',
          payload: {
            photoRequestId: id,
            item: row.item,
            branchId: row.branch_id,
            photoRequestImageIds: photoIds,
            public: isPublic,
          },
        },
      });
      await repo.updatePhotoRequest(tx, id, {
        respondedAt: new Date(),
        responseMessageId: messageId,
        respondedByUserId: caller.user.id,
        photoIds,
        pictureTakenOn: null,
        public: isPublic,
        replyMessage: message || null,
      });
      await audit.recordEvent(tx, actorOf(caller), { type: 'photo_request', id }, 'answered', { photoIds });
    },
  );
  return getPhotoRequest(db, caller, id);
}

/**
 * DELETE /api/v1/photo_requests/{id}/replies ('Undo'): the branch's organisation (or an admin) takes the
 * reply back while the asking organisation has not read it: the message and its photos go, and the
 * request is open again. 409 once it was read.
 */
export async function undoReply(db: Db, storage: FileStorage, caller: Caller, id: number) {
  const { row, side } = await readableRequest(db, caller, id);
  if (side === 'buyer') throw notFound();
  if (!row.responded_at || row.response_message_id === null) throw notFound();
  const detail = await messageFeed.threadFeed(db, caller, row.thread_id);
  const reply = detail.results.find((message) => message.id === row.response_message_id);
  if (!reply?.actions.some((action) => action.target === 'photo_undo'))
    throw new AppError('conflict', photoRequestTexts.notUndoable, { code: 'not_undoable' });
  await db.transaction(async (tx) => {
    await messages.removeRequestMessage(tx, row.thread_id, row.response_message_id as number);
    await repo.updatePhotoRequest(tx, id, {
      respondedAt: null,
      responseMessageId: null,
      respondedByUserId: null,
      photoIds: [],
      public: null,
      replyMessage: null,
    });
    await audit.recordEvent(tx, actorOf(caller), { type: 'photo_request', id }, 'reply_undone', {});
  });
  for (const photoId of row.photo_ids)
    await photos.removeProductImage(db, storage, caller, photoId).catch(() => undefined);
  return getPhotoRequest(db, caller, id);
}

/** A photo of a request for its parties (private ones too); 404 for anyone else. */
export async function readRequestPhoto(
  db: Executor,
  storage: FileStorage,
  caller: Caller,
  id: number,
  photoId: number,
  size?: 'small' | 'mini',
) {
  const { row } = await readableRequest(db, caller, id);
  if (!row.photo_ids.includes(photoId)) throw notFound();
  return photos.readProductImageFile(db, storage, caller, photoId, size, { party: true });
}

/** GET /api/v1/photo_requests/count_by_branch: open requests per branch of the caller's organisation. */
export async function countByBranch(db: Executor, caller: Caller) {
  if (caller.user.organizationId === null) return { results: [], total: 0 };
  const rows = await model.openCountsByBranch(db, caller.user.organizationId);
  return {
    results: rows.map((r) => ({ branchId: r.branch_id, branchName: r.branch_name, count: r.count })),
    total: rows.reduce((sum, r) => sum + r.count, 0),
  };
}
