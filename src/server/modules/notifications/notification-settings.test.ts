import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../../domain/notifications/notification-settings';
import { bearer, insertBranch, insertOrganization, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function call(method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
}

/** A supplier company with two branches and its first member. */
async function supplier() {
  const organization = await insertOrganization(t.db, { isBuyer: false });
  const hendersonville = await insertBranch(t.db, organization.id, { name: 'Hendersonville' });
  const asheville = await insertBranch(t.db, organization.id, { name: 'Asheville' });
  const user = await insertUser(t.db, {
    organizationId: organization.id,
    email: `Owner${organization.id}@Grower.test`,
  });
  const headers = bearer(await tokenFor(t.db, user.id));
  return { organization, hendersonville, asheville, user, headers };
}

async function settingsOf(organizationId: number, headers: Record<string, string>) {
  const response = await call(
    'GET',
    `/api/v1/notification_contacts?organizationId=${organizationId}`,
    headers,
  );
  expect(response.statusCode).toBe(200);
  return response.json<NotificationSettings>();
}

const activeKeys = (settings: NotificationSettings, contactId: number) =>
  settings.results
    .find((contact) => contact.id === contactId)!
    .subscriptions.filter((row) => row.active)
    .map((row) => `${row.key}:${row.branchId ?? '-'}`)
    .sort();

describe('notification contacts', () => {
  it('starts a company with its first member e-mail subscribed to every key that fits', async () => {
    const s = await supplier();
    const settings = await settingsOf(s.organization.id, s.headers);
    expect(settings.keys).toEqual(['branch_order_notification', 'branch_photo_notification']);
    expect(settings.results).toHaveLength(1);
    const [owner] = settings.results;
    expect(owner).toMatchObject({
      notificationMethod: 'Email',
      notificationDestination: s.user.email.toLowerCase(),
      userId: s.user.id,
      active: true,
    });
    expect(activeKeys(settings, owner.id)).toEqual(
      [
        `branch_order_notification:${s.hendersonville.id}`,
        `branch_order_notification:${s.asheville.id}`,
        `branch_photo_notification:${s.hendersonville.id}`,
        `branch_photo_notification:${s.asheville.id}`,
      ].sort(),
    );
  });

  it('gives a buyer created through the company form the buyer keys', async () => {
    const user = await insertUser(t.db, { organizationId: null });
    const headers = bearer(await tokenFor(t.db, user.id));
    const created = await call('POST', '/api/v1/organizations', headers, {
      name: 'Fernwood Landscapes',
      email: 'office@fernwood.test',
      invoiceEmail: 'ap@fernwood.test',
      website: '',
      companyType: 'Landscape Contractor',
      companySize: '6-20',
      projectTypes: ['Residential Construction'],
      taxId: '',
      address: {
        street1: '1 Main St',
        street2: '',
        city: 'Asheville',
        state: 'NC',
        postalCode: '28801',
        phone: '828-555-0100',
        fax: '',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const settings = await settingsOf(created.json<{ id: number }>().id, headers);
    expect(settings.keys).toEqual(['buyer_order_notification', 'requester_notification']);
    expect(activeKeys(settings, settings.results[0].id)).toEqual([
      'buyer_order_notification:-',
      'requester_notification:-',
    ]);
  });

  it('answers 404 for another company and for its contacts', async () => {
    const mine = await supplier();
    const theirs = await supplier();
    const settings = await settingsOf(theirs.organization.id, theirs.headers);
    expect(
      (
        await call(
          'GET',
          `/api/v1/notification_contacts?organizationId=${theirs.organization.id}`,
          mine.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/v1/notification_contacts/${settings.results[0].id}`, mine.headers))
        .statusCode,
    ).toBe(404);
    const subscribe = await call('POST', '/api/v1/notification_subscriptions/unsubscribe', mine.headers, {
      notificationContactIds: [settings.results[0].id],
      subscriptionKey: 'branch_photo_notification',
      branchId: theirs.hendersonville.id,
    });
    expect(subscribe.statusCode).toBe(404);
    const foreignBranch = await call('POST', '/api/v1/notification_contacts', mine.headers, {
      subscriptionKey: 'branch_order_notification',
      branchId: theirs.hendersonville.id,
      notificationMethod: 'Email',
      notificationDestination: 'spy@example.com',
    });
    expect(foreignBranch.statusCode).toBe(404);
  });

  it('checks the contact form with the spec messages, all at once', async () => {
    const s = await supplier();
    const post = (payload: object) =>
      call('POST', '/api/v1/notification_contacts', s.headers, {
        subscriptionKey: 'branch_order_notification',
        branchId: s.hendersonville.id,
        ...payload,
      });
    const noPhone = await post({ notificationMethod: 'Phone', notificationDestination: '' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().fields).toEqual({ notificationDestination: 'Phone Number is Required' });
    const shortPhone = await post({ notificationMethod: 'Phone', notificationDestination: '(828) 555-01' });
    expect(shortPhone.json().fields).toEqual({
      notificationDestination: 'Use a valid 10-digit phone number',
    });
    const noEmail = await post({ notificationMethod: 'Email', notificationDestination: '   ' });
    expect(noEmail.json().fields).toEqual({ notificationDestination: 'Email is required' });
    const badEmail = await post({ notificationMethod: 'Email', notificationDestination: 'yard manager' });
    expect(badEmail.json().fields).toEqual({ notificationDestination: 'Enter a valid email address' });
    const noBranch = await call('POST', '/api/v1/notification_contacts', s.headers, {
      subscriptionKey: 'branch_order_notification',
      notificationMethod: 'Email',
      notificationDestination: 'office@grower.test',
    });
    expect(noBranch.statusCode).toBe(400);
    expect(noBranch.json().fields).toEqual({ branchId: 'Choose the branch these notifications are for' });
    const textPhotos = await call('POST', '/api/v1/notification_contacts', s.headers, {
      subscriptionKey: 'branch_photo_notification',
      branchId: s.hendersonville.id,
      notificationMethod: 'Phone',
      notificationDestination: '(828) 555-0142',
    });
    expect(textPhotos.statusCode).toBe(422);
    expect(textPhotos.json().message).toBe('Text messages are unavailable for this category');
    expect((await settingsOf(s.organization.id, s.headers)).results).toHaveLength(1);
  });

  it('adds a trimmed e-mail and a phone to one branch only, and reuses a contact added twice', async () => {
    const s = await supplier();
    const phone = await call('POST', '/api/v1/notification_contacts', s.headers, {
      subscriptionKey: 'branch_order_notification',
      branchId: s.hendersonville.id,
      notificationMethod: 'Phone',
      notificationDestination: '(828) 555-0142',
      contactLabel: 'Yard manager',
    });
    expect(phone.statusCode, phone.body).toBe(201);
    await call('POST', '/api/v1/notification_contacts', s.headers, {
      subscriptionKey: 'branch_order_notification',
      branchId: s.asheville.id,
      notificationMethod: 'Email',
      notificationDestination: '  Office@Grower.test ',
    });
    const again = await call('POST', '/api/v1/notification_contacts', s.headers, {
      subscriptionKey: 'branch_photo_notification',
      branchId: s.asheville.id,
      notificationMethod: 'Email',
      notificationDestination: 'office@grower.test',
    });
    const settings = again.json<NotificationSettings>();
    const text = settings.results.find((contact) => contact.notificationMethod === 'Phone')!;
    expect(text).toMatchObject({ notificationDestination: '8285550142', contactLabel: 'Yard manager' });
    expect(activeKeys(settings, text.id)).toEqual([`branch_order_notification:${s.hendersonville.id}`]);
    const office = settings.results.filter(
      (contact) => contact.notificationDestination === 'office@grower.test',
    );
    expect(office).toHaveLength(1);
    expect(activeKeys(settings, office[0].id)).toEqual(
      [`branch_order_notification:${s.asheville.id}`, `branch_photo_notification:${s.asheville.id}`].sort(),
    );
  });

  it('keeps at least one e-mail on Order Communications: removing or unsubscribing the last is refused', async () => {
    const s = await supplier();
    const [owner] = (await settingsOf(s.organization.id, s.headers)).results;
    const removed = await call('DELETE', `/api/v1/notification_contacts/${owner.id}`, s.headers);
    expect(removed.statusCode).toBe(422);
    expect(removed.json().message).toMatch(/^Order Communications need at least one email contact/);
    const off = await call('POST', '/api/v1/notification_subscriptions/unsubscribe', s.headers, {
      notificationContactIds: [owner.id],
      subscriptionKey: 'branch_order_notification',
      branchId: s.hendersonville.id,
    });
    expect(off.statusCode).toBe(422);
    expect(activeKeys(await settingsOf(s.organization.id, s.headers), owner.id)).toHaveLength(4);

    // Photo requests are not required: the last one may be turned off, and on again.
    const photosOff = await call('POST', '/api/v1/notification_subscriptions/unsubscribe', s.headers, {
      notificationContactIds: [owner.id],
      subscriptionKey: 'branch_photo_notification',
      branchId: s.hendersonville.id,
    });
    expect(photosOff.statusCode).toBe(200);
    expect(activeKeys(photosOff.json(), owner.id)).not.toContain(
      `branch_photo_notification:${s.hendersonville.id}`,
    );
    const photosOn = await call('POST', '/api/v1/notification_subscriptions/subscribe', s.headers, {
      notificationContactIds: [owner.id],
      subscriptionKey: 'branch_photo_notification',
      branchId: s.hendersonville.id,
    });
    expect(activeKeys(photosOn.json(), owner.id)).toContain(
      `branch_photo_notification:${s.hendersonville.id}`,
    );

    // With a second e-mail on both branches, the first may go.
    for (const branch of [s.hendersonville, s.asheville]) {
      await call('POST', '/api/v1/notification_contacts', s.headers, {
        subscriptionKey: 'branch_order_notification',
        branchId: branch.id,
        notificationMethod: 'Email',
        notificationDestination: 'office@grower.test',
      });
    }
    const gone = await call('DELETE', `/api/v1/notification_contacts/${owner.id}`, s.headers);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(
      gone.json<NotificationSettings>().results.map((contact) => contact.notificationDestination),
    ).toEqual(['office@grower.test']);
  });

  it('unsubscribes with the e-mail link, says which category, and undoes it', async () => {
    const s = await supplier();
    const settings = await settingsOf(s.organization.id, s.headers);
    const { db } = t;
    const { notificationSubscriptions } = await import('./notifications.tables');
    const { eq } = await import('drizzle-orm');
    const photo = settings.branches
      .find((branch) => branch.id === s.hendersonville.id)!
      .notificationSubscriptions.find((row) => row.key === 'branch_photo_notification')!;
    const [row] = await db
      .select()
      .from(notificationSubscriptions)
      .where(eq(notificationSubscriptions.id, photo.id));
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notification_unsubscribes/${row.unsubscribeToken}`,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      category: 'Photo Requests',
      branchName: 'Hendersonville',
      active: false,
      refusal: null,
    });
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notification_unsubscribes/${row.unsubscribeToken}/undo`,
    });
    expect(undo.json()).toMatchObject({ active: true });

    const order = settings.branches
      .find((branch) => branch.id === s.hendersonville.id)!
      .notificationSubscriptions.find((row) => row.key === 'branch_order_notification')!;
    const [orderRow] = await db
      .select()
      .from(notificationSubscriptions)
      .where(eq(notificationSubscriptions.id, order.id));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notification_unsubscribes/${orderRow.unsubscribeToken}`,
    });
    expect(refused.json()).toMatchObject({ category: 'Order Communications', active: true });
    expect(refused.json().refusal).toMatch(/at least one email/);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notification_unsubscribes/not-a-real-token',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
