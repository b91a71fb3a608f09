import { describe, expect, it } from 'vitest';
import { isStale, updatedAgoText } from './freshness';

const now = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('updatedAgoText', () => {
  it('speaks in days, then months, then years', () => {
    expect(updatedAgoText(daysAgo(0.2), now)).toBe('updated today');
    expect(updatedAgoText(daysAgo(1), now)).toBe('updated yesterday');
    expect(updatedAgoText(daysAgo(3), now)).toBe('updated 3 days ago');
    expect(updatedAgoText(daysAgo(45), now)).toBe('updated 45 days ago');
    expect(updatedAgoText(daysAgo(75), now)).toBe('updated 2 months ago');
    expect(updatedAgoText(daysAgo(800), now)).toBe('updated 2 years ago');
  });

  it('accepts ISO strings and treats future times as today', () => {
    expect(updatedAgoText(daysAgo(3).toISOString(), now)).toBe('updated 3 days ago');
    expect(updatedAgoText(daysAgo(-1), now)).toBe('updated today');
  });
});

describe('isStale', () => {
  it('is stale only when older than 30 days', () => {
    expect(isStale(daysAgo(29), now)).toBe(false);
    expect(isStale(daysAgo(30), now)).toBe(false);
    expect(isStale(daysAgo(30.01), now)).toBe(true);
    expect(isStale(daysAgo(45).toISOString(), now)).toBe(true);
  });
});
