import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adZoneIds } from '../../../domain/marketing/ad-zones';
import { fixedClock } from '../../core/clock';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(now) });
  const admin = await insertUser(t.db, { roles: ['admin'] });
  adminHeaders = bearer(await tokenFor(t.db, admin.id));
});
afterAll(() => t?.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: object, payload?: object) {
  return t.app.inject({ method, url, headers: headers as Record<string, string>, payload });
}

// Active dates are compared with the server's (UTC) day, on a fixed clock: a run that crosses
// midnight (or any later day) sees the same dates.
const now = new Date('2031-03-12T12:00:00Z');
const serverToday = now.toISOString().slice(0, 10);
const shiftDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

async function createMessage(values: Record<string, unknown>) {
  const response = await call('POST', '/api/internal/marketing_messages', adminHeaders, {
    title: 'Spring is here',
    message: 'Order early for the best selection.',
    audience: 'all_users',
    ...values,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('GET /api/v1/marketing_messages', () => {
  it('gives each user the live messages of their audiences only', async () => {
    const tag = `audience-${Date.now()}`;
    await createMessage({ title: `${tag} everyone`, audience: 'all_users' });
    await createMessage({ title: `${tag} activated`, audience: 'activated' });
    await createMessage({ title: `${tag} new`, audience: 'non_activated' });
    await createMessage({ title: `${tag} suppliers`, audience: 'suppliers' });
    await createMessage({ title: `${tag} buyers`, audience: 'buyers' });
    await createMessage({ title: `${tag} switched off`, audience: 'all_users', active: false });
    await createMessage({ title: `${tag} ended`, audience: 'all_users', activeTo: shiftDays(-2) });
    await createMessage({ title: `${tag} upcoming`, audience: 'all_users', activeFrom: shiftDays(5) });
    await createMessage({
      title: `${tag} running`,
      audience: 'all_users',
      activeFrom: shiftDays(-1),
      activeTo: shiftDays(1),
    });

    const titlesFor = async (userId: number) => {
      const response = await call('GET', '/api/v1/marketing_messages', bearer(await tokenFor(t.db, userId)));
      expect(response.statusCode).toBe(200);
      return (response.json().results as { title: string }[])
        .map((message) => message.title.replace(`${tag} `, ''))
        .filter((title) => !title.startsWith('audience-'))
        .sort();
    };

    const activatedBuyer = await insertUser(t.db, { activated: true });
    expect(await titlesFor(activatedBuyer.id)).toEqual(['activated', 'buyers', 'everyone', 'running']);

    const newBuyer = await insertUser(t.db, { activated: false });
    expect(await titlesFor(newBuyer.id)).toEqual(['buyers', 'everyone', 'new', 'running']);

    const supplierOrg = await insertOrganization(t.db, { isBuyer: false });
    await insertBranch(t.db, supplierOrg.id);
    const supplier = await insertUser(t.db, { organizationId: supplierOrg.id, activated: true });
    expect(await titlesFor(supplier.id)).toEqual(['activated', 'everyone', 'running', 'suppliers']);
  });

  it('answers with the message fields of the spec', async () => {
    const created = await createMessage({
      title: `fields-${Date.now()}`,
      ctaUrl: '/search?query=maple',
      ctaButtonLabel: 'Shop maples',
      ctaEventLabel: 'maple_cta',
      eventLabel: 'maple_message',
    });
    const user = await insertUser(t.db);
    const response = await call('GET', '/api/v1/marketing_messages', bearer(await tokenFor(t.db, user.id)));
    expect(response.json().results.find((message: { id: number }) => message.id === created.id)).toEqual({
      id: created.id,
      title: created.title,
      message: 'Order early for the best selection.',
      audience: 'all_users',
      ctaUrl: '/search?query=maple',
      ctaButtonLabel: 'Shop maples',
      ctaEventLabel: 'maple_cta',
      eventLabel: 'maple_message',
    });
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/marketing_messages' })).statusCode).toBe(401);
  });
});

describe('/api/internal/marketing_messages', () => {
  it('refuses anyone but an admin, before looking at the body', async () => {
    const buyer = await insertUser(t.db);
    const buyerHeaders = bearer(await tokenFor(t.db, buyer.id));
    const logistics = await insertUser(t.db, { roles: ['logistics_admin'] });
    const logisticsHeaders = bearer(await tokenFor(t.db, logistics.id));
    const existing = await createMessage({ title: 'Admin only' });
    for (const headers of [buyerHeaders, logisticsHeaders]) {
      expect((await call('GET', '/api/internal/marketing_messages', headers)).statusCode).toBe(403);
      expect((await call('POST', '/api/internal/marketing_messages', headers, {})).statusCode).toBe(403);
      expect(
        (await call('PATCH', `/api/internal/marketing_messages/${existing.id}`, headers, { title: 'x' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('DELETE', `/api/internal/marketing_messages/${existing.id}`, headers)).statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/internal/marketing_messages' })).statusCode).toBe(
      401,
    );
    const still = await call('GET', `/api/internal/marketing_messages/${existing.id}`, adminHeaders);
    expect(still.json().title).toBe('Admin only');
  });

  it('validates with the messages the form shows', async () => {
    const response = await call('POST', '/api/internal/marketing_messages', adminHeaders, {
      title: ' ',
      message: '',
      audience: 'everyone',
      ctaUrl: 'javascript:alert(1)',
      activeFrom: '2026-05-10',
      activeTo: '2026-05-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      title: 'Enter a title for this message',
      message: 'Enter the text of this message',
      audience: 'Choose who sees this message',
      ctaUrl: 'Enter a full link (https://…) or a path on this site (/search)',
      // Cross-field rules run while other fields are wrong, so every message shows at once.
      ctaButtonLabel: 'Enter a button label for this call to action',
      activeTo: 'The end date must be on or after the start date',
    });
    const labelMissing = await call('POST', '/api/internal/marketing_messages', adminHeaders, {
      title: 'A',
      message: 'B',
      audience: 'buyers',
      ctaUrl: 'https://example.com/offer',
      activeFrom: '2026-05-10',
      activeTo: '2026-05-01',
      ctaEventLabel: 'x'.repeat(101),
    });
    expect(labelMissing.json().fields).toEqual({
      ctaButtonLabel: 'Enter a button label for this call to action',
      activeTo: 'The end date must be on or after the start date',
      ctaEventLabel: 'Limit call-to-action event label to 100 characters',
    });
  });

  it('lists, reads, edits and deletes; an unknown id answers 404', async () => {
    const created = await createMessage({ title: 'To edit', audience: 'suppliers', activeTo: shiftDays(-1) });
    expect(created).toMatchObject({ active: true, live: false, activeTo: shiftDays(-1) });
    const list = await call('GET', '/api/internal/marketing_messages?perPage=100', adminHeaders);
    expect(list.json().results.map((message: { id: number }) => message.id)).toContain(created.id);

    const edited = await call('PATCH', `/api/internal/marketing_messages/${created.id}`, adminHeaders, {
      title: 'Edited',
      message: 'New text',
      audience: 'activated',
      activeFrom: null,
      activeTo: null,
      active: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Edited',
      audience: 'activated',
      active: false,
      live: false,
    });

    expect(
      (await call('DELETE', `/api/internal/marketing_messages/${created.id}`, adminHeaders)).statusCode,
    ).toBe(204);
    expect(
      (await call('GET', `/api/internal/marketing_messages/${created.id}`, adminHeaders)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/internal/marketing_messages/${created.id}`, adminHeaders)).statusCode,
    ).toBe(404);
    const patchMissing = await call('PATCH', '/api/internal/marketing_messages/999999', adminHeaders, {
      title: 'A',
      message: 'B',
      audience: 'buyers',
    });
    expect(patchMissing.statusCode).toBe(404);
  });
});

describe('house ads and ad zones', () => {
  const ad = (values: Record<string, unknown> = {}) => ({
    name: 'Spring catalogue',
    zoneId: '20776',
    imageUrl: 'https://cdn.example.com/spring.png',
    linkUrl: '/search?query=spring',
    altText: 'Spring catalogue: 20% off perennials',
    ...values,
  });

  it('shows a zone’s live ad, and nothing (204) for a zone without one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones/20779' })).statusCode).toBe(204);
    const created = await call('POST', '/api/internal/house_ads', adminHeaders, ad({ zoneId: '20779' }));
    expect(created.statusCode).toBe(201);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones/20779' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: created.json().id,
      zoneId: '20779',
      imageUrl: 'https://cdn.example.com/spring.png',
      phoneImageUrl: null,
      linkUrl: '/search?query=spring',
      altText: 'Spring catalogue: 20% off perennials',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones/20778' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones/12345' })).statusCode).toBe(404);
  });

  it('keeps a phone image for a wide zone, and an empty one as none', async () => {
    const created = await call(
      'POST',
      '/api/internal/house_ads',
      adminHeaders,
      ad({ zoneId: '20776', phoneImageUrl: '/ads/spring-phone.svg' }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().phoneImageUrl).toBe('/ads/spring-phone.svg');
    const zone = await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones/20776' });
    expect(zone.json().phoneImageUrl).toBe('/ads/spring-phone.svg');
    const cleared = await call('PATCH', `/api/internal/house_ads/${created.json().id}`, adminHeaders, {
      ...ad({ zoneId: '20776' }),
      phoneImageUrl: '',
    });
    expect(cleared.json().phoneImageUrl).toBeNull();
    await call('DELETE', `/api/internal/house_ads/${created.json().id}`, adminHeaders);
  });

  it('answers every filled zone’s ad in one call, the same ad each zone’s own call shows', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones' });
    expect(before.statusCode).toBe(200);
    const filledBefore = before.json().results.map((row: { zoneId: string }) => row.zoneId);
    const created = await call('POST', '/api/internal/house_ads', adminHeaders, ad({ zoneId: '20778' }));
    await call('POST', '/api/internal/house_ads', adminHeaders, ad({ zoneId: '20777', active: false }));
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones' });
    const results: { id: number; zoneId: string }[] = response.json().results;
    expect(results.map((row) => row.zoneId)).toEqual(
      adZoneIds.filter((zoneId) => zoneId === '20778' || filledBefore.includes(zoneId)),
    );
    expect(results.find((row) => row.zoneId === '20778')?.id).toBe(created.json().id);
    expect(results.some((row) => row.zoneId === '20777')).toBe(false);
    for (const row of results) {
      const own = await t.app.inject({ method: 'GET', url: `/api/v1/ad_zones/${row.zoneId}` });
      expect(own.json()).toEqual(row);
    }
  });

  it('leaves out ads switched off or outside their dates', async () => {
    await call('POST', '/api/internal/house_ads', adminHeaders, ad({ zoneId: '21639', active: false }));
    await call(
      'POST',
      '/api/internal/house_ads',
      adminHeaders,
      ad({ zoneId: '21639', activeTo: shiftDays(-2) }),
    );
    await call(
      'POST',
      '/api/internal/house_ads',
      adminHeaders,
      ad({ zoneId: '21639', activeFrom: shiftDays(3) }),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones/21639' })).statusCode).toBe(204);
    const running = await call(
      'POST',
      '/api/internal/house_ads',
      adminHeaders,
      ad({ zoneId: '21639', activeFrom: serverToday, activeTo: serverToday }),
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones/21639' });
    expect(response.json().id).toBe(running.json().id);
  });

  it('refuses non-admins and bad input with messages', async () => {
    const buyer = await insertUser(t.db);
    const headers = bearer(await tokenFor(t.db, buyer.id));
    expect((await call('POST', '/api/internal/house_ads', headers, ad())).statusCode).toBe(403);
    expect((await call('GET', '/api/internal/house_ads', headers)).statusCode).toBe(403);
    const bad = await call('POST', '/api/internal/house_ads', adminHeaders, {
      name: '',
      zoneId: '1',
      imageUrl: 'not a link',
      phoneImageUrl: 'not a link either',
      linkUrl: '',
      altText: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      name: 'Enter a name for this ad',
      zoneId: 'Choose a zone for this ad',
      imageUrl: 'Enter a full link (https://…) or a path on this site (/search)',
      phoneImageUrl: 'Enter a full link (https://…) or a path on this site (/search)',
      linkUrl: 'Enter a link for this ad',
      altText: 'Describe the image for people who cannot see it',
    });
  });

  it('edits and deletes an ad; the zone empties when its ad goes', async () => {
    const created = (
      await call('POST', '/api/internal/house_ads', adminHeaders, ad({ zoneId: '21640' }))
    ).json();
    const moved = await call(
      'PATCH',
      `/api/internal/house_ads/${created.id}`,
      adminHeaders,
      ad({ zoneId: '21636' }),
    );
    expect(moved.json()).toMatchObject({ zoneId: '21636', live: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones/21640' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones/21636' })).statusCode).toBe(200);
    const list = await call('GET', '/api/internal/house_ads?zoneId=21636', adminHeaders);
    expect(list.json().results.map((row: { id: number }) => row.id)).toEqual([created.id]);
    expect((await call('DELETE', `/api/internal/house_ads/${created.id}`, adminHeaders)).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ad_zones/21636' })).statusCode).toBe(204);
    expect((await call('DELETE', `/api/internal/house_ads/${created.id}`, adminHeaders)).statusCode).toBe(
      404,
    );
  });
});
