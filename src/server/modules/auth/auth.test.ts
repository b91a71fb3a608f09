import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyNameRequiredMessage,
  companySizeRequiredMessage,
  companyTypeRequiredMessage,
  emailInvalidMessage,
  otherRoleRequiredMessage,
  passwordTooShortMessage,
  postalCodeInvalidMessage,
  projectTypesRequiredMessage,
  rolesRequiredMessage,
} from '../../../domain/accounts/messages';
import type { Db } from '../../core/database';
import { bearer, insertOrganization, insertUser, testPassword, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { outboxEmails } from '../notifications/notifications.tables';
import { users } from '../users/users.tables';
import {
  duplicateEmailMessage,
  invalidResetLinkMessage,
  loginProhibitedMessage,
  tooManyAttemptsMessage,
  wrongCredentialsMessage,
  wrongCurrentPasswordMessage,
} from './auth.service';
import { inviteRequests, passwordResets, sessions } from './auth.tables';
import { hashToken } from './tokens';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// Failed sign-ins and reset requests are limited per client address, so each test speaks from its own.
let addressCounter = 0;
const freshAddress = () => `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

function signIn(app: TestApp['app'], email: string, password: string, remoteAddress = freshAddress()) {
  return app.inject({ method: 'POST', url: '/api/v1/sessions', payload: { email, password }, remoteAddress });
}

function currentUser(app: TestApp['app'], token: string) {
  return app.inject({ method: 'GET', url: '/api/v1/users/current', headers: bearer(token) });
}

async function rowCount(db: Db, table: typeof users | typeof inviteRequests | typeof outboxEmails) {
  const [{ n }] = await db.select({ n: count() }).from(table);
  return n;
}

describe('POST /api/v1/sessions', () => {
  it('signs in with the right password and answers a token that opens the current user', async () => {
    const user = await insertUser(t.db, { email: 'ruth.sign-in@example.com', firstName: 'Ruth' });
    const response = await signIn(t.app, 'Ruth.Sign-In@Example.com ', testPassword);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id: user.id, email: 'ruth.sign-in@example.com', firstName: 'Ruth' });
    expect(body.user).not.toHaveProperty('passwordHash');

    const current = await currentUser(t.app, body.token);
    expect(current.statusCode).toBe(200);
    expect(current.json().id).toBe(user.id);
  });

  it('answers a wrong password and an unknown e-mail with the same 401 message', async () => {
    const user = await insertUser(t.db);
    const wrongPassword = await signIn(t.app, user.email, 'not-the-password');
    const unknownEmail = await signIn(t.app, 'nobody-here@example.com', testPassword);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: wrongCredentialsMessage, code: 'invalid_credentials' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('answers 400 on email for a malformed e-mail and on password for a missing one', async () => {
    const malformed = await signIn(t.app, 'rosa@example', testPassword);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'invalid_data', fields: { email: emailInvalidMessage } });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      payload: { email: 'rosa@example.com' },
      remoteAddress: freshAddress(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ password: 'Enter your password' });
  });

  it('refuses a login_prohibited user with 403 and ends the sessions they already had', async () => {
    const user = await insertUser(t.db);
    const token = await tokenFor(t.db, user.id);
    expect((await currentUser(t.app, token)).statusCode).toBe(200);

    await t.db.update(users).set({ status: 'login_prohibited' }).where(eq(users.id, user.id));

    const response = await signIn(t.app, user.email, testPassword);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: loginProhibitedMessage, code: 'login_prohibited' });
    expect((await currentUser(t.app, token)).statusCode).toBe(401);
  });

  it('refuses an e-mail with 429 after ten failed sign-ins within a minute, even with the right password', async () => {
    const user = await insertUser(t.db);
    for (let attempt = 0; attempt < 10; attempt++) {
      // A new address each time, so only the e-mail's count can trip the limit.
      expect((await signIn(t.app, user.email, 'wrong-password')).statusCode).toBe(401);
    }
    const blocked = await signIn(t.app, user.email.toUpperCase(), testPassword);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: tooManyAttemptsMessage, code: 'rate_limited' });

    const other = await insertUser(t.db);
    expect((await signIn(t.app, other.email, testPassword)).statusCode).toBe(201);
  });

  it('refuses an address with 429 after ten failed sign-ins for different e-mails', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(t.app, `guess${attempt}@example.com`, 'wrong-password', address)).statusCode).toBe(
        401,
      );
    }
    const user = await insertUser(t.db);
    const blocked = await signIn(t.app, user.email, testPassword, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(tooManyAttemptsMessage);

    expect((await signIn(t.app, user.email, testPassword, freshAddress())).statusCode).toBe(201);
  });

  it('forgets the failures of an e-mail once it signs in successfully', async () => {
    const user = await insertUser(t.db);
    for (let attempt = 0; attempt < 9; attempt++) await signIn(t.app, user.email, 'wrong-password');
    expect((await signIn(t.app, user.email, testPassword)).statusCode).toBe(201);
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await signIn(t.app, user.email, 'wrong-password')).statusCode).toBe(401);
    }
  });
});

describe('DELETE /api/v1/sessions', () => {
  it('signs out: the token stops working and other sessions of the user stay open', async () => {
    const user = await insertUser(t.db);
    const token = (await signIn(t.app, user.email, testPassword)).json().token;
    const otherToken = await tokenFor(t.db, user.id);

    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/sessions',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(204);
    expect((await currentUser(t.app, token)).statusCode).toBe(401);
    expect((await currentUser(t.app, otherToken)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/sessions' });
    expect(response.statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  it('a revoked token answers 401', async () => {
    const user = await insertUser(t.db);
    const token = await tokenFor(t.db, user.id);
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await currentUser(t.app, token)).statusCode).toBe(401);
  });

  it('an expired token answers 401', async () => {
    const user = await insertUser(t.db);
    const token = await tokenFor(t.db, user.id);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await currentUser(t.app, token)).statusCode).toBe(401);
  });

  it('a header that is not a bearer token answers 401', async () => {
    const user = await insertUser(t.db);
    const token = await tokenFor(t.db, user.id);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/current',
      headers: { authorization: `Basic ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});

let signUpCounter = 0;
function signUpBody(overrides: Record<string, unknown> = {}) {
  signUpCounter++;
  return {
    firstName: 'Rosa',
    lastName: 'Fernández',
    email: `rosa${signUpCounter}@greenacres.example`,
    phone: '(555) 123-4567',
    password: 'correct horse battery',
    companyName: 'Green Acres Landscaping',
    orgUsesLH: false,
    organizationId: null,
    companyType: 'Landscape Contractor',
    projectTypes: ['Residential Construction'],
    companySize: '6-20',
    roles: ['Owner'],
    otherRole: '',
    postalCode: '627011234',
    ...overrides,
  };
}

function signUp(payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/invite_requests',
    payload,
    remoteAddress: freshAddress(),
  });
}

describe('POST /api/v1/invite_requests (sign-up)', () => {
  it('opens an account that may use the site but is not yet activated, and answers a working token', async () => {
    const body = signUpBody({ email: 'Rosa.New@GreenAcres.example' });
    const response = await signUp(body);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      id: expect.any(Number),
      token: expect.any(String),
      user: {
        email: 'rosa.new@greenacres.example',
        firstName: 'Rosa',
        lastName: 'Fernández',
        status: 'approved_for_site_use_only',
        activated: false,
        defaultPostalCode: '62701-1234',
        // The company named at sign-up is created, so the home page does not ask for it again.
        organizationId: expect.any(Number),
        organizationName: 'Green Acres Landscaping',
      },
    });

    const current = await currentUser(t.app, created.token);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      id: created.user.id,
      status: 'approved_for_site_use_only',
      activated: false,
    });

    // The new password signs in too.
    expect((await signIn(t.app, 'rosa.new@greenacres.example', body.password)).statusCode).toBe(201);
  });

  it('shows the invite request to its owner, 404 to another user and 401 to a visitor', async () => {
    const created = (await signUp(signUpBody({ companyName: 'Holly & Ivy Gardens' }))).json();
    const url = `/api/v1/invite_requests/${created.id}`;

    const own = await t.app.inject({ method: 'GET', url, headers: bearer(created.token) });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: created.id,
      companyName: 'Holly & Ivy Gardens',
      companyType: 'Landscape Contractor',
      companySize: '6-20',
      projectTypes: ['Residential Construction'],
      roles: ['Owner'],
      postalCode: '62701-1234',
      completed: false,
    });

    const stranger = await insertUser(t.db);
    const other = await t.app.inject({
      method: 'GET',
      url,
      headers: bearer(await tokenFor(t.db, stranger.id)),
    });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses an e-mail that already has an account, in any case, with 409 on email and writes nothing', async () => {
    await insertUser(t.db, { email: 'taken.address@example.com' });
    const usersBefore = await rowCount(t.db, users);
    const invitesBefore = await rowCount(t.db, inviteRequests);

    const response = await signUp(signUpBody({ email: 'Taken.Address@EXAMPLE.com' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: duplicateEmailMessage,
      code: 'email_taken',
      fields: { email: duplicateEmailMessage },
    });
    expect(await rowCount(t.db, users)).toBe(usersBefore);
    expect(await rowCount(t.db, inviteRequests)).toBe(invitesBefore);
  });

  it('two simultaneous sign-ups with one e-mail open one account and answer the other with 409', async () => {
    const body = signUpBody();
    const responses = await Promise.all([signUp(body), signUp({ ...body, email: body.email.toUpperCase() })]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const conflict = responses.find((r) => r.statusCode === 409)!;
    expect(conflict.json().fields).toEqual({ email: duplicateEmailMessage });
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(inviteRequests)
      .where(eq(inviteRequests.email, body.email));
    expect(n).toBe(1);
  });

  it('asks for every company field when no organisation is linked', async () => {
    const body = signUpBody({
      companyName: '',
      companyType: null,
      companySize: undefined,
      projectTypes: [],
      roles: [],
    });
    const response = await signUp(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_data' });
    expect(response.json().fields).toEqual({
      companyName: companyNameRequiredMessage,
      companyType: companyTypeRequiredMessage,
      companySize: companySizeRequiredMessage,
      projectTypes: projectTypesRequiredMessage,
      roles: rolesRequiredMessage,
    });
  });

  it('reports a short password and an invalid postal code on their fields', async () => {
    const response = await signUp(signUpBody({ password: 'short', postalCode: '1234' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      password: passwordTooShortMessage,
      postalCode: postalCodeInvalidMessage,
    });
  });

  it('stores the described role in place of Other', async () => {
    const created = (
      await signUp(signUpBody({ roles: ['Owner', 'Other'], otherRole: ' Irrigation technician ' }))
    ).json();
    const [row] = await t.db.select().from(inviteRequests).where(eq(inviteRequests.id, created.id));
    expect(row.roles).toEqual(['Owner', 'Irrigation technician']);
  });

  it('asks to describe the role when Other is picked without a description', async () => {
    const response = await signUp(signUpBody({ roles: ['Other'], otherRole: '  ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ otherRole: otherRoleRequiredMessage });
  });

  it('needs no company fields when the person joins an existing organisation', async () => {
    const organization = await insertOrganization(t.db);
    const response = await signUp({
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'sam.joins@example.com',
      phone: '5551234567',
      password: 'correct horse battery',
      organizationId: organization.id,
      orgUsesLH: true,
      postalCode: '28202',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(inviteRequests).where(eq(inviteRequests.id, response.json().id));
    expect(row).toMatchObject({ organizationId: organization.id, companyName: null, orgUsesPlatform: true });
  });

  it('refuses an organisation that does not exist with 400 on organizationId and writes nothing', async () => {
    const usersBefore = await rowCount(t.db, users);
    const invitesBefore = await rowCount(t.db, inviteRequests);
    const response = await signUp(signUpBody({ organizationId: 987_654_321 }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ organizationId: expect.any(String) });
    expect(await rowCount(t.db, users)).toBe(usersBefore);
    expect(await rowCount(t.db, inviteRequests)).toBe(invitesBefore);
  });
});

describe('PATCH /api/v1/invite_requests/:id (complete profile)', () => {
  const profile = {
    phone: '(555) 987-6543',
    companyName: 'Fernández Landscapes',
    postalCode: '28202',
    companySize: '21-50',
    roles: ['Purchaser', 'Other'],
    otherRole: 'Estimator',
    companyType: 'Garden Center',
    projectTypes: ['Restoration'],
  };

  it('completes the owner’s invite request with Other replaced by the description', async () => {
    const created = (await signUp(signUpBody())).json();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/invite_requests/${created.id}`,
      headers: bearer(created.token),
      payload: profile,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      companyName: 'Fernández Landscapes',
      companySize: '21-50',
      roles: ['Purchaser', 'Estimator'],
      completed: true,
    });
  });

  it('answers 404 for another person’s invite request and 401 for a visitor, changing nothing', async () => {
    const created = (await signUp(signUpBody({ companyName: 'Untouched Co' }))).json();
    const stranger = await insertUser(t.db);
    const url = `/api/v1/invite_requests/${created.id}`;
    const other = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(await tokenFor(t.db, stranger.id)),
      payload: profile,
    });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url, payload: profile })).statusCode).toBe(401);
    const [row] = await t.db.select().from(inviteRequests).where(eq(inviteRequests.id, created.id));
    expect(row).toMatchObject({ companyName: 'Untouched Co', completedAt: null });
  });

  it('asks for every field of the complete-profile form', async () => {
    const created = (await signUp(signUpBody())).json();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/invite_requests/${created.id}`,
      headers: bearer(created.token),
      payload: { roles: ['Other'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      phone: 'Phone number is required',
      companyName: companyNameRequiredMessage,
      postalCode: 'Where are you located?',
      companySize: companySizeRequiredMessage,
      companyType: companyTypeRequiredMessage,
      projectTypes: projectTypesRequiredMessage,
    });
  });
});

describe('PUT /api/v1/users/current/password', () => {
  const url = '/api/v1/users/current/password';

  it('refuses a wrong current password with 400 on currentPassword', async () => {
    const user = await insertUser(t.db);
    const token = await tokenFor(t.db, user.id);
    const response = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { currentPassword: 'not-my-password', newPassword: 'a brand new password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ currentPassword: wrongCurrentPasswordMessage });
    expect((await signIn(t.app, user.email, testPassword)).statusCode).toBe(201);
  });

  it('changes the password, keeps the session that changed it and signs out the others', async () => {
    const user = await insertUser(t.db);
    const token = await tokenFor(t.db, user.id);
    const otherToken = await tokenFor(t.db, user.id);
    const response = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(token),
      payload: { currentPassword: testPassword, newPassword: 'a brand new password' },
    });
    expect(response.statusCode).toBe(204);
    expect((await currentUser(t.app, token)).statusCode).toBe(200);
    expect((await currentUser(t.app, otherToken)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, testPassword)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, 'a brand new password')).statusCode).toBe(201);
  });

  it('asks for a new password of at least 10 characters', async () => {
    const user = await insertUser(t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(await tokenFor(t.db, user.id)),
      payload: { currentPassword: testPassword, newPassword: 'short' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ newPassword: passwordTooShortMessage });
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url,
      payload: { currentPassword: testPassword, newPassword: 'a brand new password' },
    });
    expect(response.statusCode).toBe(401);
  });
});

const resetAnswer = {
  message: 'If an account exists for that email, we have sent a link to reset its password.',
};

function requestReset(app: TestApp['app'], email: string, remoteAddress = freshAddress()) {
  return app.inject({ method: 'POST', url: '/api/v1/passwords', payload: { email }, remoteAddress });
}

function resetPassword(app: TestApp['app'], token: string, password: string) {
  return app.inject({ method: 'PUT', url: '/api/v1/passwords', payload: { token, password } });
}

describe('password reset without SMTP', () => {
  it('keeps the reset e-mail in the outbox with status outbox', async () => {
    const user = await insertUser(t.db, { firstName: 'Outbox' });
    const response = await requestReset(t.app, user.email);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(resetAnswer);
    const rows = await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'outbox', sentAt: null });
    expect(rows[0].textBody).toContain('http://hedgerow.test/users/password/edit?token=');
  });

  it('refuses more than five reset requests a minute from one address with 429', async () => {
    const address = freshAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await requestReset(t.app, `unknown${attempt}@example.com`, address)).statusCode).toBe(202);
    }
    const blocked = await requestReset(t.app, 'unknown@example.com', address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
  });
});

type ReceivedMail = { to: string[]; raw: string; text: string };

/** The body of a MIME message, decoded from quoted-printable or base64 as nodemailer chose. */
function decodedBody(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`)
      .replace(/[^%\w.~-]/g, (char) => encodeURIComponent(char));
    return decodeURIComponent(bytes);
  }
  return body;
}

describe('password reset over SMTP', () => {
  let smtp: SMTPServer;
  let mailApp: TestApp;
  const received: ReceivedMail[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodedBody(raw) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    mailApp = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });

  afterAll(async () => {
    await mailApp?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function mailedResetToken(email: string) {
    const before = received.length;
    const response = await requestReset(mailApp.app, email);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(resetAnswer);
    // Delivery to SMTP is a background job; run the queue until it is idle.
    await mailApp.app.deps.jobs.drain();
    const mails = received.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([email]);
    const link = /http:\/\/hedgerow\.test\/users\/password\/edit\?token=([\w%-]+)/.exec(mails[0].text);
    expect(link, mails[0].text).not.toBeNull();
    return decodeURIComponent(link![1]);
  }

  it('mails a reset link over SMTP and marks the outbox row sent', async () => {
    const user = await insertUser(mailApp.db, { firstName: 'Mabel' });
    await mailedResetToken(user.email);
    const mail = received.at(-1)!;
    expect(mail.raw).toMatch(/^Subject: Reset your Hedgerow password/m);
    expect(mail.text).toContain('Hello Mabel,');
    const [row] = await mailApp.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email));
    expect(row).toMatchObject({ status: 'sent', sentAt: expect.any(Date) });
  });

  it('the mailed token sets a new password and signs the user out everywhere', async () => {
    const user = await insertUser(mailApp.db);
    const oldToken = await tokenFor(mailApp.db, user.id);
    const resetToken = await mailedResetToken(user.email);

    const response = await resetPassword(mailApp.app, resetToken, 'a fresh password 42');
    expect(response.statusCode).toBe(204);
    expect((await signIn(mailApp.app, user.email, testPassword)).statusCode).toBe(401);
    expect((await signIn(mailApp.app, user.email, 'a fresh password 42')).statusCode).toBe(201);
    expect((await currentUser(mailApp.app, oldToken)).statusCode).toBe(401);
  });

  it('a reset link works only once', async () => {
    const user = await insertUser(mailApp.db);
    const resetToken = await mailedResetToken(user.email);
    expect((await resetPassword(mailApp.app, resetToken, 'first new password')).statusCode).toBe(204);

    const again = await resetPassword(mailApp.app, resetToken, 'second new password');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: invalidResetLinkMessage, code: 'invalid_reset_token' });
    expect((await signIn(mailApp.app, user.email, 'first new password')).statusCode).toBe(201);
  });

  it('an expired reset link is refused with 422', async () => {
    const user = await insertUser(mailApp.db);
    const resetToken = await mailedResetToken(user.email);
    await mailApp.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(resetToken)));
    const response = await resetPassword(mailApp.app, resetToken, 'a fresh password 42');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(invalidResetLinkMessage);
  });

  it('a reset link with a mangled token answers 400 on token; an unknown one 422', async () => {
    const short = await resetPassword(mailApp.app, 'too-short', 'a fresh password 42');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ token: 'This password reset link is not valid' });
    const unknown = await resetPassword(mailApp.app, 'x'.repeat(43), 'a fresh password 42');
    expect(unknown.statusCode).toBe(422);
  });

  it('answers an unknown e-mail the same way and sends nothing', async () => {
    const mailsBefore = received.length;
    const outboxBefore = await rowCount(mailApp.db, outboxEmails);
    const response = await requestReset(mailApp.app, 'nobody-at-all@example.com');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(resetAnswer);
    await mailApp.app.deps.jobs.drain();
    expect(received.length).toBe(mailsBefore);
    expect(await rowCount(mailApp.db, outboxEmails)).toBe(outboxBefore);
  });

  it('sends nothing to a login_prohibited user', async () => {
    const user = await insertUser(mailApp.db, { status: 'login_prohibited' });
    const mailsBefore = received.length;
    const response = await requestReset(mailApp.app, user.email);
    expect(response.statusCode).toBe(202);
    await mailApp.app.deps.jobs.drain();
    expect(received.length).toBe(mailsBefore);
  });

  it('a newer reset link makes the older one stop working', async () => {
    const user = await insertUser(mailApp.db);
    const first = await mailedResetToken(user.email);
    const second = await mailedResetToken(user.email);
    expect((await resetPassword(mailApp.app, first, 'from the old link 1')).statusCode).toBe(422);
    expect((await resetPassword(mailApp.app, second, 'from the new link 2')).statusCode).toBe(204);
  });
});
