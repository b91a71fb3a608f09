import sharp from 'sharp';

/**
 * The size variants of a product photo (spec part 2 §3 Image: `small` for the product page and
 * larger tiles, `mini` for thumbnails), each fitted inside a square box without enlarging, as WebP.
 */
export const photoSizes = { small: 600, mini: 160 } as const;
export type PhotoSize = keyof typeof photoSizes;

/** The photo resized to one variant; an animated GIF keeps its first frame. */
export async function resizePhoto(data: Buffer, size: PhotoSize): Promise<Buffer> {
  const box = photoSizes[size];
  return sharp(data, { animated: false })
    .rotate()
    .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
