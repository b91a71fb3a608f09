import { describe, expect, it } from 'vitest';
import {
  photoDownloadName,
  photoMessages,
  photoTypeOf,
  readPictureTakenOn,
  sizedImageUrl,
} from './product-photos';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const gif = new TextEncoder().encode('GIF89a....');

describe('photoTypeOf', () => {
  it('reads GIF, PNG and JPEG from their first bytes when the name agrees', () => {
    expect(photoTypeOf('stock.png', png)).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(photoTypeOf('Stock.JPG', jpeg)).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(photoTypeOf('stock.jpeg', jpeg)?.contentType).toBe('image/jpeg');
    expect(photoTypeOf('stock.gif', gif)?.contentType).toBe('image/gif');
  });

  it('refuses other files, and a file whose name says something else', () => {
    expect(photoTypeOf('list.pdf', new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(photoTypeOf('fake.png', new TextEncoder().encode('<svg xmlns='))).toBeNull();
    expect(photoTypeOf('renamed.png', jpeg)).toBeNull();
    expect(photoTypeOf('noending', png)).toBeNull();
    expect(photoTypeOf('empty.png', new Uint8Array())).toBeNull();
  });
});

describe('readPictureTakenOn', () => {
  const today = '2026-11-22';
  it('takes MM/DD/YYYY and YYYY-MM-DD up to today', () => {
    expect(readPictureTakenOn('11/3/2026', today)).toEqual({ ok: true, date: '2026-11-03' });
    expect(readPictureTakenOn(' 2026-11-22 ', today)).toEqual({ ok: true, date: '2026-11-22' });
  });

  it('says what is wrong with a missing, malformed, impossible or future date', () => {
    expect(readPictureTakenOn('', today)).toEqual({ ok: false, message: photoMessages.dateRequired });
    expect(readPictureTakenOn(undefined, today)).toEqual({ ok: false, message: photoMessages.dateRequired });
    expect(readPictureTakenOn('Nov 3', today)).toEqual({ ok: false, message: photoMessages.dateInvalid });
    expect(readPictureTakenOn('02/30/2026', today)).toEqual({
      ok: false,
      message: photoMessages.dateInvalid,
    });
    expect(readPictureTakenOn('11/23/2026', today)).toEqual({
      ok: false,
      message: photoMessages.dateInFuture,
    });
  });
});

describe('photoDownloadName', () => {
  it('keeps letters, digits and spaces of the product name', () => {
    expect(photoDownloadName("Acer rubrum 'October Glory'", 'jpg')).toBe('Acer rubrum October Glory.jpg');
    expect(photoDownloadName('Holland Stone Paver (4x8) — 60mm', 'png')).toBe(
      'Holland Stone Paver 4x8 60mm.png',
    );
    expect(photoDownloadName('///', 'gif')).toBe('photo.gif');
  });
});

describe('sizedImageUrl', () => {
  it('asks an uploaded photo for its size and leaves other addresses as they are', () => {
    expect(sizedImageUrl('/api/v1/product_images/12/file', 'small')).toBe(
      '/api/v1/product_images/12/file?size=small',
    );
    expect(sizedImageUrl('/api/v1/product_images/12/file', 'mini')).toBe(
      '/api/v1/product_images/12/file?size=mini',
    );
    expect(sizedImageUrl('https://images.example.com/acer.jpg', 'mini')).toBe(
      'https://images.example.com/acer.jpg',
    );
    expect(sizedImageUrl('/api/v1/product_images/12/file?download=1', 'mini')).toBe(
      '/api/v1/product_images/12/file?download=1',
    );
  });
});
