import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureName } from '../../../domain/features';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { ensureKnownFeatures } from './features.service';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
const featureIds = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  await ensureKnownFeatures(t.db, t.app.deps.features);
  const admin = await insertUser(t.db, { roles: ['admin'] });
  adminToken = await tokenFor(t.db, admin.id);
  const listed = await t.app.inject({
    method: 'GET',
    url: '/api/internal/features',
    headers: bearer(adminToken),
  });
  for (const feature of listed.json().results) featureIds.set(feature.name, feature.id);
});
afterAll(() => t?.close());

async function patchFeature(name: FeatureName, body: { active?: boolean; enabledGlobally?: boolean }) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/internal/features/${featureIds.get(name)}`,
    headers: bearer(adminToken),
    payload: body,
  });
  expect(response.statusCode).toBe(200);
}

async function enable(
  name: FeatureName,
  target: { organizationId?: number; userId?: number; flag?: string },
  enabled = true,
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/internal/features/${featureIds.get(name)}/enablements`,
    headers: bearer(adminToken),
    payload: { ...target, enabled },
  });
  expect(response.statusCode).toBe(200);
}

/** The feature names GET /api/v1/features lists for a token (or a visitor). */
async function featuresFor(token: string | null): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/features',
    headers: token ? bearer(token) : {},
  });
  expect(response.statusCode).toBe(200);
  const { results } = response.json() as { results: { name: string; enabled: boolean }[] };
  expect(results.every((feature) => feature.enabled)).toBe(true);
  return results.map((feature) => feature.name);
}

async function signedInUser(overrides: Parameters<typeof insertUser>[1] = {}) {
  const user = await insertUser(t.db, overrides);
  return { user, token: await tokenFor(t.db, user.id) };
}

describe('GET /api/v1/features', () => {
  it('lists only globally enabled features to a visitor', async () => {
    const organization = await insertOrganization(t.db);
    const { user } = await signedInUser();
    await patchFeature('LAND_ONE', { enabledGlobally: true });
    await enable('RESOURCES_LINK', { organizationId: organization.id });
    await enable('SITE_ADS', { userId: user.id });
    await enable('IMAGE_CONVERTER', { flag: 'buyers' });

    const names = await featuresFor(null);
    expect(names).toContain('LAND_ONE');
    expect(names).not.toContain('RESOURCES_LINK');
    expect(names).not.toContain('SITE_ADS');
    expect(names).not.toContain('IMAGE_CONVERTER');
  });

  it('lists a feature enabled for an organisation to its members only', async () => {
    const organization = await insertOrganization(t.db);
    const other = await insertOrganization(t.db);
    const insider = await signedInUser({ organizationId: organization.id });
    const outsider = await signedInUser({ organizationId: other.id });
    await enable('checkout', { organizationId: organization.id });

    expect(await featuresFor(insider.token)).toContain('checkout');
    expect(await featuresFor(outsider.token)).not.toContain('checkout');
    expect(await featuresFor(null)).not.toContain('checkout');
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: bearer(insider.token),
    });
    expect(current.json().organizationFeatures).toContain('checkout');
  });

  it('lists a feature enabled for a user to that user only', async () => {
    const chosen = await signedInUser();
    const other = await signedInUser();
    await enable('QUICK_ORDER', { userId: chosen.user.id });

    expect(await featuresFor(chosen.token)).toContain('QUICK_ORDER');
    expect(await featuresFor(other.token)).not.toContain('QUICK_ORDER');
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: bearer(chosen.token),
    });
    expect(current.json().userFeatures).toContain('QUICK_ORDER');
  });

  it('lists a feature enabled for suppliers to users whose organisation has branches, not to buyers', async () => {
    const supplierOrganization = await insertOrganization(t.db, { isBuyer: false });
    await insertBranch(t.db, supplierOrganization.id);
    const supplier = await signedInUser({ organizationId: supplierOrganization.id });
    const buyer = await signedInUser({ organizationId: (await insertOrganization(t.db)).id });
    await enable('FREIGHT_REQUEST', { flag: 'suppliers' });

    expect(await featuresFor(supplier.token)).toContain('FREIGHT_REQUEST');
    expect(await featuresFor(buyer.token)).not.toContain('FREIGHT_REQUEST');
  });

  it('lists a feature enabled for admins only to admins', async () => {
    const buyer = await signedInUser();
    await enable('RESOURCES_LINK', { flag: 'admins' });
    expect(await featuresFor(adminToken)).toContain('RESOURCES_LINK');
    expect(await featuresFor(buyer.token)).not.toContain('RESOURCES_LINK');
  });

  it('does not list an inactive feature, even when it is enabled globally', async () => {
    const { user, token } = await signedInUser();
    await patchFeature('PHOTO_REQUEST', { enabledGlobally: true, active: false });
    await enable('PHOTO_REQUEST', { userId: user.id });
    expect(await featuresFor(null)).not.toContain('PHOTO_REQUEST');
    expect(await featuresFor(token)).not.toContain('PHOTO_REQUEST');

    await patchFeature('PHOTO_REQUEST', { active: true });
    expect(await featuresFor(null)).toContain('PHOTO_REQUEST');
    expect(await featuresFor(token)).toContain('PHOTO_REQUEST');
  });

  it('stops listing a feature as soon as its enablement is removed', async () => {
    const { user, token } = await signedInUser();
    await enable('DELIVERY_INSTRUCTIONS', { userId: user.id });
    expect(await featuresFor(token)).toContain('DELIVERY_INSTRUCTIONS');
    await enable('DELIVERY_INSTRUCTIONS', { userId: user.id }, false);
    expect(await featuresFor(token)).not.toContain('DELIVERY_INSTRUCTIONS');
  });

  it('treats a dead token as a visitor', async () => {
    const { user } = await signedInUser();
    await enable('CART_TOOLS_ADD_ITEM', { userId: user.id });
    const names = await featuresFor('not-a-real-token');
    expect(names).not.toContain('CART_TOOLS_ADD_ITEM');
  });
});

describe('order messages', () => {
  it('are on for everyone by default (issue 15), and so is every user inbox', async () => {
    const { user, token } = await signedInUser();
    expect(await featuresFor(token)).toContain('ORDER_MESSAGES');
    expect(user.messagesEnabled).toBe(true);
  });
});
