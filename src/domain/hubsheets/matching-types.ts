/**
 * The contract between the hubsheet module and the matcher (src/server/modules/hubsheets/matching/).
 * The matcher reads a line of a plant schedule and answers the best catalogue product and size with
 * a 0–100 score and up to 5 alternatives.
 */

export type MatchLineInput = {
  /** The product text as written: 'Acer rub. Oct. Glory', "ACER RUB 'OCT GLORY' 2-1/2\" CAL B&B". */
  text: string;
  /** The size column as written ('#3', '2.5" Cal. B&B'), or null when the size is in the text. */
  sizeText: string | null;
  /** Text of the 'Other' columns (common name, remarks, root type): evidence, not the name. */
  evidence: string[];
};

export type MatchCandidate = {
  productId: number;
  primaryName: string;
  secondaryName: string | null;
  pathIdentifier: string;
  productVariantId: number | null;
  size: string | null;
  /** 0–100. */
  score: number;
};

export type MatchLineResult = {
  /** The best candidate, or null when nothing scored (the line is then No Match with score 0). */
  best: MatchCandidate | null;
  /** 0–100: the best candidate's score, or 0. */
  score: number;
  /** Up to 5 further candidates, best first (never the best itself). */
  alternatives: MatchCandidate[];
};

/** A choice the organisation made before: the same text then matches this product at 100. */
export type LearnedMatch = { productId: number; productVariantId: number | null };
