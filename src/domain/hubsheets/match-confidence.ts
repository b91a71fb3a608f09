/**
 * Match confidence (spec part 2 §4): how sure the matcher is that a line's product and size are right.
 * Below 25 No Match (red), 25 up to below 75 Needs Review (yellow), 75 up to below 100 Match (green),
 * 100 Perfect Match; a line not matched yet is Pending, one being matched shows a spinner (Matching).
 */

export const noMatchBelow = 25;
export const matchFrom = 75;
export const perfectScore = 100;

export type MatchConfidenceKey = 'pending' | 'matching' | 'no_match' | 'needs_review' | 'match' | 'perfect';
export type MatchConfidenceColor = 'gray' | 'blue' | 'red' | 'yellow' | 'green';
export type MatchConfidence = {
  key: MatchConfidenceKey;
  label: 'Pending' | 'Matching' | 'No Match' | 'Needs Review' | 'Match' | 'Perfect Match';
  color: MatchConfidenceColor;
};

/** The line's match state, as list items carry it. */
export type MatchConfidenceState = 'pending' | 'matching' | 'matched';

/**
 * The badge of a line. A score only counts once the line is matched; while pending or matching (or
 * with no score yet) the state decides.
 */
export function matchConfidence(
  score: number | null,
  state: MatchConfidenceState = 'matched',
): MatchConfidence {
  if (state === 'matching') return { key: 'matching', label: 'Matching', color: 'blue' };
  if (state === 'pending' || score === null || Number.isNaN(score)) {
    return { key: 'pending', label: 'Pending', color: 'gray' };
  }
  if (score >= perfectScore) return { key: 'perfect', label: 'Perfect Match', color: 'green' };
  if (score >= matchFrom) return { key: 'match', label: 'Match', color: 'green' };
  if (score >= noMatchBelow) return { key: 'needs_review', label: 'Needs Review', color: 'yellow' };
  return { key: 'no_match', label: 'No Match', color: 'red' };
}

/** Scores from which a line is level 2 (high) and level 1 (medium); see matchLevel. */
export const levelHighFrom = 85;
export const levelMediumFrom = 50;

/**
 * Match level 2 (high), 1 (medium) or 0 (low) from the score and whether the line gave a size and
 * that size was found among the product's sizes:
 * - 2: score ≥ 85, and the size (when the line gives one) matched one of the product's sizes;
 * - 1: score ≥ 50 (including a high score whose size was not found);
 * - 0: below 50, or no score.
 */
export function matchLevel(
  score: number | null,
  review: { hasSize: boolean; sizeMatched: boolean },
): 0 | 1 | 2 {
  if (score === null || Number.isNaN(score)) return 0;
  if (score >= levelHighFrom && (!review.hasSize || review.sizeMatched)) return 2;
  if (score >= levelMediumFrom) return 1;
  return 0;
}

export type ScoreSummary = {
  perfect: number;
  match: number;
  needsReview: number;
  noMatch: number;
  pending: number;
};

/** The import summary: how many lines fall in each confidence band; null scores are pending. */
export function summarizeScores(scores: ReadonlyArray<number | null>): ScoreSummary {
  const summary: ScoreSummary = { perfect: 0, match: 0, needsReview: 0, noMatch: 0, pending: 0 };
  for (const score of scores) {
    const { key } = matchConfidence(score, score === null ? 'pending' : 'matched');
    if (key === 'perfect') summary.perfect += 1;
    else if (key === 'match') summary.match += 1;
    else if (key === 'needs_review') summary.needsReview += 1;
    else if (key === 'no_match') summary.noMatch += 1;
    else summary.pending += 1;
  }
  return summary;
}
