import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../core/database';
import { openTestDatabase } from '../../test/test-app';
import { AttemptLimiter } from './attempt-limiter';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('AttemptLimiter', () => {
  it('blocks a key after the maximum failures within the window and frees it after the window', async () => {
    let now = 1_000_000;
    const limiter = new AttemptLimiter(database.db, 3, 60_000, () => now);
    await limiter.recordFailure(['a']);
    await limiter.recordFailure(['a']);
    expect(await limiter.isBlocked(['a'])).toBe(false);
    await limiter.recordFailure(['a']);
    expect(await limiter.isBlocked(['a'])).toBe(true);
    expect(await limiter.isBlocked(['b'])).toBe(false);
    now += 60_001;
    expect(await limiter.isBlocked(['a'])).toBe(false);
  });

  it('blocks when any one of several keys is over its limit', async () => {
    const limiter = new AttemptLimiter(database.db, 1, 1000);
    await limiter.recordFailure(['ip:1']);
    expect(await limiter.isBlocked(['email:x', 'ip:1'])).toBe(true);
  });

  it('counts the failures two limiters on one database record, as two server processes do', async () => {
    const first = new AttemptLimiter(database.db, 4, 60_000);
    const second = new AttemptLimiter(database.db, 4, 60_000);
    await first.recordFailure(['email:shared@example.com']);
    await second.recordFailure(['email:shared@example.com']);
    await first.recordFailure(['email:shared@example.com']);
    expect(await second.isBlocked(['email:shared@example.com'])).toBe(false);
    await second.recordFailure(['email:shared@example.com']);
    expect(await first.isBlocked(['email:shared@example.com'])).toBe(true);

    await first.reset('email:shared@example.com');
    expect(await second.isBlocked(['email:shared@example.com'])).toBe(false);
  });
});
