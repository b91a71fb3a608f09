import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailInvalidMessage } from '../../../domain/accounts/messages';
import { newsletterDuplicateMessage } from '../../../domain/accounts/newsletter-schema';
import { createTestApp } from '../../test/test-app';
import { newsletterSubscriptions } from './marketing.tables';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// Sign-ups are limited per client address, so each test speaks from its own.
let addressCounter = 0;
const freshAddress = () => `10.2.0.${++addressCounter}`;

function subscribe(email: unknown, remoteAddress = freshAddress()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/newsletter_subscriptions',
    payload: { email },
    remoteAddress,
  });
}

describe('POST /api/v1/newsletter_subscriptions', () => {
  it('signs an e-mail up, stored in lower case', async () => {
    const response = await subscribe(' Fern.Gully@Example.com ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), email: 'fern.gully@example.com' });
  });

  it('refuses an address already signed up, in any case, with 409 and the message', async () => {
    expect((await subscribe('twice@example.com')).statusCode).toBe(201);
    const response = await subscribe('TWICE@Example.COM');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: newsletterDuplicateMessage,
      code: 'already_subscribed',
      fields: { email: newsletterDuplicateMessage },
    });
    const rows = await t.db.select().from(newsletterSubscriptions);
    expect(rows.filter((row) => row.email.toLowerCase() === 'twice@example.com')).toHaveLength(1);
  });

  it('refuses a malformed or missing e-mail with 400 on email', async () => {
    for (const email of ['not-an-email', undefined]) {
      const response = await subscribe(email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_data', fields: { email: emailInvalidMessage } });
    }
  });

  it('refuses more than ten sign-ups a minute from one address with 429', async () => {
    const address = freshAddress();
    for (let n = 0; n < 10; n++) {
      expect((await subscribe(`burst${n}@example.com`, address)).statusCode).toBe(201);
    }
    const response = await subscribe('burst-extra@example.com', address);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'rate_limited' });
  });
});
