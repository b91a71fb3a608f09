/**
 * Rules for photos of products (spec part 3 §7 'Photo reply', part 2 §2 'Image lightbox'): which
 * files are accepted, the date they were taken, and the name a downloaded photo gets.
 */

export const photoMessages = {
  photoRequired: 'Please upload at least one photo',
  dateRequired: 'Date Taken is required',
  dateInvalid: 'Invalid Date. Please make sure date is in the following format MM/DD/YYYY',
  dateInFuture: 'Date Taken cannot be in the future',
  publicRequired: 'Choose whether the photos are public',
  notAccepted: 'File not accepted - please ensure it is one of the accepted formats',
  tooLarge: 'Each photo must be 10 MB or smaller',
  tooMany: 'Upload at most 10 photos at a time',
} as const;

/** Where a photo's file is served; a product's own image that begins with this is one of its photos. */
export const productImagePathPrefix = '/api/v1/product_images/';

export const maxPhotoBytes = 10 * 1024 * 1024;
export const maxPhotosPerUpload = 10;

/** The file name endings accepted, as the file picker offers them. */
export const acceptedPhotoExtensions = ['.gif', '.png', '.jpeg', '.jpg'] as const;

/** The photo types kept and served, by the media type their bytes show. */
export const photoContentTypes = ['image/gif', 'image/png', 'image/jpeg'] as const;

/**
 * A product image's address in one of the spec's sizes: uploaded photos (served by
 * /api/v1/product_images/{id}/file) have `small` and `mini` variants; other addresses (the
 * catalogue's own images) are returned as they are.
 */
export function sizedImageUrl(url: string, size: 'small' | 'mini'): string {
  return /^\/api\/v1\/product_images\/\d+\/file$/.test(url) ? `${url}?size=${size}` : url;
}

export type PhotoType = { contentType: (typeof photoContentTypes)[number]; extension: string };

const startsWith = (data: Uint8Array, bytes: number[]) => bytes.every((byte, i) => data[i] === byte);

/**
 * The photo's type read from its first bytes, or null when it is not a GIF, PNG or JPEG: the name's
 * ending must agree too, so a renamed file is refused rather than served as something it is not.
 */
export function photoTypeOf(fileName: string, data: Uint8Array): PhotoType | null {
  const ending = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  let type: PhotoType | null = null;
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38])) type = { contentType: 'image/gif', extension: 'gif' };
  else if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    type = { contentType: 'image/png', extension: 'png' };
  else if (startsWith(data, [0xff, 0xd8, 0xff])) type = { contentType: 'image/jpeg', extension: 'jpg' };
  if (!type) return null;
  const endings = type.extension === 'jpg' ? ['jpg', 'jpeg'] : [type.extension];
  return endings.includes(ending) ? type : null;
}

/**
 * The date a photo was taken as YYYY-MM-DD, from MM/DD/YYYY (what the form shows) or YYYY-MM-DD;
 * refused when missing, not a real day, or after `today` (the user's own day, YYYY-MM-DD).
 */
export function readPictureTakenOn(
  value: string | undefined,
  today: string,
): { ok: true; date: string } | { ok: false; message: string } {
  const text = value?.trim() ?? '';
  if (!text) return { ok: false, message: photoMessages.dateRequired };
  const us = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  const iso = text.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  const [year, month, day] = us
    ? [Number(us[3]), Number(us[1]), Number(us[2])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day;
  if (!real) return { ok: false, message: photoMessages.dateInvalid };
  const formatted = date.toISOString().slice(0, 10);
  if (formatted > today) return { ok: false, message: photoMessages.dateInFuture };
  return { ok: true, date: formatted };
}

/** A downloaded photo's file name: the product's name reduced to letters, digits and spaces. */
export function photoDownloadName(productName: string, extension: string): string {
  const base = productName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base || 'photo'}.${extension}`;
}
