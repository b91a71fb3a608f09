import { isAdmin } from '../../../domain/access';
import { imageOrderMessages } from '../../../domain/catalog/admin-products';
import type { ProductImageEntry } from '../../../domain/catalog/catalog-views';
import {
  maxPhotoBytes,
  maxPhotosPerUpload,
  photoDownloadName,
  photoMessages,
  photoTypeOf,
  productImagePathPrefix,
  readPictureTakenOn,
} from '../../../domain/catalog/product-photos';
import { actorOf, type Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError, forbiddenMessage } from '../../core/errors';
import * as productPhotos from '../../read-models/product-photos';
import type { FileStorage } from '../../storage/file-storage';
import * as audit from '../audit/audit.service';
import { type PhotoSize, resizePhoto } from './photo-sizes';
import * as repo from './product-images.repository';

export const productImageNotFoundMessage = 'Photo not found';
export const productNotFoundMessage = 'Product not found';
export const branchNotFoundMessage = 'Branch not found';
export const branchRequiredMessage = 'Choose the branch the photos were taken at';

export { productImagePathPrefix };
export const productImageUrl = (id: number) => `${productImagePathPrefix}${id}/file`;

const storagePrefix = 'product-images';

export type { ProductImageEntry };

const mayRemove = (caller: Caller | null, row: productPhotos.ProductImageRow) =>
  caller !== null &&
  (isAdmin(caller.user) || (row.supplier_id !== null && row.supplier_id === caller.user.organizationId));

function entryOf(row: productPhotos.ProductImageRow, caller: Caller | null): ProductImageEntry {
  const url = productImageUrl(row.id);
  // Each size is the file route with ?size=; a photo stored before the sizes existed answers its original.
  const sized = (size: PhotoSize) => ({
    url: `${url}?size=${size}`,
    containerFillUrl: `${url}?size=${size}`,
  });
  return {
    id: row.id,
    image: { url, small: sized('small'), mini: sized('mini') },
    productName: row.primary_name,
    pathIdentifier: row.path_identifier,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    branchName: row.branch_name,
    branchSlug: row.branch_slug,
    pictureTakenOn: row.picture_taken_on,
    updatedAt: new Date(row.updated_at).toISOString(),
    public: row.public,
    canRemove: mayRemove(caller, row),
  };
}

/** A product's public photos in display order, with whether the caller may remove each. */
export async function listProductImages(
  db: Executor,
  caller: Caller | null,
  productId: number,
): Promise<ProductImageEntry[]> {
  const rows = await productPhotos.listPublicProductImages(db, productId);
  return rows.map((row) => entryOf(row, caller));
}

export type PhotoUpload = {
  files: { filename: string; data: Buffer; truncated: boolean }[];
  fields: Record<string, string>;
};

/** The upload's files and fields checked, every problem at once under its field. */
function checkUpload(upload: PhotoUpload, today: string) {
  const fields: Record<string, string> = {};
  const photos: { filename: string; data: Buffer; contentType: string; extension: string }[] = [];
  if (upload.files.length === 0) fields.photos = photoMessages.photoRequired;
  else if (upload.files.length > maxPhotosPerUpload) fields.photos = photoMessages.tooMany;
  for (const file of upload.files) {
    if (fields.photos) break;
    if (file.truncated || file.data.length > maxPhotoBytes) fields.photos = photoMessages.tooLarge;
    else {
      const type = photoTypeOf(file.filename, file.data);
      if (!type) fields.photos = photoMessages.notAccepted;
      else photos.push({ filename: file.filename, data: file.data, ...type });
    }
  }
  const taken = readPictureTakenOn(upload.fields.pictureTakenOn, today);
  if (!taken.ok) fields.pictureTakenOn = taken.message;
  const publicText = upload.fields.public?.trim().toLowerCase();
  if (publicText !== 'true' && publicText !== 'false') fields.public = photoMessages.publicRequired;
  const branchText = upload.fields.branchId?.trim() ?? '';
  const branchId = /^\d{1,15}$/.test(branchText) ? Number(branchText) : null;
  if (branchText && branchId === null) fields.branchId = branchNotFoundMessage;
  return {
    fields,
    photos,
    pictureTakenOn: taken.ok ? taken.date : '',
    isPublic: publicText === 'true',
    branchId,
  };
}

/**
 * Adds photos of a product. A supplier adds photos of its own branch's stock (the branch is required
 * and must be its organisation's: another's answers 404); staff may name any branch or none. The
 * files are stored first and the rows written in one transaction; if that fails the files are removed.
 */
export async function addProductImages(
  db: Db,
  storage: FileStorage,
  caller: Caller,
  productId: number,
  upload: PhotoUpload,
  today: string,
  /** Runs in the photos' transaction with their ids (a photo request's reply, issue 16). */
  inTransaction?: (tx: Executor, photoIds: number[]) => Promise<void>,
): Promise<ProductImageEntry[]> {
  const product = await repo.findProductName(db, productId);
  if (!product) throw new AppError('not_found', productNotFoundMessage);
  const admin = isAdmin(caller.user);
  const supplier = caller.profile.branches.length > 0;
  if (!admin && !supplier) throw new AppError('forbidden', forbiddenMessage);
  const checked = checkUpload(upload, today);
  if (checked.branchId === null && !admin && !checked.fields.branchId)
    checked.fields.branchId = branchRequiredMessage;
  if (checked.branchId !== null) {
    const branch = await productPhotos.findBranchOwner(db, checked.branchId);
    if (!branch || (!admin && branch.organization_id !== caller.user.organizationId))
      throw new AppError('not_found', branchNotFoundMessage);
  }
  if (Object.keys(checked.fields).length > 0) {
    throw new AppError('invalid_data', Object.values(checked.fields)[0], { fields: checked.fields });
  }
  // Every stored file (to remove if the rows are not written), and per photo its original and sizes.
  const keys: string[] = [];
  const stored: { original: string; small: string | null; mini: string | null }[] = [];
  try {
    for (const photo of checked.photos) {
      const original = await storage.put(storagePrefix, photo.extension, photo.data);
      keys.push(original);
      const variants = { small: null as string | null, mini: null as string | null };
      for (const size of ['small', 'mini'] as const) {
        const resized = await resizePhoto(photo.data, size).catch(() => null);
        // A file sharp cannot read keeps only its original (the file route answers that for every size).
        if (resized) {
          variants[size] = await storage.put(storagePrefix, 'webp', resized);
          keys.push(variants[size]);
        }
      }
      stored.push({ original, ...variants });
    }
    const ids = await db.transaction(async (tx) => {
      // A new photo goes after the others, so the one staff put first stays the product's image.
      if (!(await repo.lockProduct(tx, productId))) throw new AppError('not_found', productNotFoundMessage);
      const after = await repo.nextImagePosition(tx, productId);
      const inserted = await repo.insertProductImages(
        tx,
        checked.photos.map((photo, position) => ({
          position: after + position,
          productId,
          branchId: checked.branchId,
          uploadedByUserId: caller.user.id,
          storageKey: stored[position].original,
          smallStorageKey: stored[position].small,
          miniStorageKey: stored[position].mini,
          contentType: photo.contentType,
          byteSize: photo.data.length,
          originalFilename: photo.filename.slice(0, 255),
          pictureTakenOn: checked.pictureTakenOn,
          public: checked.isPublic,
        })),
      );
      await refreshOwnImage(tx, productId);
      await audit.recordEvent(tx, actorOf(caller), { type: 'product', id: productId }, 'photos_added', {
        photoIds: inserted.map((row) => row.id),
        branchId: checked.branchId,
        public: checked.isPublic,
      });
      if (inTransaction)
        await inTransaction(
          tx,
          inserted.map((row) => row.id),
        );
      return inserted.map((row) => row.id);
    });
    return (await productPhotos.findProductImages(db, ids)).map((row) => entryOf(row, caller));
  } catch (error) {
    await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

/** The product's own image follows its first public photo (kept when it came with the catalogue). */
async function refreshOwnImage(db: Executor, productId: number) {
  const first = await repo.firstPublicImageId(db, productId);
  await repo.setProductImageUrl(
    db,
    productId,
    first === null ? null : productImageUrl(first),
    productImagePathPrefix,
  );
}

/**
 * Staff arrange a product's public photos: `imageIds` lists each of them once, first shown first (the
 * first becomes the product's image on tiles). A photo of another product, or none, answers 404;
 * a list that leaves one out, repeats one or names a private photo answers 422.
 */
export async function reorderProductImages(
  db: Db,
  caller: Caller,
  productId: number,
  imageIds: readonly number[],
): Promise<ProductImageEntry[]> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockProduct(tx, productId))) throw new AppError('not_found', productNotFoundMessage);
    const owners = await repo.findImageOwners(tx, [...new Set(imageIds)]);
    const known = new Map(owners.map((row) => [row.id, row]));
    if (imageIds.some((id) => known.get(id)?.product_id !== productId)) {
      throw new AppError('not_found', imageOrderMessages.notFound);
    }
    const current = await repo.listPublicImageIds(tx, productId);
    const listed = new Set(imageIds);
    if (
      listed.size !== imageIds.length ||
      listed.size !== current.length ||
      current.some((id) => !listed.has(id))
    ) {
      throw new AppError('unprocessable', imageOrderMessages.mismatch, { code: 'image_order_mismatch' });
    }
    await repo.setImagePositions(tx, productId, imageIds);
    await refreshOwnImage(tx, productId);
    await audit.recordEvent(tx, actorOf(caller), { type: 'product', id: productId }, 'photos_reordered', {
      photoIds: imageIds,
    });
  });
  return listProductImages(db, caller, productId);
}

/** A photo the caller may remove (its supplier's users and staff); anyone else gets 404. */
export async function removeProductImage(db: Db, storage: FileStorage, caller: Caller, id: number) {
  const row = await productPhotos.findProductImage(db, id);
  if (!row || !mayRemove(caller, row)) throw new AppError('not_found', productImageNotFoundMessage);
  await db.transaction(async (tx) => {
    await repo.deleteProductImage(tx, id);
    await refreshOwnImage(tx, row.product_id);
    await audit.recordEvent(tx, actorOf(caller), { type: 'product', id: row.product_id }, 'photo_removed', {
      photoId: id,
    });
  });
  await storage.remove(row.storage_key);
  for (const key of [row.small_storage_key, row.mini_storage_key]) if (key) await storage.remove(key);
}

/**
 * A photo's bytes: public ones for anyone, private ones for their supplier and staff (and, with
 * `party`, for a party of the photo request that holds it, checked by the caller).
 */
export async function readProductImageFile(
  db: Executor,
  storage: FileStorage,
  caller: Caller | null,
  id: number,
  size?: PhotoSize,
  options: { party?: boolean } = {},
) {
  const row = await productPhotos.findProductImage(db, id);
  const visible =
    row !== null &&
    (row.public ||
      options.party === true ||
      (caller !== null && (isAdmin(caller.user) || row.supplier_id === caller.user.organizationId)));
  const sizedKey = size === 'small' ? row?.small_storage_key : size === 'mini' ? row?.mini_storage_key : null;
  const key = sizedKey ?? row?.storage_key;
  const data = visible && key ? await storage.get(key) : null;
  if (!row || !data) throw new AppError('not_found', productImageNotFoundMessage);
  const extension = sizedKey ? 'webp' : (row.storage_key.split('.').pop() ?? 'jpg');
  return {
    data,
    contentType: sizedKey ? 'image/webp' : row.content_type,
    isPublic: row.public,
    downloadName: photoDownloadName(row.primary_name, extension),
  };
}
