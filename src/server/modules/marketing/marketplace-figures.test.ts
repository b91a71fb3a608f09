import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../core/clock';
import { supplierListing } from '../../test/cart-factories';
import { insertBranch } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

// A clock the test moves, so the minute-long cache can be seen to expire.
let now = new Date('2026-05-04T12:00:00Z');
const clock: Clock = { now: () => new Date(now) };
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t?.close());

const figures = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/marketplace_figures' });
  expect(response.statusCode).toBe(200);
  return response.json() as { suppliers: number; branches: number; products: number; states: number };
};

describe('the landing page figures', () => {
  it('counts suppliers, branches, products in stock and states from the data, cached for a minute', async () => {
    const before = await figures();

    // Two branches of one supplier in two states, a second supplier, a restricted product (not
    // counted), and a branch with nothing in stock (not counted).
    const first = await supplierListing(t.db, { branch: { stateCode: 'ZZ' } });
    await supplierListing(t.db, { organizationId: first.organizationId, branch: { stateCode: 'ZY' } });
    await supplierListing(t.db, { branch: { stateCode: 'ZZ' }, restricted: true });
    await insertBranch(t.db, first.organizationId, { stateCode: 'ZX' });

    // Within the minute the visitor sees the figures already counted.
    now = new Date(now.getTime() + 30_000);
    expect(await figures()).toEqual(before);

    now = new Date(now.getTime() + 31_000);
    expect(await figures()).toEqual({
      suppliers: before.suppliers + 2,
      branches: before.branches + 3,
      products: before.products + 2,
      states: before.states + 2,
    });
  });

  it('is public and tells caches it may be kept for a minute', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/marketplace_figures' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });
});
