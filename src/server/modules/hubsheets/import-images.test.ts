import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportImageView, ImportListView } from '../../../domain/hubsheets/hubsheet-types';
import { signedInBuyer } from '../../test/cart-factories';
import { multipartUpload } from '../../test/hubsheet-factories';
import { createTestApp } from '../../test/test-app';
import { allFeatures, ensureKnownFeatures, updateFeature } from '../features/features.service';

const fixtures = path.resolve(import.meta.dirname, '../../../../bench/converter-fixtures');

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Awaited<ReturnType<typeof signedInBuyer>>;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await signedInBuyer(t.db);
});
afterAll(() => t.close());

async function setConverter(on: boolean) {
  await ensureKnownFeatures(t.db, t.app.deps.features);
  const feature = (await allFeatures(t.app.deps.features)).find((f) => f.name === 'IMAGE_CONVERTER');
  if (!feature) throw new Error('IMAGE_CONVERTER is not a known feature');
  await updateFeature(t.app.deps.features, feature.id, { active: on, enabledGlobally: on });
}

async function send(filename: string, data: Buffer, fields: Record<string, string> = {}) {
  const { payload, contentType } = multipartUpload({ filename, data }, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/import_images',
    headers: { ...buyer.headers, 'content-type': contentType },
    payload,
  });
}

describe('the image/PDF converter', () => {
  it('is not there while IMAGE_CONVERTER is off', async () => {
    await setConverter(false);
    const response = await send('schedule.pdf', fs.readFileSync(path.join(fixtures, 'text-layer.pdf')));
    expect(response.statusCode).toBe(404);
  });

  it('converts a PDF with a text layer into an import list, with progress', async () => {
    await setConverter(true);
    const response = await send('schedule.pdf', fs.readFileSync(path.join(fixtures, 'text-layer.pdf')));
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    const status = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/v1/import_images/${id}`, headers: buyer.headers })
      ).json<ImportImageView>();
    expect((await status()).status).toMatch(/queued|processing|done/);
    await t.app.deps.jobs.drain();
    const done = await status();
    expect(done).toMatchObject({ id, status: 'done', progress: 100, message: 'Read 1 page' });
    expect(done.importListId).toBeGreaterThan(0);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/import_lists/${done.importListId}`,
      headers: buyer.headers,
    });
    expect(list.json<ImportListView>()).toMatchObject({
      originalHeaders: ['Botanical Name', 'Common Name', 'Size', 'Qty'],
      importListItemsCount: 5,
      productNameIndex: 0,
      containerIndex: 2,
      quantityIndex: 3,
      sampleRows: [
        ["Acer rubrum 'October Glory'", 'October Glory Red Maple', '2.5" cal B&B', '3'],
        ["Hydrangea paniculata 'Limelight'", 'Limelight Hydrangea', '#3', '25'],
        ["Buxus 'Green Velvet'", 'Green Velvet Boxwood', '#3', '40'],
        ['Betula nigra', 'River Birch', "8-10' multi-stem B&B", '2'],
        ["Calamagrostis x acutiflora 'Karl Foerster'", 'Feather Reed Grass', '#1', '60'],
      ],
    });
  });

  it('keeps only the rows inside the drawn area', async () => {
    await setConverter(true);
    // The lower half of the page: the header row and the first lines are outside.
    const response = await send('schedule.pdf', fs.readFileSync(path.join(fixtures, 'text-layer.pdf')), {
      crop_x: '0',
      crop_y: '0.22',
      crop_width: '1',
      crop_height: '0.5',
    });
    const { id } = response.json<{ id: number }>();
    await t.app.deps.jobs.drain();
    const done = (
      await t.app.inject({ method: 'GET', url: `/api/v1/import_images/${id}`, headers: buyer.headers })
    ).json<ImportImageView>();
    expect(done.status).toBe('done');
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/import_lists/${done.importListId}`,
        headers: buyer.headers,
      })
    ).json<ImportListView>();
    expect(list.originalHeaders).not.toContain('Botanical Name');
    expect(list.importListItemsCount).toBeLessThan(5);
  });

  it("shows a PDF's first page to draw the area on, and refuses an image or a broken PDF", async () => {
    await setConverter(true);
    const preview = (filename: string, data: Buffer) => {
      const { payload, contentType } = multipartUpload({ filename, data });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/import_images/page_preview',
        headers: { ...buyer.headers, 'content-type': contentType },
        payload,
      });
    };
    const page = await preview('schedule.pdf', fs.readFileSync(path.join(fixtures, 'text-layer.pdf')));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(page.rawPayload.length).toBeGreaterThan(10_000);

    const image = await preview('photo.jpg', fs.readFileSync(path.join(fixtures, 'photo.jpg')));
    expect(image.statusCode).toBe(422);
    expect(image.json<{ message: string }>().message).toBe(
      'Only a PDF needs a page preview: an image is shown as it is.',
    );
    const broken = await preview('list.pdf', Buffer.from('%PDF-1.7 but nothing else'));
    expect(broken.statusCode).toBe(422);
    expect(broken.json<{ message: string }>().message).toBe(
      'We could not read this file. Save it again as a PDF, JPG or PNG and upload it again.',
    );

    await setConverter(false);
    const off = await preview('schedule.pdf', fs.readFileSync(path.join(fixtures, 'text-layer.pdf')));
    expect(off.statusCode).toBe(404);
    await setConverter(true);
  });

  it('refuses files that are not PDFs or images, and answers 404 for another buyer', async () => {
    await setConverter(true);
    const refused = await send('list.pdf', Buffer.from('not a pdf at all'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'This file is not a PDF or an image. Upload a .pdf, .jpg, .jpeg or .png of your plant list.',
    );
    const response = await send('schedule.pdf', fs.readFileSync(path.join(fixtures, 'text-layer.pdf')));
    const { id } = response.json<{ id: number }>();
    const other = await signedInBuyer(t.db);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/v1/import_images/${id}`,
      headers: other.headers,
    });
    expect(hidden.statusCode).toBe(404);
    await t.app.deps.jobs.drain();
  });
});
