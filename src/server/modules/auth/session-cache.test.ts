import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { users } from '../users/users.tables';
import { sessions } from './auth.tables';
import { SessionCache } from './session-cache';

const live = (name: string, expiresInMs = 60_000) => ({
  name,
  session: { expiresAt: new Date(Date.now() + expiresInMs) },
});

describe('SessionCache', () => {
  it('answers a repeated token from memory until the time to live runs out', async () => {
    vi.useFakeTimers();
    try {
      const cache = new SessionCache<ReturnType<typeof live>>(2000);
      const lookup = vi.fn(async () => live('Ruth'));
      await cache.get('a', lookup);
      await cache.get('a', lookup);
      expect(lookup).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(2001);
      await cache.get('a', lookup);
      expect(lookup).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads every lookup while standing aside, and starts empty when it resumes', async () => {
    const cache = new SessionCache<ReturnType<typeof live>>(60_000);
    const lookup = vi.fn(async () => live('Ruth'));
    await cache.get('a', lookup);
    cache.standAside();
    await cache.get('a', lookup);
    await cache.get('a', lookup);
    expect(lookup).toHaveBeenCalledTimes(3);
    expect(cache.size).toBe(0);
    cache.resume();
    await cache.get('a', lookup);
    await cache.get('a', lookup);
    expect(lookup).toHaveBeenCalledTimes(4);
  });

  it('never keeps an entry past its session', async () => {
    vi.useFakeTimers();
    try {
      const cache = new SessionCache<ReturnType<typeof live>>(2000);
      const lookup = vi.fn(async () => live('Ruth', 500));
      await cache.get('a', lookup);
      vi.advanceTimersByTime(501);
      await cache.get('a', lookup);
      expect(lookup).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not store a lookup that a clear overtook', async () => {
    const cache = new SessionCache<ReturnType<typeof live>>(2000);
    let finish: (value: ReturnType<typeof live>) => void = () => undefined;
    const slow = cache.get('a', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    finish(live('before the write'));
    expect((await slow)?.name).toBe('before the write');
    expect(cache.size).toBe(0);
    const fresh = await cache.get('a', async () => live('after the write'));
    expect(fresh?.name).toBe('after the write');
  });

  it('looks up every time when turned off', async () => {
    const cache = new SessionCache<ReturnType<typeof live>>(0);
    const lookup = vi.fn(async () => live('Ruth'));
    await cache.get('a', lookup);
    await cache.get('a', lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});

describe('the session cache in the app', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionCacheSeconds: 30 } });
  });
  afterAll(() => t?.close());

  const current = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/current', headers: bearer(token) });

  it('reuses a lookup between reads, so a change made behind the app shows only after a write', async () => {
    const user = await insertUser(t.db, { firstName: 'Ruth' });
    const token = await tokenFor(t.db, user.id);
    expect((await current(token)).json().firstName).toBe('Ruth');
    // Another process (here: the test, straight in the database) renames her; this process has not written.
    await t.db.update(users).set({ firstName: 'Ruthie' }).where(eq(users.id, user.id));
    expect((await current(token)).json().firstName).toBe('Ruth');
    // Any write through this app empties the cache.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      payload: { email: 'nobody@example.com', password: 'x' },
    });
    expect((await current(token)).json().firstName).toBe('Ruthie');
  });

  it('shows the caller their own change at once', async () => {
    const user = await insertUser(t.db, { firstName: 'Ines' });
    const token = await tokenFor(t.db, user.id);
    expect((await current(token)).json().firstName).toBe('Ines');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/current',
      headers: bearer(token),
      payload: { firstName: 'Inès' },
    });
    expect(patched.statusCode).toBe(200);
    expect((await current(token)).json().firstName).toBe('Inès');
  });

  it('signs out at once', async () => {
    const user = await insertUser(t.db);
    const token = await tokenFor(t.db, user.id);
    expect((await current(token)).statusCode).toBe(200);
    const signedOut = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/sessions',
      headers: bearer(token),
    });
    expect(signedOut.statusCode).toBe(204);
    expect((await current(token)).statusCode).toBe(401);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row.revokedAt).not.toBeNull();
  });
});
