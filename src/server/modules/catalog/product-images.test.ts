import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoMessages } from '../../../domain/catalog/product-photos';
import { fixedClock } from '../../core/clock';
import { insertProduct } from '../../test/catalog-factories';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { createTestApp } from '../../test/test-app';
import { products } from './catalog.tables';
import { productImages } from './product-images.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
let supplierToken: string;
let otherSupplierToken: string;
let buyerToken: string;
let adminToken: string;
let branchId: number;
let otherBranchId: number;

// The smallest real files of each kind (a 1×1 PNG and GIF; a JPEG's header is enough to sniff).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hedgerow-photos-'));
  // The photos' dates below are read against this day, whatever day the suite runs.
  t = await createTestApp({ config: { dataDir }, clock: fixedClock('2026-11-22T15:00:00Z') });
  const supplier = await insertOrganization(t.db, { name: 'Photo Nursery' });
  branchId = (await insertBranch(t.db, supplier.id, { name: 'Photo Nursery - Yard' })).id;
  supplierToken = await tokenFor(t.db, (await insertUser(t.db, { organizationId: supplier.id })).id);
  const other = await insertOrganization(t.db);
  otherBranchId = (await insertBranch(t.db, other.id)).id;
  otherSupplierToken = await tokenFor(t.db, (await insertUser(t.db, { organizationId: other.id })).id);
  const buyerOrganization = await insertOrganization(t.db);
  buyerToken = await tokenFor(t.db, (await insertUser(t.db, { organizationId: buyerOrganization.id })).id);
  adminToken = await tokenFor(t.db, (await insertUser(t.db, { roles: ['admin'] })).id);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Photo = { filename: string; data: Buffer };

function upload(
  productId: number,
  token: string,
  photos: Photo[],
  fields: Record<string, string> = {
    pictureTakenOn: '11/02/2026',
    public: 'true',
    branchId: String(branchId),
  },
) {
  const { payload, contentType } = multipartForm(
    photos.map((photo) => ({ field: 'photos', ...photo })),
    fields,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/products/${productId}/images`,
    headers: { ...bearer(token), 'content-type': contentType, 'x-client-date': '2026-11-22' },
    payload,
  });
}

const storedFiles = async () =>
  (await fs.readdir(path.join(dataDir, 'uploads', 'product-images')).catch(() => [])).length;

describe('product photos', () => {
  it("a supplier adds photos of its branch's stock; they show on the product, its tiles and as files", async () => {
    const product = await insertProduct(t.db, { primaryName: "Acer rubrum 'Photo Glory'" });
    const response = await upload(product.id, supplierToken, [
      { filename: 'yard.png', data: png },
      { filename: 'row.JPG', data: jpeg },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { results } = response.json();
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({
      productName: "Acer rubrum 'Photo Glory'",
      branchName: 'Photo Nursery - Yard',
      supplierName: 'Photo Nursery',
      pictureTakenOn: '2026-11-02',
      public: true,
      canRemove: true,
    });

    // The product page lists them in the order they came; the product's own image is the first.
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` });
    const urls = page.json().productImages.map((entry: { image: { url: string } }) => entry.image.url);
    expect(urls).toHaveLength(2);
    const [own] = await t.db
      .select({ imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, product.id));
    expect(own.imageUrl).toBe(urls[0]);

    // The file is served to anyone, as what it is; a download is named after the product.
    const file = await t.app.inject({ method: 'GET', url: results[0].image.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: `${results[0].image.url}?download=1` });
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="Acer rubrum Photo Glory.png"',
    );

    // Anonymous viewers and other suppliers may not remove them.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${product.id}/images`,
      headers: bearer(otherSupplierToken),
    });
    expect(listed.json().results.map((entry: { canRemove: boolean }) => entry.canRemove)).toEqual([
      false,
      false,
    ]);
  });

  it('stores a small and a mini WebP of each photo on upload, served with ?size=', async () => {
    const product = await insertProduct(t.db, { primaryName: 'Quercus alba' });
    const large = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    const response = await upload(product.id, supplierToken, [{ filename: 'oak.png', data: large }]);
    expect(response.statusCode, response.body).toBe(201);
    const [entry] = response.json().results;
    expect(entry.image.small.url).toBe(`${entry.image.url}?size=small`);
    expect(entry.image.mini.url).toBe(`${entry.image.url}?size=mini`);
    for (const [size, width, height] of [
      ['small', 600, 400],
      ['mini', 160, 107],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url: `${entry.image.url}?size=${size}` });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
      expect(file.rawPayload.length).toBeLessThan(large.length);
    }
    // The original stays as it was uploaded.
    const original = await t.app.inject({ method: 'GET', url: entry.image.url });
    expect(original.rawPayload.equals(large)).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: `${entry.image.url}?size=huge` });
    expect(bad.statusCode).toBe(400);
  });

  it('puts a later photo last, and removes one for its supplier or staff only, with its file; the product image follows', async () => {
    const product = await insertProduct(t.db);
    const [first] = (await upload(product.id, supplierToken, [{ filename: 'a.gif', data: gif }])).json()
      .results;
    const [second] = (await upload(product.id, supplierToken, [{ filename: 'b.png', data: png }])).json()
      .results;
    // A later photo goes after the earlier ones: the product's image stays the first.
    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}/images` });
    expect(listed.json().results.map((entry: { id: number }) => entry.id)).toEqual([first.id, second.id]);
    const [kept] = await t.db
      .select({ imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, product.id));
    expect(kept.imageUrl).toBe(first.image.url);
    const before = await storedFiles();
    const stranger = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/product_images/${second.id}`,
      headers: bearer(otherSupplierToken),
    });
    expect(stranger.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/product_images/${second.id}`,
      headers: bearer(supplierToken),
    });
    expect(removed.statusCode).toBe(204);
    // The file and its two sizes.
    expect(await storedFiles()).toBe(before - 3);
    expect((await t.app.inject({ method: 'GET', url: second.image.mini.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.image.url })).statusCode).toBe(404);
    const [own] = await t.db
      .select({ imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, product.id));
    expect(own.imageUrl).toBe(first.image.url);
    const byStaff = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/product_images/${first.id}`,
      headers: bearer(adminToken),
    });
    expect(byStaff.statusCode).toBe(204);
    const [after] = await t.db
      .select({ imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, product.id));
    expect(after.imageUrl).toBeNull();
  });

  it('keeps an image the catalogue came with as the product image', async () => {
    const product = await insertProduct(t.db, { imageUrl: '/catalogue/acer.jpg' });
    expect((await upload(product.id, supplierToken, [{ filename: 'a.png', data: png }])).statusCode).toBe(
      201,
    );
    const [own] = await t.db
      .select({ imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, product.id));
    expect(own.imageUrl).toBe('/catalogue/acer.jpg');
  });

  it('says what is wrong with the upload, every field at once, and stores nothing', async () => {
    const product = await insertProduct(t.db);
    const before = await storedFiles();
    const none = await upload(product.id, supplierToken, [], {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({
      photos: photoMessages.photoRequired,
      pictureTakenOn: photoMessages.dateRequired,
      public: photoMessages.publicRequired,
      branchId: 'Choose the branch the photos were taken at',
    });
    const cases: [Photo[], Record<string, string>, Record<string, string>][] = [
      [[{ filename: 'list.pdf', data: Buffer.from('%PDF-1.7') }], {}, { photos: photoMessages.notAccepted }],
      [
        [{ filename: 'fake.png', data: Buffer.from('<svg onload=alert(1)>') }],
        {},
        { photos: photoMessages.notAccepted },
      ],
      [
        [{ filename: 'a.png', data: png }],
        { pictureTakenOn: '31/31/2026' },
        { pictureTakenOn: photoMessages.dateInvalid },
      ],
      [
        [{ filename: 'a.png', data: png }],
        { pictureTakenOn: '11/23/2026' },
        { pictureTakenOn: photoMessages.dateInFuture },
      ],
      [[{ filename: 'a.png', data: png }], { public: 'maybe' }, { public: photoMessages.publicRequired }],
      [
        Array.from({ length: 11 }, (_, i) => ({ filename: `p${i}.png`, data: png })),
        {},
        { photos: photoMessages.tooMany },
      ],
    ];
    for (const [photos, changed, fields] of cases) {
      const response = await upload(product.id, supplierToken, photos, {
        pictureTakenOn: '11/02/2026',
        public: 'true',
        branchId: String(branchId),
        ...changed,
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().fields).toEqual(fields);
    }
    const tooLarge = await upload(product.id, supplierToken, [
      { filename: 'big.jpg', data: Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)]) },
    ]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().fields).toEqual({ photos: photoMessages.tooLarge });
    expect(await storedFiles()).toBe(before);
    expect(await t.db.select().from(productImages).where(eq(productImages.productId, product.id))).toEqual(
      [],
    );
  });

  it("refuses buyers, another supplier's branch and anonymous callers; unknown products answer 404", async () => {
    const product = await insertProduct(t.db);
    const photo = [{ filename: 'a.png', data: png }];
    expect((await upload(product.id, buyerToken, photo)).statusCode).toBe(403);
    expect(
      (
        await upload(product.id, supplierToken, photo, {
          pictureTakenOn: '11/02/2026',
          public: 'true',
          branchId: String(otherBranchId),
        })
      ).statusCode,
    ).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/v1/products/${product.id}/images` });
    expect(anonymous.statusCode).toBe(401);
    expect((await upload(999_999_999, supplierToken, photo)).statusCode).toBe(404);
    // Staff may add photos without naming a branch.
    const staff = await upload(product.id, adminToken, photo, {
      pictureTakenOn: '2026-11-01',
      public: 'true',
    });
    expect(staff.statusCode).toBe(201);
    expect(staff.json().results[0]).toMatchObject({ branchName: null, supplierName: null });
  });

  it('serves a private photo only to its supplier and staff', async () => {
    const product = await insertProduct(t.db);
    const response = await upload(product.id, supplierToken, [{ filename: 'a.png', data: png }], {
      pictureTakenOn: '11/02/2026',
      public: 'false',
      branchId: String(branchId),
    });
    const [photo] = response.json().results;
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}/images` });
    expect(page.json().results).toEqual([]);
    const read = (token?: string) =>
      t.app.inject({ method: 'GET', url: photo.image.url, headers: token ? bearer(token) : {} });
    expect((await read()).statusCode).toBe(404);
    expect((await read(otherSupplierToken)).statusCode).toBe(404);
    expect((await read(supplierToken)).statusCode).toBe(200);
    expect((await read(adminToken)).headers['cache-control']).toBe('private, no-store');
  });
});
