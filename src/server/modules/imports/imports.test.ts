import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportView } from '../../../domain/imports/import-schemas';
import { supplierListing } from '../../test/cart-factories';
import { insertAvailability, insertProduct, insertVariant } from '../../test/catalog-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function supplier() {
  const listing = await supplierListing(t.db, { quantity: 40 });
  const user = await insertUser(t.db, { organizationId: listing.organizationId });
  return { ...listing, headers: bearer(await tokenFor(t.db, user.id)) };
}

async function upload(
  headers: Headers,
  branchId: number,
  csv: string,
  mode = 'append',
  filename = 'stock.csv',
) {
  const form = multipartForm([{ field: 'file', filename, data: csv, contentType: 'text/csv' }], { mode });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/branches/${branchId}/availability_imports`,
    headers: { ...headers, 'content-type': form.contentType },
    payload: form.payload,
  });
}

async function view(headers: Headers, id: number, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/availability_imports/${id}${query}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportView>();
}

describe('availability uploads', () => {
  it('previews every line, maps an unknown product (remembered), replaces the stock and the listings show it', async () => {
    const s = await supplier();
    const known = await insertProduct(t.db, { primaryName: 'Ilex glabra' });
    await insertVariant(t.db, known.id, { size: '#3' });
    const other = await insertProduct(t.db, { primaryName: 'Viburnum dentatum' });
    const otherSize = await insertVariant(t.db, other.id, { size: '#5' });
    const csv = [
      'SKU,Plant,Size,Qty,Price',
      `,${s.product.primaryName},#3,15,$31.50`,
      ',Ilex glabra,#3,200,12.00',
      ',Arrowwood Chicago Lustre,#5,30,18',
      ',Ilex glabra,#3,lots,12',
    ].join('\n');
    const created = await upload(s.headers, s.branch.id, csv, 'replace');
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    await t.app.deps.jobs.drain();

    let preview = await view(s.headers, id);
    expect(preview).toMatchObject({
      status: 'ready',
      mode: 'replace',
      columns: ['SKU', 'Plant', 'Size', 'Qty', 'Price'],
      mapping: { sku: 0, name: 1, size: 2, quantity: 3, price: 4 },
      counts: { total: 4, updated: 1, new: 1, unmatched: 1, invalid: 1, zeroed: 0 },
    });
    expect(preview.lines.map((line) => line.outcome)).toEqual(['updated', 'new', 'unmatched', 'invalid']);
    expect(preview.lines[3].reason).toBe("Quantity 'lots' is not a whole number of 0 or more");
    expect(preview.lines[1].target).toMatchObject({ primaryName: 'Ilex glabra', size: '#3' });

    const unmatched = preview.lines[2];
    const matched = await t.app.inject({
      method: 'POST',
      url: `/api/v1/availability_imports/${id}/lines/${unmatched.id}/match`,
      headers: s.headers,
      payload: { productVariantId: otherSize.id },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({ outcome: 'new', target: { primaryName: 'Viburnum dentatum' } });
    preview = await view(s.headers, id);
    expect(preview.counts).toMatchObject({ new: 2, unmatched: 0 });

    const applied = await t.app.inject({
      method: 'POST',
      url: `/api/v1/availability_imports/${id}/apply`,
      headers: s.headers,
    });
    expect(applied.statusCode, applied.body).toBe(204);
    await t.app.deps.jobs.drain();
    expect((await view(s.headers, id)).status).toBe('applied');

    const listing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availabilities?productId=${s.product.id}`,
      headers: s.headers,
    });
    expect(listing.json<{ results: { quantity: number; priceTiers: unknown }[] }>().results[0]).toMatchObject(
      {
        quantity: 15,
        priceTiers: [{ quantityMin: 1, price: 3_150 }],
      },
    );
    const inventory = await t.app.inject({
      method: 'GET',
      url: `/api/v1/inventory?branchId=${s.branch.id}`,
      headers: s.headers,
    });
    expect(inventory.json<{ totalCount: number }>().totalCount).toBe(3);

    // The mapping is remembered: the next upload resolves the same line without asking.
    const again = await upload(s.headers, s.branch.id, 'Plant,Size,Qty\nArrowwood Chicago Lustre,#5,12');
    await t.app.deps.jobs.drain();
    const second = await view(s.headers, again.json<{ id: number }>().id);
    expect(second.lines[0]).toMatchObject({
      outcome: 'updated',
      target: { primaryName: 'Viburnum dentatum' },
    });

    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availability_imports/${id}/report`,
      headers: s.headers,
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.body).toContain("Quantity 'lots' is not a whole number of 0 or more");
  });

  it('replace sets the branch listings not in the file to 0; append keeps them', async () => {
    const s = await supplier();
    const extra = await insertProduct(t.db, { primaryName: 'Cornus sericea' });
    const extraSize = await insertVariant(t.db, extra.id, { size: '#2' });
    await insertAvailability(t.db, { branchId: s.branch.id, variant: extraSize, quantity: 9 });
    const csv = `Product,Size,Quantity\n${s.product.primaryName},#3,5`;

    const appended = await upload(s.headers, s.branch.id, csv, 'append');
    await t.app.deps.jobs.drain();
    const appendId = appended.json<{ id: number }>().id;
    expect((await view(s.headers, appendId)).counts.zeroed).toBe(0);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/availability_imports/${appendId}/apply`,
      headers: s.headers,
    });
    await t.app.deps.jobs.drain();
    const quantities = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/inventory?branchId=${s.branch.id}`,
          headers: s.headers,
        })
      )
        .json<{ results: { primaryName: string; quantity: number; priceTiers: unknown[] }[] }>()
        .results.map((row) => [row.primaryName, row.quantity]);
    expect(await quantities()).toContainEqual(['Cornus sericea', 9]);

    const replaced = await upload(s.headers, s.branch.id, csv, 'replace');
    await t.app.deps.jobs.drain();
    const replaceId = replaced.json<{ id: number }>().id;
    expect((await view(s.headers, replaceId)).counts.zeroed).toBe(1);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/availability_imports/${replaceId}/apply`,
      headers: s.headers,
    });
    await t.app.deps.jobs.drain();
    expect(await quantities()).toContainEqual(['Cornus sericea', 0]);
    expect(await quantities()).toContainEqual([s.product.primaryName, 5]);

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/v1/availability_imports/${replaceId}/apply`,
      headers: s.headers,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('a new listing without a quantity takes its product’s ignore-quantity default; others count stock', async () => {
    const s = await supplier();
    const pile = await insertProduct(t.db, { primaryName: 'Pile mulchia', ignoreQuantityDefault: true });
    await insertVariant(t.db, pile.id, { size: 'Yard' });
    const pallet = await insertProduct(t.db, { primaryName: 'Pallet stonia', ignoreQuantityDefault: true });
    const palletSize = await insertVariant(t.db, pallet.id, { size: 'Pallet' });
    await insertAvailability(t.db, { branchId: s.branch.id, variant: palletSize, quantity: 4 });
    const counted = await insertProduct(t.db, { primaryName: 'Counted plantia' });
    await insertVariant(t.db, counted.id, { size: '#3' });
    const apply = async (csv: string) => {
      const created = await upload(s.headers, s.branch.id, csv);
      expect(created.statusCode, created.body).toBe(201);
      await t.app.deps.jobs.drain();
      const { id } = created.json<{ id: number }>();
      const applied = await t.app.inject({
        method: 'POST',
        url: `/api/v1/availability_imports/${id}/apply`,
        headers: s.headers,
      });
      expect(applied.statusCode, applied.body).toBe(204);
      await t.app.deps.jobs.drain();
    };
    await apply('Product,Size,Price\nPile mulchia,Yard,38\nPallet stonia,Pallet,410\nCounted plantia,#3,24');
    const listings = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/inventory?branchId=${s.branch.id}`,
          headers: s.headers,
        })
      )
        .json<{ results: { primaryName: string; quantity: number; ignoreQuantity: boolean }[] }>()
        .results.map((row) => [row.primaryName, row.quantity, row.ignoreQuantity]);
    expect(await listings()).toEqual(
      expect.arrayContaining([
        ['Pile mulchia', 0, true],
        ['Counted plantia', 0, false],
        // An existing listing keeps how it counts: the default is for new listings only.
        ['Pallet stonia', 4, false],
      ]),
    );

    // A file that counts the stock is taken at its word, whatever the product's default.
    const other = await supplier();
    const created = await upload(other.headers, other.branch.id, 'Product,Size,Qty\nPile mulchia,Yard,12');
    await t.app.deps.jobs.drain();
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/availability_imports/${created.json<{ id: number }>().id}/apply`,
      headers: other.headers,
    });
    await t.app.deps.jobs.drain();
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/inventory?branchId=${other.branch.id}`,
      headers: other.headers,
    });
    expect(
      theirs
        .json<{ results: { primaryName: string; quantity: number; ignoreQuantity: boolean }[] }>()
        .results.find((row) => row.primaryName === 'Pile mulchia'),
    ).toMatchObject({ quantity: 12, ignoreQuantity: false });
  });

  it('changes the mapping and mode, and refuses a mapping without a product column', async () => {
    const s = await supplier();
    const created = await upload(s.headers, s.branch.id, `Col A,Col B\n${s.product.primaryName},7`);
    await t.app.deps.jobs.drain();
    const id = created.json<{ id: number }>().id;
    const first = await view(s.headers, id);
    expect(first.error).toBe('Choose the column with the SKU or the product name');
    const refusedApply = await t.app.inject({
      method: 'POST',
      url: `/api/v1/availability_imports/${id}/apply`,
      headers: s.headers,
    });
    expect(refusedApply.statusCode).toBe(409);

    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/availability_imports/${id}`,
      headers: s.headers,
      payload: { mapping: { quantity: 1 } },
    });
    expect(bad.statusCode).toBe(400);
    const good = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/availability_imports/${id}`,
      headers: s.headers,
      payload: { mapping: { name: 0, quantity: 1 }, mode: 'replace' },
    });
    expect(good.statusCode, good.body).toBe(204);
    await t.app.deps.jobs.drain();
    expect(await view(s.headers, id)).toMatchObject({
      status: 'ready',
      error: null,
      mode: 'replace',
      counts: { updated: 1 },
    });
  });

  it('refuses files that are not spreadsheets, and another organisation gets 404 everywhere', async () => {
    const s = await supplier();
    const other = await supplier();
    const notSheet = await upload(s.headers, s.branch.id, 'hello', 'append', 'notes.txt');
    expect(notSheet.statusCode).toBe(422);
    expect(notSheet.json().message).toBe('Upload a .csv, .xls or .xlsx file.');
    const empty = await upload(s.headers, s.branch.id, 'Product,Qty\n');
    expect(empty.statusCode).toBe(422);

    expect((await upload(other.headers, s.branch.id, 'Product,Qty\nx,1')).statusCode).toBe(404);
    const created = await upload(s.headers, s.branch.id, `Product,Qty\n${s.product.primaryName},1`);
    const id = created.json<{ id: number }>().id;
    for (const [method, url, payload] of [
      ['GET', `/api/v1/availability_imports/${id}`, undefined],
      ['PATCH', `/api/v1/availability_imports/${id}`, { mode: 'replace' }],
      ['POST', `/api/v1/availability_imports/${id}/apply`, undefined],
      ['GET', `/api/v1/availability_imports/${id}/report`, undefined],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: other.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    await t.app.deps.jobs.drain();
  });

  it('reads an .xlsx workbook', async () => {
    const XLSX = await import('@e965/xlsx');
    const s = await supplier();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Item', 'Size', 'Available', 'Price'],
      [s.product.primaryName, '#3', 77, 29.5],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Stock');
    const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const form = multipartForm([{ field: 'file', filename: 'stock.xlsx', data }], { mode: 'append' });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${s.branch.id}/availability_imports`,
      headers: { ...s.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    await t.app.deps.jobs.drain();
    const preview = await view(s.headers, created.json<{ id: number }>().id);
    expect(preview.counts).toMatchObject({ total: 1, updated: 1 });
  });
});

describe('an applied upload and the search answer cache', () => {
  it('shows the new stock in the next search, though an answer from before the upload is cached', async () => {
    const cached = await createTestApp({ config: { searchCacheSeconds: 60 } });
    try {
      const listing = await supplierListing(cached.db, { quantity: 40 });
      const user = await insertUser(cached.db, { organizationId: listing.organizationId });
      const headers = bearer(await tokenFor(cached.db, user.id));
      const clethra = await insertProduct(cached.db, { primaryName: 'Clethra alnifolia' });
      await insertVariant(cached.db, clethra.id, { size: '#3' });
      const suppliersOfClethra = async () => {
        const found = await cached.app.inject({
          method: 'GET',
          url: '/api/v1/products/search?query=clethra',
          headers,
        });
        return found
          .json<{ results: { id: number; totalSuppliers: number }[] }>()
          .results.find((result) => result.id === clethra.id)?.totalSuppliers;
      };
      // Twice: the first answer is kept under the version the index held before it caught up.
      expect(await suppliersOfClethra()).toBe(0);
      expect(await suppliersOfClethra()).toBe(0);

      const form = multipartForm(
        [
          {
            field: 'file',
            filename: 'stock.csv',
            data: 'Plant,Size,Qty\nClethra alnifolia,#3,25',
            contentType: 'text/csv',
          },
        ],
        { mode: 'append' },
      );
      const created = await cached.app.inject({
        method: 'POST',
        url: `/api/v1/branches/${listing.branch.id}/availability_imports`,
        headers: { ...headers, 'content-type': form.contentType },
        payload: form.payload,
      });
      await cached.app.deps.jobs.drain();
      const { id } = created.json<{ id: number }>();
      await cached.app.inject({ method: 'POST', url: `/api/v1/availability_imports/${id}/apply`, headers });
      // The apply runs as a background job, whose writes the index must follow like a request's.
      await cached.app.deps.jobs.drain();

      expect(await suppliersOfClethra()).toBe(1);
    } finally {
      await cached.close();
    }
  });
});
