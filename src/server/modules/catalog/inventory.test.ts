import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../../../domain/carts/cart-view';
import { fixedClock } from '../../core/clock';
import { queryRows } from '../../db/client';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import {
  insertAvailability,
  insertDiscount,
  insertProduct,
  insertVariant,
} from '../../test/catalog-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock('2026-11-24T15:00:00Z') });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** A supplier organisation with one branch listing one product, and a signed-in user of it. */
async function supplier() {
  const listing = await supplierListing(t.db, { quantity: 40 });
  const user = await insertUser(t.db, { organizationId: listing.organizationId });
  return { ...listing, headers: bearer(await tokenFor(t.db, user.id)) };
}

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const send = (
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) => t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> | undefined });

type Page = {
  results: { id: number; quantity: number; priceTiers: unknown[]; primaryName: string; size: string }[];
  totalCount: number;
};

describe('GET /api/v1/inventory', () => {
  it('lists the branch listings of the caller organisation, filtered and paged', async () => {
    const s = await supplier();
    const product = await insertProduct(t.db, { primaryName: 'Zelkova serrata' });
    const variant = await insertVariant(t.db, product.id, { size: '2" cal' });
    await insertAvailability(t.db, { branchId: s.branch.id, variant, quantity: 0 });

    const all = await get(`/api/v1/inventory?branchId=${s.branch.id}`, s.headers);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<Page>().totalCount).toBe(2);

    const found = await get(`/api/v1/inventory?branchId=${s.branch.id}&query=zelkova`, s.headers);
    expect(found.json<Page>().results.map((row) => row.primaryName)).toEqual(['Zelkova serrata']);
    // By size too, in any case, with the total of the matches.
    const bySize = await get(
      `/api/v1/inventory?branchId=${s.branch.id}&query=${encodeURIComponent('2" CAL')}`,
      s.headers,
    );
    expect(bySize.json<Page>()).toMatchObject({ totalCount: 1, results: [{ size: '2" cal' }] });
    const byName = await get(`/api/v1/inventory?branchId=${s.branch.id}&query=SERRATA`, s.headers);
    expect(byName.json<Page>().totalCount).toBe(1);

    const out = await get(`/api/v1/inventory?branchId=${s.branch.id}&stock=out_of_stock`, s.headers);
    expect(out.json<Page>().results.map((row) => row.primaryName)).toEqual(['Zelkova serrata']);

    const paged = await get(`/api/v1/inventory?branchId=${s.branch.id}&perPage=1&page=2`, s.headers);
    expect(paged.json<Page>()).toMatchObject({ totalCount: 2, currentPage: 2, totalPages: 2 });

    const organization = await get('/api/v1/inventory', s.headers);
    expect(organization.json<Page>().totalCount).toBe(2);
  });

  it('orders by product name, then size position, and follows a rename and a moved size', async () => {
    const s = await supplier();
    const names = async (query = '') =>
      (await get(`/api/v1/inventory?branchId=${s.branch.id}${query || '&perPage=2'}`, s.headers))
        .json<Page>()
        .results.map((row) => `${row.primaryName} ${row.size}`);
    const abelia = await insertProduct(t.db, { primaryName: 'Abelia grandiflora' });
    const big = await insertVariant(t.db, abelia.id, { size: '#7', position: 1 });
    const small = await insertVariant(t.db, abelia.id, { size: '#3', position: 0 });
    await insertAvailability(t.db, { branchId: s.branch.id, variant: big });
    await insertAvailability(t.db, { branchId: s.branch.id, variant: small });
    expect(await names()).toEqual(['Abelia grandiflora #3', 'Abelia grandiflora #7']);

    // Renamed past the supplier's other product, and the sizes swapped: the pages follow at once.
    await t.db.execute(sql`update products set primary_name = 'Zabelia grandiflora' where id = ${abelia.id}`);
    await t.db.execute(sql`update product_variants set position = 2 where id = ${small.id}`);
    const after = await names('&perPage=3');
    expect(after.slice(1)).toEqual(['Zabelia grandiflora #7', 'Zabelia grandiflora #3']);
  });

  it("answers 404 for another organisation's branch, and 401 signed out", async () => {
    const s = await supplier();
    const other = await supplier();
    expect((await get(`/api/v1/inventory?branchId=${other.branch.id}`, s.headers)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/inventory' })).statusCode).toBe(401);
  });
});

describe('supplier discount eligibility in the inventory list', () => {
  it('marks priced listings eligible only while a supplier discount of the organisation runs', async () => {
    const s = await supplier();
    const eligible = async () =>
      (await get(`/api/v1/inventory?branchId=${s.branch.id}`, s.headers)).json<{
        results: { supplierDiscountEligible: boolean }[];
      }>().results[0]?.supplierDiscountEligible;
    const base = {
      supplierOrganizationId: s.organizationId,
      operator: 'PERCENTAGE',
      kind: 'supplier',
    } as const;
    // Ended yesterday (the clock says 2026-11-24), starting next week: not running.
    await insertDiscount(t.db, {
      ...base,
      name: 'Old sale',
      value: 500,
      endsAt: new Date('2026-11-23T12:00:00Z'),
    });
    await insertDiscount(t.db, {
      ...base,
      name: 'Next',
      value: 500,
      startsAt: new Date('2026-12-01T00:00:00Z'),
    });
    expect(await eligible()).toBe(false);
    await insertDiscount(t.db, {
      ...base,
      name: 'Fall sale',
      value: 500,
      startsAt: new Date('2026-11-01T00:00:00Z'),
    });
    expect(await eligible()).toBe(true);
  });
});

describe('the kept listing counts (branch_listing_counts)', () => {
  it('follow every write: new listings, edits in and out of stock, zeroing out, deletes', async () => {
    const s = await supplier();
    const totals = async () => {
      const totalOf = async (stock: string) =>
        (await get(`/api/v1/inventory?branchId=${s.branch.id}&stock=${stock}`, s.headers)).json<Page>()
          .totalCount;
      return { all: await totalOf('all'), in: await totalOf('in_stock'), out: await totalOf('out_of_stock') };
    };
    const branchCard = async () =>
      (await get('/api/v1/inventory/organization', s.headers))
        .json<{ branches: { id: number; listingCount: number; inStockCount: number }[] }>()
        .branches.find((branch) => branch.id === s.branch.id);
    expect(await totals()).toEqual({ all: 1, in: 1, out: 0 });

    const product = await insertProduct(t.db, { primaryName: 'Zelkova serrata' });
    const small = await insertVariant(t.db, product.id, { size: '#3' });
    const big = await insertVariant(t.db, product.id, { size: '#7' });
    const empty = await insertAvailability(t.db, { branchId: s.branch.id, variant: small, quantity: 0 });
    await insertAvailability(t.db, { branchId: s.branch.id, variant: big, quantity: 3 });
    expect(await totals()).toEqual({ all: 3, in: 2, out: 1 });

    // An edit that brings a listing into stock, and one that only changes the price, counted once.
    await send('PATCH', `/api/v1/availabilities/${empty.id}`, s.headers, { quantity: 12 });
    await send('PATCH', `/api/v1/availabilities/${empty.id}`, s.headers, { quantity: 14 });
    expect(await totals()).toEqual({ all: 3, in: 3, out: 0 });
    expect(await branchCard()).toMatchObject({ listingCount: 3, inStockCount: 3 });

    await send('POST', `/api/v1/branches/${s.branch.id}/zero_out_availability`, s.headers);
    expect(await totals()).toEqual({ all: 3, in: 0, out: 3 });

    await t.db.execute(sql`delete from availabilities where id = ${empty.id}`);
    expect(await totals()).toEqual({ all: 2, in: 0, out: 2 });
    // What the triggers keep is what counting finds.
    const counted = await queryRows(
      t.db,
      sql`select count(*)::int as listings, count(*) filter (where in_stock)::int as in_stock
            from availabilities where branch_id = ${s.branch.id}`,
    );
    const kept = await queryRows(
      t.db,
      sql`select listings, in_stock from branch_listing_counts where branch_id = ${s.branch.id}`,
    );
    expect(kept).toEqual(counted);
  });
});

describe('PATCH /api/v1/availabilities/:id', () => {
  it('saves quantity, ignore quantity and price tiers, and search shows them', async () => {
    const s = await supplier();
    const response = await send('PATCH', `/api/v1/availabilities/${s.availability.id}`, s.headers, {
      quantity: 7,
      priceTiers: [
        { quantityMin: 10, price: 2_500 },
        { quantityMin: 1, price: 2_900 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      quantity: 7,
      priceTiers: [
        { quantityMin: 1, price: 2_900 },
        { quantityMin: 10, price: 2_500 },
      ],
      updatedAt: expect.any(String),
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/availabilities?productId=${s.product.id}`,
    });
    expect(listed.json<{ results: { quantity: number }[] }>().results[0].quantity).toBe(7);

    const ignored = await send('PATCH', `/api/v1/availabilities/${s.availability.id}`, s.headers, {
      ignoreQuantity: true,
    });
    expect(ignored.json()).toMatchObject({ ignoreQuantity: true, quantity: 7 });
  });

  it('refuses a negative quantity and duplicate tier breaks with field messages', async () => {
    const s = await supplier();
    const bad = await send('PATCH', `/api/v1/availabilities/${s.availability.id}`, s.headers, {
      quantity: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.quantity).toBe('Enter a whole quantity of 0 or more');
    const dup = await send('PATCH', `/api/v1/availabilities/${s.availability.id}`, s.headers, {
      priceTiers: [
        { quantityMin: 1, price: 100 },
        { quantityMin: 1, price: 90 },
      ],
    });
    expect(dup.statusCode).toBe(400);
  });

  it("answers 404 for another organisation's listing", async () => {
    const s = await supplier();
    const other = await supplier();
    const response = await send('PATCH', `/api/v1/availabilities/${other.availability.id}`, s.headers, {
      quantity: 1,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('branch tools', () => {
  it('zeroes out, reindexes and hides a branch; hidden branches leave search', async () => {
    const s = await supplier();
    const zero = await send('POST', `/api/v1/branches/${s.branch.id}/zero_out_availability`, s.headers);
    expect(zero.statusCode, zero.body).toBe(200);
    expect(zero.json()).toEqual({ updated: 1 });
    const page = await get(`/api/v1/inventory?branchId=${s.branch.id}`, s.headers);
    expect(page.json<Page>().results[0].quantity).toBe(0);

    const reindex = await send('POST', `/api/v1/branches/${s.branch.id}/reindex_availability`, s.headers);
    expect(reindex.json()).toEqual({ updated: 1 });

    await send('PATCH', `/api/v1/availabilities/${s.availability.id}`, s.headers, { quantity: 5 });
    const search = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/products/search?query=${encodeURIComponent(s.product.primaryName)}`,
      });
    type Found = { results: { id: number; totalSuppliers: number; totalAvailable: number }[] };
    const before = (await search()).json<Found>().results.find((r) => r.id === s.product.id);
    expect(before).toMatchObject({ totalSuppliers: 1, totalAvailable: 5 });
    const hide = await send('PUT', `/api/v1/branches/${s.branch.id}/visibility`, s.headers, { hidden: true });
    expect(hide.json()).toEqual({ hidden: true });
    const organization = await get('/api/v1/inventory/organization', s.headers);
    expect(organization.json().branches[0]).toMatchObject({ hidden: true, listingCount: 1 });
    const after = (await search()).json<Found>().results.find((r) => r.id === s.product.id);
    expect(after?.totalSuppliers ?? 0).toBe(0);
  });

  it("answers 404 on every branch route for another organisation's branch", async () => {
    const s = await supplier();
    const other = await supplier();
    const id = other.branch.id;
    for (const [method, url, payload] of [
      ['POST', `/api/v1/branches/${id}/zero_out_availability`, undefined],
      ['POST', `/api/v1/branches/${id}/reindex_availability`, undefined],
      ['PUT', `/api/v1/branches/${id}/visibility`, { hidden: true }],
      ['GET', `/api/v1/branches/${id}/order_requirements`, undefined],
      ['POST', `/api/v1/branches/${id}/order_requirements`, { minimumOrderCents: 100 }],
      ['DELETE', `/api/v1/branches/${id}/order_requirements`, undefined],
      ['GET', `/api/v1/branches/${id}/supplier_notices`, undefined],
      ['POST', `/api/v1/branches/${id}/supplier_notices`, { body: 'Closed Monday' }],
      ['POST', `/api/v1/branches/${id}/availability_imports`, undefined],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: s.headers,
        ...(payload === undefined ? {} : { payload }),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
  });
});

describe('order requirements and notices', () => {
  it('saves, shows to buyers and blocks a submit below the minimum order with a message per branch', async () => {
    const s = await supplier();
    const saved = await send('POST', `/api/v1/branches/${s.branch.id}/order_requirements`, s.headers, {
      minimumOrderCents: 50_000,
      minimumLeadDays: 2,
      deliveryDays: ['Tuesday', 'Thursday'],
      pickupHours: 'Mon–Fri 7am–3pm',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ minimumOrderCents: 50_000, deliveryDays: ['Tuesday', 'Thursday'] });

    const notice = await send('POST', `/api/v1/branches/${s.branch.id}/supplier_notices`, s.headers, {
      body: 'Closed for Thanksgiving',
      startsOn: '2026-11-20',
      endsOn: '2026-11-30',
    });
    expect(notice.statusCode, notice.body).toBe(201);
    await send('POST', `/api/v1/branches/${s.branch.id}/supplier_notices`, s.headers, {
      body: 'Spring open house',
      startsOn: '2027-03-01',
    });
    const badDates = await send('POST', `/api/v1/branches/${s.branch.id}/supplier_notices`, s.headers, {
      body: 'x',
      startsOn: '2026-12-02',
      endsOn: '2026-12-01',
    });
    expect(badDates.statusCode).toBe(400);

    const terms = await t.app.inject({ method: 'GET', url: `/api/v1/branch_terms?branchIds=${s.branch.id}` });
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json()).toEqual([
      expect.objectContaining({
        branchId: s.branch.id,
        orderRequirements: expect.objectContaining({ minimumOrderCents: 50_000 }),
        notices: [expect.objectContaining({ body: 'Closed for Thanksgiving', active: true })],
      }),
    ]);

    const buyer = await signedInBuyer(t.db);
    const cart = (await send('POST', '/api/v1/carts', buyer.headers, { name: 'Small job' })).json<CartView>();
    await send('POST', '/api/v1/cart_items', buyer.headers, {
      cartId: cart.id,
      branchId: s.branch.id,
      productVariantId: s.variant.id,
      quantity: 2,
    });
    const refused = await send('POST', `/api/v1/carts/${cart.id}/submit`, buyer.headers);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(
      `${s.branch.name} requires a minimum order of $500.00; this cart has $60.00 from it.`,
    );

    expect(
      (await send('DELETE', `/api/v1/branches/${s.branch.id}/order_requirements`, s.headers)).statusCode,
    ).toBe(204);
    const submitted = await send('POST', `/api/v1/carts/${cart.id}/submit`, buyer.headers);
    expect(submitted.statusCode, submitted.body).toBe(200);
  });

  it("removes a notice of the caller's branch only", async () => {
    const s = await supplier();
    const other = await supplier();
    const notice = (
      await send('POST', `/api/v1/branches/${s.branch.id}/supplier_notices`, s.headers, {
        body: 'Gate code 1234',
      })
    ).json<{ id: number }>();
    expect((await send('DELETE', `/api/v1/supplier_notices/${notice.id}`, other.headers)).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', `/api/v1/supplier_notices/${notice.id}`, s.headers)).statusCode).toBe(204);
  });
});

describe('logos', () => {
  it('resizes an uploaded logo once and serves it as PNG on the branch', async () => {
    const { default: sharp } = await import('sharp');
    const s = await supplier();
    const big = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#336633' } })
      .jpeg()
      .toBuffer();
    const boundary = '----logo';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      big,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` };
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${s.branch.id}/logo`,
      headers,
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { logoUrl } = uploaded.json<{ logoUrl: string }>();
    const file = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(256);

    const other = await supplier();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/branches/${s.branch.id}/logo`,
      headers: { ...other.headers, 'content-type': headers['content-type'] },
      payload,
    });
    expect(refused.statusCode).toBe(404);
  });
});
