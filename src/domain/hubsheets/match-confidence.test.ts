import { describe, expect, it } from 'vitest';
import { matchConfidence, matchLevel, summarizeScores } from './match-confidence';

describe('matchConfidence', () => {
  it.each([
    [0, 'no_match', 'No Match', 'red'],
    [24, 'no_match', 'No Match', 'red'],
    [24.9, 'no_match', 'No Match', 'red'],
    [25, 'needs_review', 'Needs Review', 'yellow'],
    [74.9, 'needs_review', 'Needs Review', 'yellow'],
    [75, 'match', 'Match', 'green'],
    [99, 'match', 'Match', 'green'],
    [100, 'perfect', 'Perfect Match', 'green'],
  ])('score %d is %s', (score, key, label, color) => {
    expect(matchConfidence(score, 'matched')).toEqual({ key, label, color });
  });

  it('shows pending and matching states whatever the score', () => {
    expect(matchConfidence(null, 'pending').key).toBe('pending');
    expect(matchConfidence(null, 'matched')).toEqual({ key: 'pending', label: 'Pending', color: 'gray' });
    expect(matchConfidence(80, 'matching')).toEqual({ key: 'matching', label: 'Matching', color: 'blue' });
    expect(matchConfidence(80, 'pending').key).toBe('pending');
  });
});

describe('matchLevel', () => {
  it('is 2 from 85 when the size was found (or none was asked)', () => {
    expect(matchLevel(85, { hasSize: true, sizeMatched: true })).toBe(2);
    expect(matchLevel(100, { hasSize: false, sizeMatched: false })).toBe(2);
  });
  it('is 1 from 50, and for a high score whose size was not found', () => {
    expect(matchLevel(84, { hasSize: true, sizeMatched: true })).toBe(1);
    expect(matchLevel(95, { hasSize: true, sizeMatched: false })).toBe(1);
    expect(matchLevel(50, { hasSize: false, sizeMatched: false })).toBe(1);
  });
  it('is 0 below 50 or without a score', () => {
    expect(matchLevel(49, { hasSize: false, sizeMatched: false })).toBe(0);
    expect(matchLevel(null, { hasSize: false, sizeMatched: false })).toBe(0);
  });
});

describe('summarizeScores', () => {
  it('counts each band and the pending lines', () => {
    expect(summarizeScores([100, 100, 80, 75, 74, 25, 24, 0, null])).toEqual({
      perfect: 2,
      match: 2,
      needsReview: 2,
      noMatch: 2,
      pending: 1,
    });
    expect(summarizeScores([])).toEqual({ perfect: 0, match: 0, needsReview: 0, noMatch: 0, pending: 0 });
  });
});
