import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportView } from '../../../domain/imports/import-schemas';
import { queryRows } from '../../db/client';
import { supplierListing } from '../../test/cart-factories';
import { insertProduct, insertVariant } from '../../test/catalog-factories';
import { eventually } from '../../test/eventually';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let staff: Record<string, string>;
let support: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await insertUser(t.db, { roles: ['admin'], firstName: 'Bea', lastName: 'Keeper' });
  staff = bearer(await tokenFor(t.db, admin.id));
  const agent = await insertUser(t.db, { roles: ['support'] });
  support = bearer(await tokenFor(t.db, agent.id));
});
afterAll(() => t?.close());

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`fixtures/${name}`, import.meta.url)), 'utf8');

async function upload(
  headers: Record<string, string>,
  fields: Record<string, string>,
  csv: string,
  filename = 'catalogue.csv',
) {
  const form = multipartForm([{ field: 'file', filename, data: csv, contentType: 'text/csv' }], fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/internal/catalog_imports',
    headers: { ...headers, 'content-type': form.contentType },
    payload: form.payload,
  });
}

async function uploaded(fields: Record<string, string>, csv: string, filename?: string) {
  const created = await upload(staff, fields, csv, filename);
  expect(created.statusCode, created.body).toBe(201);
  await t.app.deps.jobs.drain();
  return created.json<{ id: number }>().id;
}

async function view(id: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/internal/catalog_imports/${id}`,
    headers: staff,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportView>();
}

async function apply(id: number) {
  const applied = await t.app.inject({
    method: 'POST',
    url: `/api/internal/catalog_imports/${id}/apply`,
    headers: staff,
  });
  expect(applied.statusCode, applied.body).toBe(204);
  await t.app.deps.jobs.drain();
  return view(id);
}

const productsNamed = (name: string) =>
  queryRows<{ id: number; secondary_name: string | null; patent_name: string | null; synonym_names: string }>(
    t.db,
    sql`select id::int, secondary_name, patent_name, synonym_names from products where primary_name = ${name}`,
  );

const sizesOf = async (productId: number) =>
  (
    await queryRows<{ size: string; unit: string }>(
      t.db,
      sql`select size, unit from product_variants where product_id = ${productId} order by position, id`,
    )
  ).map((row) => `${row.size} (${row.unit})`);

describe('green goods imports', () => {
  it('previews every line with its reason, changes nothing until applied, takes a fixed line, and search finds the new plant', async () => {
    const existing = await insertProduct(t.db, {
      primaryName: 'Ilex opaca',
      secondaryName: null,
      cultivar: null,
    });
    await insertVariant(t.db, existing.id, { size: '#7' });
    const id = await uploaded({ kind: 'green_goods' }, fixture('green-goods.csv'), 'trade-plants.csv');

    let preview = await view(id);
    expect(preview).toMatchObject({
      kind: 'green_goods',
      status: 'ready',
      mapping: { botanicalName: 0, cultivar: 1, tradeNames: 2, commonNames: 3, sizes: 5 },
      counts: { valid: 3, invalid: 2, new: 2, updated: 1, total: 5 },
    });
    expect(preview.lines.map((line) => [line.outcome, line.reason])).toEqual([
      ['new', null],
      ['updated', null],
      ['new', null],
      ['invalid', 'Botanical name is required'],
      ['invalid', 'Size "xyz" is not a size we know'],
    ]);
    expect(await productsNamed("Ilex x attenuata 'Fosteri'")).toEqual([]);
    expect(await sizesOf(existing.id)).toEqual(['#7 (each)']);

    const bad = preview.lines[4];
    const fixedCells = [...bad.cells];
    fixedCells[5] = '#3|#5';
    const fixed = await t.app.inject({
      method: 'PATCH',
      url: `/api/internal/catalog_imports/${id}/lines/${bad.id}`,
      headers: staff,
      payload: { cells: fixedCells },
    });
    expect(fixed.statusCode, fixed.body).toBe(204);
    await t.app.deps.jobs.drain();
    preview = await view(id);
    expect(preview.counts).toMatchObject({ valid: 4, invalid: 1, new: 3, updated: 1 });
    expect(preview.lines[4]).toMatchObject({ outcome: 'new', reason: null, cells: fixedCells });

    const applied = await apply(id);
    expect(applied).toMatchObject({ status: 'applied', counts: { valid: 4, invalid: 1 } });
    const [fosteri] = await productsNamed("Ilex x attenuata 'Fosteri'");
    expect(fosteri).toMatchObject({ secondary_name: "Foster's Holly" });
    expect(await sizesOf(fosteri.id)).toEqual([
      '#7 (each)',
      '#15 (each)',
      '#25 (each)',
      "5-6' B&B (each)",
      "6-8' B&B (each)",
      "8-10' B&B (each)",
    ]);
    const [jane] = await productsNamed("Hydrangea paniculata 'Jane'");
    expect(jane).toMatchObject({ patent_name: 'Little Lime', secondary_name: 'Little Lime Hydrangea' });
    const [holly] = await productsNamed('Ilex opaca');
    expect(holly).toMatchObject({ id: existing.id, secondary_name: 'American Holly' });
    expect((await sizesOf(existing.id))[0]).toBe('#7 (each)');
    expect(await sizesOf(existing.id)).toHaveLength(6);
    expect(await productsNamed('Little Lime')).toEqual([]);

    const foundInSearch = await eventually(async () => {
      const search = await t.app.inject({
        method: 'GET',
        url: '/api/v1/products/search?query=fosteri',
        headers: staff,
      });
      return JSON.stringify(search.json()).includes("Ilex x attenuata 'Fosteri'");
    }, 100);
    expect(foundInSearch).toBe(true);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/internal/catalog_imports/${id}/apply`,
      headers: staff,
    });
    expect(again.statusCode).toBe(409);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/internal/catalog_imports/${id}/report`,
      headers: staff,
    });
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('Botanical name is required');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/internal/catalog_imports?kind=green_goods',
      headers: staff,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results[0]).toMatchObject({
      id,
      kind: 'green_goods',
      status: 'applied',
      fileName: 'trade-plants.csv',
      userName: 'Bea Keeper',
      counts: { valid: 4, invalid: 1, new: 3, updated: 1 },
    });
  });

  it('refuses staff without manage_catalog (403) and anonymous callers (401), and a missing kind', async () => {
    const csv = fixture('green-goods.csv');
    expect((await upload(support, { kind: 'green_goods' }, csv)).statusCode).toBe(403);
    expect((await upload({}, { kind: 'green_goods' }, csv)).statusCode).toBe(401);
    const id = await uploaded({ kind: 'green_goods' }, csv);
    for (const [method, url] of [
      ['GET', `/api/internal/catalog_imports/${id}`],
      ['GET', '/api/internal/catalog_imports'],
      ['POST', `/api/internal/catalog_imports/${id}/apply`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: support })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    expect((await view(id)).status).toBe('ready');
    // The supplier routes serve availability uploads only, even to the staff member who uploaded it.
    const throughSupplierRoute = await t.app.inject({
      method: 'POST',
      url: `/api/v1/availability_imports/${id}/apply`,
      headers: staff,
    });
    expect(throughSupplierRoute.statusCode).toBe(404);
    expect((await view(id)).status).toBe('ready');
    const noKind = await upload(staff, {}, csv);
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().fields).toEqual({
      kind: 'Choose what the file holds: green goods, hard goods, product mapping or availability',
    });
  });
});

describe('hard goods imports', () => {
  it('creates products with their variants, unit, category and brand, and refuses a line without a name', async () => {
    const csv = `brand,${fixture('hard-goods.csv').replace(/\n(?=.)/g, '\nAcme Mulch Co,')}`;
    const id = await uploaded({ kind: 'hard_goods' }, csv);
    const preview = await view(id);
    expect(preview.mapping).toMatchObject({ brand: 0, name: 1, category: 2, unit: 3, sizes: 4 });
    expect(preview.counts).toMatchObject({ valid: 3, invalid: 1, new: 3, updated: 0 });
    expect(preview.lines[3]).toMatchObject({ outcome: 'invalid', reason: 'Name is required' });
    expect(await productsNamed('Cypress Mulch')).toEqual([]);

    await apply(id);
    const [cypress] = await productsNamed('Cypress Mulch');
    expect(await sizesOf(cypress.id)).toEqual(['Grade A (bag 2 cu ft)', 'Blend (bag 2 cu ft)']);
    const [row] = await queryRows<{ brand: string; categories: string }>(
      t.db,
      sql`select b.name as brand, p.category_names as categories from products p join brands b on b.id = p.brand_id
        where p.id = ${cypress.id}`,
    );
    expect(row).toEqual({ brand: 'Acme Mulch Co', categories: 'Mulch' });
    const [bagged] = await productsNamed('Shredded Hardwood Mulch, Bagged');
    expect(await sizesOf(bagged.id)).toHaveLength(4);
  });
});

describe('product mapping imports', () => {
  it("stores a supplier's SKUs against catalogue sizes, refuses unknown products and sizes, and later availability uploads use them", async () => {
    const s = await supplierListing(t.db);
    const boxwood = await insertProduct(t.db, { primaryName: 'Buxus sempervirens' });
    const boxwood3 = await insertVariant(t.db, boxwood.id, { size: '#3' });
    await insertVariant(t.db, boxwood.id, { size: '#5' });
    const csv = [
      'Supplier SKU,Supplier name,Size,Catalogue product,Catalogue size',
      'BX-3,Boxwood common,3 gal,Buxus sempervirens,#3',
      'ZZ-1,Mystery shrub,#1,Nothingus nowhereus,#1',
      'BX-7,Boxwood common,7 gal,Buxus sempervirens,#7',
      'BX-X,Boxwood common,,Buxus sempervirens,',
    ].join('\n');
    const noOrganization = await upload(staff, { kind: 'product_mapping' }, csv);
    expect(noOrganization.statusCode).toBe(400);
    expect(noOrganization.json().fields).toEqual({
      organizationId: 'Choose the supplier whose names these are',
    });

    const id = await uploaded({ kind: 'product_mapping', organizationId: String(s.organizationId) }, csv);
    const preview = await view(id);
    expect(preview.organizationId).toBe(s.organizationId);
    expect(preview.counts).toMatchObject({ valid: 1, invalid: 3, new: 1, updated: 0 });
    expect(preview.lines.map((line) => line.reason)).toEqual([
      null,
      '"Nothingus nowhereus" is not a catalogue product',
      'Size "#7" is not a size of Buxus sempervirens',
      'Catalogue size is required: Buxus sempervirens has several sizes',
    ]);
    expect(preview.lines[0].target).toMatchObject({ productVariantId: boxwood3.id, size: '#3' });
    const before = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from product_mappings where organization_id = ${s.organizationId}`,
    );
    expect(before[0].n).toBe(0);
    await apply(id);

    const availability = await uploaded(
      { kind: 'availability', branchId: String(s.branch.id) },
      'SKU,Name,Size,Qty,Price\nBX-3,Boxwood common,3 gal,25,19.50\n',
    );
    const stock = await view(availability);
    expect(stock).toMatchObject({
      kind: 'availability',
      branchId: s.branch.id,
      counts: { new: 1, valid: 1 },
    });
    expect(stock.lines[0].target).toMatchObject({ productVariantId: boxwood3.id });
  });
});

describe('availability imports by staff', () => {
  it('runs for any branch and needs the branch', async () => {
    const s = await supplierListing(t.db, { quantity: 10 });
    const missing = await upload(staff, { kind: 'availability' }, 'Name,Size,Qty\nX,#3,1\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ branchId: 'Choose the branch whose availability this is' });
    const id = await uploaded(
      { kind: 'availability', branchId: String(s.branch.id) },
      `Name,Size,Qty\n${s.product.primaryName},#3,77\n`,
    );
    expect((await view(id)).counts).toMatchObject({ updated: 1, valid: 1 });
    await apply(id);
    const [row] = await queryRows<{ quantity: number }>(
      t.db,
      sql`select quantity::int from availabilities where id = ${s.availability.id}`,
    );
    expect(row.quantity).toBe(77);
  });
});
