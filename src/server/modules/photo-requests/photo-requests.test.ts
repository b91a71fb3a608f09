import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoRequestTexts } from '../../../domain/catalog/photo-requests';
import { photoMessages } from '../../../domain/catalog/product-photos';
import { fixedClock } from '../../core/clock';
import { queryRows } from '../../db/client';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { insertProduct, insertVariant } from '../../test/catalog-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hedgerow-photo-requests-'));
  t = await createTestApp({ config: { dataDir }, clock: fixedClock('2026-11-22T15:00:00Z') });
  await t.db.execute(
    sql`insert into features (name, active, enabled_globally) values ('PHOTO_REQUEST', true, true)
        on conflict (name) do update set active = true, enabled_globally = true`,
  );
  t.app.deps.features.invalidate();
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const inject = (method: string, url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers, payload: payload as Record<string, unknown> });

async function reply(
  headers: Headers,
  id: number,
  files: { filename: string; data: Buffer }[],
  fields: Record<string, string>,
) {
  const form = multipartForm(
    files.map((file) => ({ field: 'photos[]', ...file })),
    fields,
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/photo_requests/${id}/replies`,
    headers: { ...headers, 'content-type': form.contentType, 'x-client-date': '2026-11-22' },
    payload: form.payload,
  });
}

async function askedRequest() {
  const listing = await supplierListing(t.db);
  const supplier = bearer(
    await tokenFor(t.db, (await insertUser(t.db, { organizationId: listing.organizationId })).id),
  );
  const buyer = await signedInBuyer(t.db);
  const created = await inject('POST', '/api/v1/photo_requests', buyer.headers, {
    branchId: listing.branch.id,
    productVariantId: listing.variant.id,
    notes: 'Specimen quality, full crowns please',
  });
  expect(created.statusCode, created.body).toBe(201);
  return { listing, supplier, buyer, request: created.json<{ id: number; threadId: number }>() };
}

describe('photo requests', () => {
  it('asks the branch for photos of a size it lists; 422 for a size it does not', async () => {
    const { listing, supplier, buyer, request } = await askedRequest();
    const product = await insertProduct(t.db);
    const unlisted = await insertVariant(t.db, product.id, { size: '#15' });
    const refused = await inject('POST', '/api/v1/photo_requests', buyer.headers, {
      branchId: listing.branch.id,
      productVariantId: unlisted.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(photoRequestTexts.notListed);

    const feed = await inject('GET', `/api/v1/message_threads/${request.threadId}/messages`, supplier);
    const [message] = feed.json<{
      results: {
        messageType: string;
        actions: { label: string }[];
        event: { eventPayload: { item: { size: string } } };
      }[];
    }>().results;
    expect(message.messageType).toBe('photo_request');
    expect(message.event.eventPayload.item.size).toBe('#3');
    expect(message.actions.map((action) => action.label)).toEqual(['Add Photos']);
    const buyerFeed = await inject(
      'GET',
      `/api/v1/message_threads/${request.threadId}/messages`,
      buyer.headers,
    );
    expect(buyerFeed.json().results[0].actions).toEqual([]);
    const counts = await inject('GET', '/api/v1/photo_requests/count_by_branch', supplier);
    expect(counts.json()).toMatchObject({ total: 1, results: [{ branchId: listing.branch.id, count: 1 }] });
  });

  it('refuses a reply with every broken rule at once and stores nothing; strangers and the buyer get 404', async () => {
    const { supplier, buyer, request } = await askedRequest();
    const none = await reply(supplier, request.id, [], {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toMatchObject({
      photos: photoMessages.photoRequired,
      pictureTakenOn: photoMessages.dateRequired,
      public: photoMessages.publicRequired,
    });
    const bad = await reply(supplier, request.id, [{ filename: 'notes.txt', data: Buffer.from('hello') }], {
      pictureTakenOn: '13/45/2026',
      public: 'true',
    });
    expect(bad.json().fields).toEqual({
      photos: photoMessages.notAccepted,
      pictureTakenOn: photoMessages.dateInvalid,
    });
    const future = await reply(supplier, request.id, [{ filename: 'a.png', data: png }], {
      pictureTakenOn: '12/01/2026',
      public: 'true',
    });
    expect(future.json().fields).toEqual({ pictureTakenOn: photoMessages.dateInFuture });
    const stranger = bearer(await tokenFor(t.db, (await insertUser(t.db)).id));
    expect(
      (
        await reply(stranger, request.id, [{ filename: 'a.png', data: png }], {
          pictureTakenOn: '11/20/2026',
          public: 'true',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await reply(buyer.headers, request.id, [{ filename: 'a.png', data: png }], {
          pictureTakenOn: '11/20/2026',
          public: 'true',
        })
      ).statusCode,
    ).toBe(404);
    const [{ count }] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from product_images pi join photo_requests r on r.product_id = pi.product_id where r.id = ${request.id}`,
    );
    expect(count).toBe(0);
  });

  it('the supplier replies with two photos; public ones reach the product page; Undo until the buyer reads it; the buyer sees the cart adder', async () => {
    const { listing, supplier, buyer, request } = await askedRequest();
    const answered = await reply(
      supplier,
      request.id,
      [
        { filename: 'front.png', data: png },
        { filename: 'side.gif', data: gif },
      ],
      {
        pictureTakenOn: '11/20/2026',
        public: 'true',
        message: 'Tagged for you, row 4.',
      },
    );
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().photos).toHaveLength(2);
    expect(
      (
        await reply(supplier, request.id, [{ filename: 'a.png', data: png }], {
          pictureTakenOn: '11/20/2026',
          public: 'true',
        })
      ).statusCode,
    ).toBe(409);

    const publicPhotos = await inject('GET', `/api/v1/products/${listing.product.id}/images`, {});
    expect(publicPhotos.statusCode, publicPhotos.body).toBe(200);
    expect(publicPhotos.json<{ results: { public: boolean }[] }>().results).toHaveLength(2);

    const supplierFeed = (
      await inject('GET', `/api/v1/message_threads/${request.threadId}/messages`, supplier)
    ).json<{
      results: { messageType: string; actions: { label: string; disabled: boolean }[] }[];
    }>().results;
    expect(supplierFeed[0].actions).toEqual([{ label: 'Photos Added', target: null, disabled: true }]);
    expect(supplierFeed[1].actions.map((action) => action.label)).toEqual(['Photos Sent', 'Undo']);

    const buyerFeed = (
      await inject('GET', `/api/v1/message_threads/${request.threadId}/messages`, buyer.headers)
    ).json<{
      results: {
        id: number;
        messageType: string;
        actions: { label: string }[];
        photoRequestImages: { fileUrl: string }[];
      }[];
    }>().results;
    const replyMessage = buyerFeed[1];
    expect(replyMessage.actions.map((action) => action.label)).toEqual(['Add to Cart']);
    expect(replyMessage.photoRequestImages).toHaveLength(2);
    const photo = await inject('GET', replyMessage.photoRequestImages[0].fileUrl, buyer.headers);
    expect(photo.statusCode).toBe(200);
    const stranger = bearer(await tokenFor(t.db, (await insertUser(t.db)).id));
    expect((await inject('GET', replyMessage.photoRequestImages[0].fileUrl, stranger)).statusCode).toBe(404);

    // Undo works while the buyer has not read the reply.
    const undone = await inject('DELETE', `/api/v1/photo_requests/${request.id}/replies`, supplier);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ respondedAt: null, photos: [] });
    const again = await reply(supplier, request.id, [{ filename: 'front.png', data: png }], {
      pictureTakenOn: '11/21/2026',
      public: 'false',
    });
    expect(again.statusCode).toBe(201);
    const latest = (
      await inject('GET', `/api/v1/message_threads/${request.threadId}/messages`, buyer.headers)
    ).json<{
      results: { id: number }[];
    }>().results;
    await inject('POST', '/api/v1/messages/bulk_update', buyer.headers, {
      ids: [latest.at(-1)?.id],
      responseStatus: 'read',
    });
    const late = await inject('DELETE', `/api/v1/photo_requests/${request.id}/replies`, supplier);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(photoRequestTexts.notUndoable);
  });

  it('needs PHOTO_REQUEST', async () => {
    await t.db.execute(sql`update features set enabled_globally = false where name = 'PHOTO_REQUEST'`);
    t.app.deps.features.invalidate();
    const listing = await supplierListing(t.db);
    const buyer = await signedInBuyer(t.db);
    const refused = await inject('POST', '/api/v1/photo_requests', buyer.headers, {
      branchId: listing.branch.id,
      productVariantId: listing.variant.id,
    });
    expect(refused.statusCode).toBe(403);
    await t.db.execute(sql`update features set enabled_globally = true where name = 'PHOTO_REQUEST'`);
    t.app.deps.features.invalidate();
  });
});
