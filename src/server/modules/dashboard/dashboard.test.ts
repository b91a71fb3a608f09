import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportContact } from '../../../domain/brand';
import type {
  DashboardNotices,
  MarketManagerCard,
  PendingInviteRequest,
  SetupProgress,
  ShopSuppliers,
  SubmittedCartWithOrders,
} from '../../../domain/dashboard/dashboard-views';
import { signedInBuyer, supplierListing } from '../../test/cart-factories';
import { insertDiscount } from '../../test/catalog-factories';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { inviteRequests } from '../auth/auth.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
type Listing = Awaited<ReturnType<typeof supplierListing>>;
type ListAnswer<T> = { results: T[]; totalCount: number; currentPage: number; totalPages: number };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get<T>(headers: Headers, url: string, status = 200) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

/** Submits a cart with one line per listing through the API; answers the cart id. */
async function submitCart(headers: Headers, name: string, listings: Listing[]) {
  const created = await t.app.inject({ method: 'POST', url: '/api/v1/carts', headers, payload: { name } });
  expect(created.statusCode, created.body).toBe(201);
  const cart = created.json<{ id: number }>();
  for (const listing of listings) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart_items',
      headers,
      payload: {
        cartId: cart.id,
        branchId: listing.branch.id,
        productVariantId: listing.variant.id,
        quantity: 2,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
  }
  const submitted = await t.app.inject({ method: 'POST', url: `/api/v1/carts/${cart.id}/submit`, headers });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return cart.id;
}

async function setSubmittedAt(cartId: number, at: string) {
  await t.db.execute(sql`update carts set submitted_at = ${at}::timestamptz where id = ${cartId}`);
  await t.db.execute(sql`update orders set submitted_at = ${at}::timestamptz where cart_id = ${cartId}`);
}

describe('GET /api/v1/dashboard/submitted_carts', () => {
  it("answers the caller's submitted carts, newest first, each with its orders", async () => {
    const buyer = await signedInBuyer(t.db);
    const north = await supplierListing(t.db, { branch: { name: 'North Nursery' } });
    const south = await supplierListing(t.db, { branch: { name: 'South Stone' } });
    // Both suppliers have someone to receive orders, so the orders go out (purchase_order_sent).
    await insertUser(t.db, { organizationId: north.organizationId });
    await insertUser(t.db, { organizationId: south.organizationId });
    const older = await submitCart(buyer.headers, 'Riverside Park', [north, south]);
    const newer = await submitCart(buyer.headers, 'Maple Court', [south]);
    await setSubmittedAt(older, '2026-03-01T10:00:00Z');
    await setSubmittedAt(newer, '2026-03-05T10:00:00Z');
    // An open cart is not a submitted one.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: buyer.headers,
      payload: { name: 'Draft' },
    });

    const answer = await get<ListAnswer<SubmittedCartWithOrders>>(
      buyer.headers,
      '/api/v1/dashboard/submitted_carts',
    );
    expect(answer.totalCount).toBe(2);
    expect(answer.results.map((cart) => cart.name)).toEqual(['Maple Court', 'Riverside Park']);
    const riverside = answer.results[1];
    expect(riverside.orders.map((order) => order.branch.name)).toEqual(['North Nursery', 'South Stone']);
    expect(riverside.orders[0]).toMatchObject({
      productCount: 1,
      fulfillmentType: 'pickup',
      state: 'purchase_order_sent',
      displayState: { label: 'Supplier Reviewing' },
    });
    expect(riverside.totalPrice).toBe(riverside.orders[0].total + riverside.orders[1].total);
    expect(riverside.totalPrice).toBeGreaterThan(0);
  });

  it('fetches 15 by default and pages the rest', async () => {
    const buyer = await signedInBuyer(t.db);
    const listing = await supplierListing(t.db);
    for (let n = 0; n < 16; n++) await submitCart(buyer.headers, `Job ${n}`, [listing]);
    const first = await get<ListAnswer<SubmittedCartWithOrders>>(
      buyer.headers,
      '/api/v1/dashboard/submitted_carts',
    );
    expect(first.results).toHaveLength(15);
    expect(first).toMatchObject({ totalCount: 16, totalPages: 2 });
    const second = await get<ListAnswer<SubmittedCartWithOrders>>(
      buyer.headers,
      '/api/v1/dashboard/submitted_carts?page=2',
    );
    expect(second.results).toHaveLength(1);
  });

  it("never shows another user's carts", async () => {
    const stranger = await signedInBuyer(t.db);
    const answer = await get<ListAnswer<SubmittedCartWithOrders>>(
      stranger.headers,
      '/api/v1/dashboard/submitted_carts',
    );
    expect(answer).toMatchObject({ results: [], totalCount: 0 });
  });

  it('answers 401 without a sign-in and 403 with the suspended text for a suspended user', async () => {
    await get({}, '/api/v1/dashboard/submitted_carts', 401);
    const suspended = await signedInBuyer(t.db, { status: 'no_site_use' });
    const answer = await get<{ message: string }>(
      suspended.headers,
      '/api/v1/dashboard/submitted_carts',
      403,
    );
    expect(answer.message).toMatch(/Your access has been suspended/);
  });
});

describe('GET /api/v1/dashboard/shop_suppliers', () => {
  it('answers up to 4 distinct branches of recent orders, most recent first', async () => {
    const buyer = await signedInBuyer(t.db);
    const listings: Listing[] = [];
    for (let n = 0; n < 5; n++)
      listings.push(await supplierListing(t.db, { branch: { name: `Grower ${n}` } }));
    // Oldest first; Grower 0 is ordered from twice, the second time most recently.
    const at = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'];
    for (let n = 0; n < 5; n++)
      await setSubmittedAt(await submitCart(buyer.headers, `Job ${n}`, [listings[n]]), `${at[n]}T10:00:00Z`);
    await setSubmittedAt(await submitCart(buyer.headers, 'Again', [listings[0]]), '2026-01-06T10:00:00Z');

    const answer = await get<ShopSuppliers>(buyer.headers, '/api/v1/dashboard/shop_suppliers');
    expect(answer.source).toBe('recent_orders');
    expect(answer.results.map((branch) => branch.name)).toEqual([
      'Grower 0',
      'Grower 4',
      'Grower 3',
      'Grower 2',
    ]);
    expect(answer.results[0]).toMatchObject({
      id: listings[0].branch.id,
      slug: listings[0].branch.slug,
      address: { street1: '1 Main St', city: 'Charlotte', state: 'NC' },
    });
    expect(answer.results[0]).toHaveProperty('logo');
  });

  it('answers up to 4 branches near the default postal code when there are no orders', async () => {
    const organization = await insertOrganization(t.db, { isBuyer: false });
    // Charlotte (28202) and around it; one far away in Seattle.
    const near = [
      [35.2271, -80.8431],
      [35.25, -80.8],
      [35.3, -80.9],
      [35.1, -80.7],
      [35.4, -81.0],
    ];
    for (const [n, [latitude, longitude]] of near.entries())
      await insertBranch(t.db, organization.id, { name: `Charlotte ${n}`, latitude, longitude });
    await insertBranch(t.db, organization.id, { name: 'Seattle', latitude: 47.6, longitude: -122.3 });
    const user = await insertUser(t.db, {
      organizationId: (await insertOrganization(t.db)).id,
      defaultPostalCode: '28202',
    });
    const answer = await get<ShopSuppliers>(
      bearer(await tokenFor(t.db, user.id)),
      '/api/v1/dashboard/shop_suppliers',
    );
    expect(answer.source).toBe('nearby');
    expect(answer.postalCode).toBe('28202');
    expect(answer.results).toHaveLength(4);
    expect(answer.results[0].name).toBe('Charlotte 0');
    expect(answer.results.map((branch) => branch.name)).not.toContain('Seattle');
  });

  it('answers none without orders or a default postal code', async () => {
    const user = await insertUser(t.db, { defaultPostalCode: null });
    const answer = await get<ShopSuppliers>(
      bearer(await tokenFor(t.db, user.id)),
      '/api/v1/dashboard/shop_suppliers',
    );
    expect(answer).toEqual({ source: 'none', postalCode: null, results: [] });
  });
});

describe('GET /api/v1/dashboard/setup_progress', () => {
  it('starts a new user at 20% and moves to 60% with a favourite supplier and a first cart', async () => {
    const user = await insertUser(t.db, {
      organizationId: (await insertOrganization(t.db)).id,
      activated: false,
      status: 'approved_for_site_use_only',
    });
    const headers = bearer(await tokenFor(t.db, user.id));
    const before = await get<SetupProgress>(headers, '/api/v1/dashboard/setup_progress');
    expect(before.percent).toBe(20);
    expect(before.steps.map((step) => [step.key, step.done])).toEqual([
      ['accountCreated', true],
      ['searchedForProducts', false],
      ['hasFavoriteSuppliers', false],
      ['hasPaymentMethod', false],
      ['createdCart', false],
    ]);

    const listing = await supplierListing(t.db);
    const starred = await t.app.inject({
      method: 'POST',
      url: '/api/v1/favorite_branches',
      headers,
      payload: { branchId: listing.branch.id },
    });
    expect(starred.statusCode, starred.body).toBe(201);
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers,
      payload: { name: 'First' },
    });
    expect(cart.statusCode, cart.body).toBe(201);

    const after = await get<SetupProgress>(headers, '/api/v1/dashboard/setup_progress');
    expect(after).toMatchObject({ percent: 60, complete: false });
    expect(after.steps.filter((step) => step.done).map((step) => step.key)).toEqual([
      'accountCreated',
      'hasFavoriteSuppliers',
      'createdCart',
    ]);
  });
});

describe('GET /api/v1/dashboard/market_manager', () => {
  it('shows the default market manager with the default support contact', async () => {
    await insertUser(t.db, {
      isMarketManager: true,
      firstName: 'Avery',
      lastName: 'Lind',
      phone: '(704) 555-0101',
    });
    const buyer = await signedInBuyer(t.db);
    const answer = await get<MarketManagerCard>(buyer.headers, '/api/v1/dashboard/market_manager');
    expect(answer.manager).toMatchObject({ defaultMarketManager: true });
    expect(answer.contact).toEqual({
      email: supportContact.email,
      phone: supportContact.phone,
      usesSupportContact: true,
    });
  });
});

describe('GET /api/v1/dashboard/notices', () => {
  it('shows the loyalty discount banner only to an organisation with a platform discount, and the payment warning to a buyer without a method', async () => {
    const loyal = await signedInBuyer(t.db, { paymentMethod: false });
    const other = await signedInBuyer(t.db);
    await insertDiscount(t.db, {
      name: 'Loyalty',
      kind: 'platform',
      operator: 'PERCENTAGE',
      value: 200,
      buyerOrganizationId: loyal.organization?.id,
    });
    // An expired one does not count.
    await insertDiscount(t.db, {
      name: 'Old loyalty',
      kind: 'platform',
      operator: 'PERCENTAGE',
      value: 200,
      buyerOrganizationId: other.organization?.id,
      endsAt: new Date('2020-01-01T00:00:00Z'),
    });
    expect(await get<DashboardNotices>(loyal.headers, '/api/v1/dashboard/notices')).toEqual({
      discountBanner: true,
      hasPaymentMethod: false,
      needsPaymentWarning: true,
    });
    expect((await get<DashboardNotices>(other.headers, '/api/v1/dashboard/notices')).discountBanner).toBe(
      false,
    );
  });
});

describe('GET /api/v1/dashboard/invite_request', () => {
  type Answer = { inviteRequest: PendingInviteRequest | null };

  async function userWithInviteRequest(values: Partial<typeof inviteRequests.$inferInsert>) {
    const user = await insertUser(t.db, { organizationId: null, phone: '(704) 555-0100' });
    const [request] = await t.db
      .insert(inviteRequests)
      .values({
        userId: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        ...values,
      })
      .returning();
    return { user, request, headers: bearer(await tokenFor(t.db, user.id)) };
  }

  it('answers the incomplete invite request with what is known and what is missing', async () => {
    const { request, headers } = await userWithInviteRequest({
      phone: '(704) 555-0100',
      companyName: 'Oak & Ash',
      postalCode: '28202',
      companyType: 'Landscape Contractor',
    });
    const answer = await get<Answer>(headers, '/api/v1/dashboard/invite_request');
    expect(answer.inviteRequest).toMatchObject({
      id: request.id,
      known: { companyName: 'Oak & Ash', postalCode: '28202', companyType: 'Landscape Contractor' },
    });
    expect([...(answer.inviteRequest?.missing ?? [])].sort()).toEqual([
      'companySize',
      'projectTypes',
      'roles',
    ]);
  });

  it('takes company details from a linked organisation, and asks only for the rest', async () => {
    const organization = await insertOrganization(t.db, { companySize: '21-50' });
    const { headers } = await userWithInviteRequest({
      phone: '(704) 555-0100',
      postalCode: '28202',
      organizationId: organization.id,
    });
    const answer = await get<Answer>(headers, '/api/v1/dashboard/invite_request');
    expect(answer.inviteRequest?.known.companyName).toBe(organization.name);
    expect(answer.inviteRequest?.missing).toEqual(['roles']);
  });

  it('is gone once the request is completed, with Other replaced by the described role', async () => {
    const { request, headers } = await userWithInviteRequest({
      phone: '(704) 555-0100',
      postalCode: '28202',
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/invite_requests/${request.id}`,
      headers,
      payload: {
        phone: '(704) 555-0100',
        companyName: 'Oak & Ash',
        postalCode: '28202',
        companySize: '6-20',
        roles: ['Owner', 'Other'],
        companyType: 'Landscape Contractor',
        projectTypes: [],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields).toMatchObject({
      otherRole: 'Please describe your role',
      projectTypes: 'Please select at least one project type',
    });
    expect((await get<Answer>(headers, '/api/v1/dashboard/invite_request')).inviteRequest).not.toBeNull();

    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/invite_requests/${request.id}`,
      headers,
      payload: {
        phone: '(704) 555-0100',
        companyName: 'Oak & Ash',
        postalCode: '28202',
        companySize: '6-20',
        roles: ['Owner', 'Other'],
        otherRole: 'Irrigation lead',
        companyType: 'Landscape Contractor',
        projectTypes: ['Restoration'],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ roles: string[] }>().roles).toEqual(['Owner', 'Irrigation lead']);
    expect(await get<Answer>(headers, '/api/v1/dashboard/invite_request')).toEqual({ inviteRequest: null });
  });

  it('answers null for a user whose invite request already holds every detail, or who has none', async () => {
    const { headers } = await userWithInviteRequest({
      phone: '(704) 555-0100',
      companyName: 'Full Co',
      postalCode: '28202',
      companySize: '1-5',
      roles: ['Owner'],
      companyType: 'Grower',
      projectTypes: ['Restoration'],
    });
    expect(await get<Answer>(headers, '/api/v1/dashboard/invite_request')).toEqual({ inviteRequest: null });
    const buyer = await signedInBuyer(t.db);
    expect(await get<Answer>(buyer.headers, '/api/v1/dashboard/invite_request')).toEqual({
      inviteRequest: null,
    });
  });
});

describe('order panels for suppliers and buyers', () => {
  it("gives a supplier its branches' orders and a buyer its own, newest first, 3 a tab", async () => {
    const buyer = await signedInBuyer(t.db);
    const listing = await supplierListing(t.db);
    const supplier = bearer(
      await tokenFor(t.db, (await insertUser(t.db, { organizationId: listing.organizationId })).id),
    );
    const cartIds: number[] = [];
    for (let n = 0; n < 4; n++) cartIds.push(await submitCart(buyer.headers, `Order ${n}`, [listing]));
    for (const [n, id] of cartIds.entries()) await setSubmittedAt(id, `2026-02-0${n + 1}T10:00:00Z`);

    const supplierTab = await get<ListAnswer<{ name: string }>>(
      supplier,
      '/api/v1/orders?tab=supplier&perPage=3&sort=submittedAt|desc',
    );
    expect(supplierTab.results.map((order) => order.name)).toEqual(['Order 3', 'Order 2', 'Order 1']);
    const buyerTab = await get<ListAnswer<{ name: string }>>(
      buyer.headers,
      '/api/v1/orders?tab=buyer&perPage=3&sort=submittedAt|desc',
    );
    expect(buyerTab.results.map((order) => order.name)).toEqual(['Order 3', 'Order 2', 'Order 1']);
    // The supplier's alerts count the orders waiting for its answer.
    expect(await get(supplier, '/api/v1/orders/counts')).toEqual({
      buyerNeedsResponse: 0,
      supplierNeedsResponse: 4,
    });
  });
});
