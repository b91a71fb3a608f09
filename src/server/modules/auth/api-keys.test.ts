import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyRateLimitMessage,
  apiKeyRefusedMessage,
  apiKeyRouteMessage,
} from '../../../domain/admin/api-keys';
import type { Clock } from '../../core/clock';
import { submittedOrder } from '../../test/cart-factories';
import { bearer, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { apiKeys } from './auth.tables';
import { hashToken } from './tokens';

// The clock moves only when a test moves it, so the rate limit's window is the test's to cross.
let instant = new Date('2026-11-24T15:00:00Z');
const clock: Clock = { now: () => new Date(instant) };

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { apiKeyRequestsPerMinute: 5 } });
  const admin = await insertUser(t.db, { roles: ['admin'] });
  adminToken = await tokenFor(t.db, admin.id);
});
afterAll(() => t?.close());

const as = (token: string, options: InjectOptions) =>
  t.app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
const asAdmin = (options: InjectOptions) => as(adminToken, options);

async function generate(organizationId: number, label = 'ERP sync') {
  const answer = await asAdmin({
    method: 'POST',
    url: `/api/internal/organizations/${organizationId}/api_keys`,
    payload: { label },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<{ id: number; key: string; prefix: string }>();
}

describe('affiliate API keys', () => {
  it('reads availability with a new key, and is refused at once after revocation', async () => {
    instant = new Date('2026-11-24T15:00:00Z');
    const { buyer, listing } = await submittedOrder(t.db, t.app);
    const organizationId = buyer.organization?.id as number;
    const created = await generate(organizationId);
    expect(created.key).toMatch(/^hk_[A-Za-z0-9_-]{32}$/);
    expect(created.prefix).toBe(created.key.slice(0, 9));

    const read = await as(created.key, {
      method: 'GET',
      url: `/api/v1/availabilities?productId=${listing.product.id}`,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().results.map((r: { id: number }) => r.id)).toContain(listing.availability.id);

    const listed = await asAdmin({
      method: 'GET',
      url: `/api/internal/organizations/${organizationId}/api_keys`,
    });
    expect(listed.json().results).toEqual([
      expect.objectContaining({
        id: created.id,
        label: 'ERP sync',
        prefix: created.prefix,
        lastUsedAt: instant.toISOString(),
        revokedAt: null,
      }),
    ]);
    expect(listed.body).not.toContain(created.key);

    const revoked = await asAdmin({ method: 'DELETE', url: `/api/internal/api_keys/${created.id}` });
    expect(revoked.statusCode).toBe(204);
    const refused = await as(created.key, {
      method: 'GET',
      url: `/api/v1/availabilities?productId=${listing.product.id}`,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: apiKeyRefusedMessage, code: 'api_key_refused' });
    const after = await asAdmin({
      method: 'GET',
      url: `/api/internal/organizations/${organizationId}/api_keys`,
    });
    expect(after.json().results[0].revokedAt).toBe(instant.toISOString());
  });

  it('stores a hash of the key and its prefix, never the key', async () => {
    const organization = await insertOrganization(t.db);
    const created = await generate(organization.id);
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.keyHash).toBe(hashToken(created.key));
    expect(row.keyPrefix).toBe(created.key.slice(0, 9));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it('reads its own organisation’s orders, and another organisation’s order is not found', async () => {
    instant = new Date('2026-11-24T15:10:00Z');
    const mine = await submittedOrder(t.db, t.app);
    const theirs = await submittedOrder(t.db, t.app);
    const { key } = await generate(mine.buyer.organization?.id as number);

    const list = await as(key, { method: 'GET', url: '/api/v1/orders' });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((o: { id: number }) => o.id)).toEqual([mine.orderId]);
    const own = await as(key, { method: 'GET', url: `/api/v1/orders/${mine.orderId}` });
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(mine.orderId);
    const other = await as(key, { method: 'GET', url: `/api/v1/orders/${theirs.orderId}` });
    expect(other.statusCode).toBe(404);
  });

  it('is refused on writes and on every route it is not given', async () => {
    instant = new Date('2026-11-24T15:20:00Z');
    const mine = await submittedOrder(t.db, t.app);
    const { key } = await generate(mine.buyer.organization?.id as number);

    const write = await as(key, { method: 'POST', url: '/api/v1/carts', payload: { name: 'From a key' } });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ message: apiKeyRouteMessage, code: 'api_key_route' });
    const cancel = await as(key, { method: 'POST', url: `/api/v1/orders/${mine.orderId}/reorder` });
    expect(cancel.statusCode).toBe(403);
    const account = await as(key, { method: 'GET', url: '/api/v1/users/current' });
    expect(account.statusCode).toBe(403);
    const staff = await as(key, { method: 'GET', url: '/api/internal/organizations' });
    expect(staff.statusCode).toBe(403);
    // A public write refuses it too: a key never acts, even where a visitor may.
    const click = await as(key, { method: 'POST', url: '/api/v1/search_clicks', payload: { productId: 1 } });
    expect(click.statusCode).toBe(403);
  });

  it('answers 429 with Retry-After past the per-minute limit, and again in the next minute', async () => {
    instant = new Date('2026-11-24T16:00:00Z');
    const organization = await insertOrganization(t.db);
    const { key } = await generate(organization.id);
    for (let i = 0; i < 5; i += 1) {
      const read = await as(key, { method: 'GET', url: '/api/v1/product_groups' });
      expect(read.statusCode).toBe(200);
    }
    instant = new Date('2026-11-24T16:00:20Z');
    const limited = await as(key, { method: 'GET', url: '/api/v1/product_groups' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('40');
    expect(limited.json().message).toBe(apiKeyRateLimitMessage);

    instant = new Date('2026-11-24T16:01:00Z');
    const again = await as(key, { method: 'GET', url: '/api/v1/product_groups' });
    expect(again.statusCode).toBe(200);
  });

  it('counts each key on its own', async () => {
    instant = new Date('2026-11-24T17:00:00Z');
    const organization = await insertOrganization(t.db);
    const first = await generate(organization.id, 'first');
    const second = await generate(organization.id, 'second');
    for (let i = 0; i < 6; i += 1) await as(first.key, { method: 'GET', url: '/api/v1/product_groups' });
    expect((await as(first.key, { method: 'GET', url: '/api/v1/product_groups' })).statusCode).toBe(429);
    expect((await as(second.key, { method: 'GET', url: '/api/v1/product_groups' })).statusCode).toBe(200);
  });

  it('refuses a key that was never issued', async () => {
    const answer = await as(`hk_${'x'.repeat(32)}`, { method: 'GET', url: '/api/v1/product_groups' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('api_key_refused');
  });

  it('lets only staff with manage_api_keys generate, list and revoke keys', async () => {
    const organization = await insertOrganization(t.db);
    const created = await generate(organization.id);
    const support = await insertUser(t.db, { roles: ['support'] });
    const supportToken = await tokenFor(t.db, support.id);
    const buyer = await insertUser(t.db, { organizationId: organization.id, status: 'approved' });
    const buyerToken = await tokenFor(t.db, buyer.id);
    for (const token of [supportToken, buyerToken]) {
      const post = await as(token, {
        method: 'POST',
        url: `/api/internal/organizations/${organization.id}/api_keys`,
        payload: { label: 'x' },
      });
      expect(post.statusCode).toBe(403);
      const del = await as(token, { method: 'DELETE', url: `/api/internal/api_keys/${created.id}` });
      expect(del.statusCode).toBe(403);
    }
    expect(
      (
        await asAdmin({
          method: 'POST',
          url: '/api/internal/organizations/999999/api_keys',
          payload: { label: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await asAdmin({ method: 'DELETE', url: '/api/internal/api_keys/999999' })).statusCode).toBe(404);
    const blank = await asAdmin({
      method: 'POST',
      url: `/api/internal/organizations/${organization.id}/api_keys`,
      payload: { label: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.label).toBe('Enter a label for the key');
  });

  it('searches the catalogue with the key without recording a user', async () => {
    instant = new Date('2026-11-24T18:00:00Z');
    const organization = await insertOrganization(t.db);
    const { key } = await generate(organization.id);
    const search = await as(key, { method: 'GET', url: '/api/v1/products/search?query=maple' });
    expect(search.statusCode).toBe(200);
  });
});
