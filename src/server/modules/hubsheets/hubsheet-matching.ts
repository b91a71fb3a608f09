import { learningKey } from '../../../domain/hubsheets/matching/learning-key';
import type { LearnedMatch, MatchLineInput, MatchLineResult } from '../../../domain/hubsheets/matching-types';
import type { Executor } from '../../core/database';
import type { NewListItem } from './hubsheets.repository';
import * as repo from './hubsheets.repository';
import { matchLines } from './matching/match-lines';

/**
 * Matches lines of an organisation's list: what the organisation chose before for the same text
 * (learned_matches, by learningKey) is handed to the matcher, which answers it at 100.
 */
export async function matchListLines(
  db: Executor,
  organizationId: number | null,
  lines: MatchLineInput[],
): Promise<MatchLineResult[]> {
  if (lines.length === 0) return [];
  const learned = new Map<string, LearnedMatch>();
  if (organizationId !== null) {
    const keys = [...new Set(lines.map((line) => learningKey(line)))];
    for (const row of await repo.findLearnedMatches(db, organizationId, keys)) {
      learned.set(row.textKey, { productId: row.productId, productVariantId: row.productVariantId });
    }
  }
  return matchLines(db, lines, { learned });
}

/** The list item columns a match result sets. */
export function matchColumns(result: MatchLineResult): Partial<NewListItem> {
  return {
    matchState: 'matched',
    matchScore: Math.max(0, Math.min(100, Math.round(result.score))),
    productId: result.best?.productId ?? null,
    productVariantId: result.best?.productVariantId ?? null,
    alternatives: result.alternatives.slice(0, 5).map((candidate) => ({
      productId: candidate.productId,
      productVariantId: candidate.productVariantId,
      score: Math.max(0, Math.min(100, Math.round(candidate.score))),
    })),
    chosenByUser: false,
  };
}

/** What a line that could not be matched (the matcher failed on it) gets: No Match, no candidates. */
export const unmatchedColumns: Partial<NewListItem> = {
  matchState: 'matched',
  matchScore: 0,
  productId: null,
  productVariantId: null,
  alternatives: [],
  chosenByUser: false,
};
