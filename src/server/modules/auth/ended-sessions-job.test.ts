import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { queryRows } from '../../db/client';
import { insertUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { passwordResets, sessions } from './auth.tables';
import { endedSessionsQueue } from './ended-sessions-job';

const now = new Date('2031-05-14T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(now) });
});
afterAll(() => t.close());

describe('the nightly deletion of ended sessions', () => {
  it('is scheduled in pg-boss', async () => {
    expect(
      await queryRows(
        t.db,
        sql`select cron, timezone from pgboss.schedule where name = ${endedSessionsQueue}`,
      ),
    ).toEqual([{ cron: '30 3 * * *', timezone: 'UTC' }]);
  });

  it('deletes sessions and reset links that ended over 30 days ago, and keeps the rest', async () => {
    const user = await insertUser(t.db);
    const session = (tokenHash: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      userId: user.id,
      tokenHash,
      expiresAt,
      revokedAt,
    });
    await t.db
      .insert(sessions)
      .values([
        session('expired-long-ago', daysAgo(31)),
        session('revoked-long-ago', daysAgo(-10), daysAgo(45)),
        session('expired-lately', daysAgo(3)),
        session('revoked-lately', daysAgo(-10), daysAgo(2)),
        session('live', daysAgo(-30)),
      ]);
    await t.db.insert(passwordResets).values([
      { userId: user.id, tokenHash: 'reset-old', expiresAt: daysAgo(40) },
      { userId: user.id, tokenHash: 'reset-used-old', expiresAt: daysAgo(-1), usedAt: daysAgo(35) },
      { userId: user.id, tokenHash: 'reset-new', expiresAt: daysAgo(1) },
    ]);

    // What pg-boss's timekeeper sends at 03:30.
    await t.app.deps.jobs.send(endedSessionsQueue, {});
    await t.app.deps.jobs.drain();

    const kept = await queryRows<{ token_hash: string }>(
      t.db,
      sql`select token_hash from sessions where user_id = ${user.id}
          union all select token_hash from password_resets where user_id = ${user.id} order by 1`,
    );
    expect(kept.map((row) => row.token_hash)).toEqual([
      'expired-lately',
      'live',
      'reset-new',
      'revoked-lately',
    ]);
  });
});
