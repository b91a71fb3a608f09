import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter';

describe('AttemptLimiter', () => {
  it('blocks a key after the maximum failures within the window and frees it after the window', () => {
    let now = 0;
    const limiter = new AttemptLimiter(3, 60_000, () => now);
    limiter.recordFailure(['a']);
    limiter.recordFailure(['a']);
    expect(limiter.isBlocked(['a'])).toBe(false);
    limiter.recordFailure(['a']);
    expect(limiter.isBlocked(['a'])).toBe(true);
    expect(limiter.isBlocked(['b'])).toBe(false);
    now = 60_001;
    expect(limiter.isBlocked(['a'])).toBe(false);
  });

  it('blocks when any one of several keys is over its limit', () => {
    const limiter = new AttemptLimiter(1, 1000);
    limiter.recordFailure(['ip:1']);
    expect(limiter.isBlocked(['email:x', 'ip:1'])).toBe(true);
  });
});
