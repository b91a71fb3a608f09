/**
 * A pure-TypeScript port of PostgreSQL 15 full-text matching and ranking for an
 * in-memory product index: parsing the text output of `tsvector` and `tsquery`,
 * the `@@` operator (src/backend/utils/adt/tsvector_op.c: `ts_match_vq`,
 * `TS_execute`, `TS_phrase_execute`) and `ts_rank` with normalization 0
 * (src/backend/utils/adt/tsrank.c).
 *
 * Ranking reproduces PostgreSQL's float4 arithmetic with Math.fround so that
 * results agree with the database to float4 precision.
 */

/** `WEP_GETWEIGHT` values: D = 0, C = 1, B = 2, A = 3. */
type WeightIndex = 0 | 1 | 2 | 3;

/** One lexeme of a tsvector (`WordEntry` and its `WordEntryPosVector`). */
export interface TsVectorEntry {
  readonly lexeme: string;
  /** Positions in ascending order; empty when the lexeme carries no positions (`haspos` false). */
  readonly positions: readonly number[];
  /** The weight index of each position (D = 0 … A = 3). */
  readonly weights: readonly WeightIndex[];
}

export interface ParsedTsvector {
  /** Entries in PostgreSQL's storage order (sorted by lexeme bytes), as printed. */
  readonly entries: readonly TsVectorEntry[];
  readonly byLexeme: ReadonlyMap<string, TsVectorEntry>;
}

export interface TsQueryOperand {
  readonly kind: 'operand';
  readonly lexeme: string;
  /** `:*` */
  readonly prefix: boolean;
  /** Weight restriction bits as in `QueryOperand.weight` (A = 8, B = 4, C = 2, D = 1); 0 for none. */
  readonly weightMask: number;
}

export type TsQueryNode =
  | TsQueryOperand
  | { readonly kind: 'not'; readonly operand: TsQueryNode }
  | { readonly kind: 'and'; readonly left: TsQueryNode; readonly right: TsQueryNode }
  | { readonly kind: 'or'; readonly left: TsQueryNode; readonly right: TsQueryNode }
  | {
      readonly kind: 'phrase';
      readonly distance: number;
      readonly left: TsQueryNode;
      readonly right: TsQueryNode;
    };

export interface ParsedTsquery {
  /** null for the empty query. */
  readonly root: TsQueryNode | null;
  /** The query's operands sorted and de-duplicated as by tsrank.c's `SortAndUniqItems`. */
  readonly rankItems: readonly TsQueryOperand[];
}

/** ts_rank's weights array, in PostgreSQL's order: `{D, C, B, A}`. */
export type RankWeights = readonly [number, number, number, number];

// ---------------------------------------------------------------------------
// tsvector text format
// ---------------------------------------------------------------------------

const WEIGHT_LETTERS: Readonly<Record<string, WeightIndex>> = { a: 3, b: 2, c: 1, d: 0 };

/**
 * Parses `tsvectorout` output, e.g. `'acer':1A,5C 'red':3B 'stripped'`.
 * Inside quotes, `''` and `\x` are escapes (tsvectorout doubles `'` and `\`).
 */
export function parseTsvector(text: string): ParsedTsvector {
  const entries: TsVectorEntry[] = [];
  const byLexeme = new Map<string, TsVectorEntry>();
  let i = 0;
  while (true) {
    i = skipSpaces(text, i);
    if (i >= text.length) break;
    const word = readLexeme(text, i);
    i = word.end;
    const positions: number[] = [];
    const weights: WeightIndex[] = [];
    if (text[i] === ':') i = readPositions(text, i + 1, positions, weights);
    const entry: TsVectorEntry = { lexeme: word.lexeme, positions, weights };
    entries.push(entry);
    byLexeme.set(entry.lexeme, entry);
  }
  return { entries, byLexeme };
}

function skipSpaces(text: string, i: number): number {
  let at = i;
  while (at < text.length && /\s/.test(text[at] as string)) at++;
  return at;
}

/** Reads a quoted (`'it''s'`) or bare lexeme starting at `start`. */
function readLexeme(text: string, start: number): { lexeme: string; end: number } {
  let lexeme = '';
  let i = start;
  if (text[i] !== "'") {
    while (i < text.length && !/[\s:]/.test(text[i] as string)) {
      if (text[i] === '\\') i++;
      lexeme += text[i++];
    }
    return { lexeme, end: i };
  }
  i++;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '\\') {
      lexeme += text[i + 1] ?? '';
      i += 2;
    } else if (ch === "'") {
      if (text[i + 1] !== "'") return { lexeme, end: i + 1 };
      lexeme += "'";
      i += 2;
    } else {
      lexeme += ch;
      i++;
    }
  }
  throw new Error(`Unterminated lexeme in tsvector: ${text}`);
}

/** Reads `1A,5C,7` into positions and weights; a position without a letter is D. */
function readPositions(text: string, start: number, positions: number[], weights: WeightIndex[]): number {
  let i = start;
  while (true) {
    let digits = '';
    while (i < text.length && /[0-9]/.test(text[i] as string)) digits += text[i++];
    if (digits === '') throw new Error(`Bad position in tsvector: ${text}`);
    const letter = (text[i] ?? '').toLowerCase();
    const weight = WEIGHT_LETTERS[letter];
    if (weight !== undefined) i++;
    positions.push(Number(digits));
    weights.push(weight ?? 0);
    if (text[i] !== ',') return i;
    i++;
  }
}

// ---------------------------------------------------------------------------
// tsquery text format
// ---------------------------------------------------------------------------

type QueryToken =
  | { readonly type: 'operand'; readonly operand: TsQueryOperand }
  | { readonly type: 'not' | 'and' | 'or' | 'open' | 'close' }
  | { readonly type: 'phrase'; readonly distance: number };

const QUERY_WEIGHT_BITS: Readonly<Record<string, number>> = { a: 8, b: 4, c: 2, d: 1 };

/**
 * Parses `tsqueryout` output, e.g. `( 'a' | 'b' ) & !'c' & 'd' <-> 'e':*`.
 * Operator priorities follow PostgreSQL: `!` > `<->` > `&` > `|`; binary
 * operators are left-associative. The empty string is the empty query.
 */
export function parseTsquery(text: string): ParsedTsquery {
  const tokens = tokenizeTsquery(text);
  if (tokens.length === 0) return { root: null, rankItems: [] };
  const parser = new TsqueryParser(tokens, text);
  const root = parser.parseOr();
  parser.expectEnd();
  return { root, rankItems: sortAndUniqItems(root) };
}

function tokenizeTsquery(text: string): QueryToken[] {
  const tokens: QueryToken[] = [];
  let i = 0;
  while (true) {
    i = skipSpaces(text, i);
    if (i >= text.length) return tokens;
    const ch = text[i] as string;
    if (ch === '!') {
      tokens.push({ type: 'not' });
      i++;
    } else if (ch === '&') {
      tokens.push({ type: 'and' });
      i++;
    } else if (ch === '|') {
      tokens.push({ type: 'or' });
      i++;
    } else if (ch === '(') {
      tokens.push({ type: 'open' });
      i++;
    } else if (ch === ')') {
      tokens.push({ type: 'close' });
      i++;
    } else if (ch === '<') {
      const match = /^<(-|\d+)>/.exec(text.slice(i));
      if (!match) throw new Error(`Bad phrase operator in tsquery: ${text}`);
      tokens.push({ type: 'phrase', distance: match[1] === '-' ? 1 : Number(match[1]) });
      i += match[0].length;
    } else {
      const word = readLexeme(text, i);
      i = word.end;
      let prefix = false;
      let weightMask = 0;
      if (text[i] === ':') {
        i++;
        while (i < text.length && /[*a-dA-D]/.test(text[i] as string)) {
          const flag = (text[i] as string).toLowerCase();
          if (flag === '*') prefix = true;
          else weightMask |= QUERY_WEIGHT_BITS[flag] ?? 0;
          i++;
        }
      }
      tokens.push({ type: 'operand', operand: { kind: 'operand', lexeme: word.lexeme, prefix, weightMask } });
    }
  }
}

class TsqueryParser {
  private at = 0;

  constructor(
    private readonly tokens: readonly QueryToken[],
    private readonly source: string,
  ) {}

  parseOr(): TsQueryNode {
    let left = this.parseAnd();
    while (this.peek()?.type === 'or') {
      this.at++;
      left = { kind: 'or', left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): TsQueryNode {
    let left = this.parsePhrase();
    while (this.peek()?.type === 'and') {
      this.at++;
      left = { kind: 'and', left, right: this.parsePhrase() };
    }
    return left;
  }

  private parsePhrase(): TsQueryNode {
    let left = this.parseUnary();
    let token = this.peek();
    while (token?.type === 'phrase') {
      this.at++;
      left = { kind: 'phrase', distance: token.distance, left, right: this.parseUnary() };
      token = this.peek();
    }
    return left;
  }

  private parseUnary(): TsQueryNode {
    const token = this.tokens[this.at++];
    if (token?.type === 'not') return { kind: 'not', operand: this.parseUnary() };
    if (token?.type === 'operand') return token.operand;
    if (token?.type === 'open') {
      const inner = this.parseOr();
      if (this.tokens[this.at++]?.type !== 'close') throw this.error();
      return inner;
    }
    throw this.error();
  }

  expectEnd(): void {
    if (this.at !== this.tokens.length) throw this.error();
  }

  private peek(): QueryToken | undefined {
    return this.tokens[this.at];
  }

  private error(): Error {
    return new Error(`Syntax error in tsquery: ${this.source}`);
  }
}

/** Byte-wise lexeme order, as `tsCompareString` (memcmp, then shorter first). */
function compareLexemes(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * tsrank.c `SortAndUniqItems`: every operand of the query, operators (NOT
 * included) ignored, sorted by lexeme and de-duplicated on the lexeme alone
 * (prefix flag and weights are not part of the comparison).
 */
function sortAndUniqItems(root: TsQueryNode): TsQueryOperand[] {
  const operands: TsQueryOperand[] = [];
  collectOperands(root, operands);
  operands.sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
  return operands.filter((item, index) => index === 0 || operands[index - 1]?.lexeme !== item.lexeme);
}

function collectOperands(node: TsQueryNode, out: TsQueryOperand[]): void {
  switch (node.kind) {
    case 'operand':
      out.push(node);
      return;
    case 'not':
      collectOperands(node.operand, out);
      return;
    default:
      collectOperands(node.left, out);
      collectOperands(node.right, out);
  }
}

// ---------------------------------------------------------------------------
// @@ (tsvector_op.c)
// ---------------------------------------------------------------------------

/** `TSTernaryValue` */
enum Ternary {
  No = 0,
  Yes = 1,
  Maybe = 2,
}

/** `ExecPhraseData`: match positions of a phrase sub-expression. */
interface PhraseData {
  positions: number[];
  width: number;
  negate: boolean;
}

function emptyPhraseData(): PhraseData {
  return { positions: [], width: 0, negate: false };
}

/** `vector @@ query` (`ts_match_vq`); the empty query matches nothing. */
export function matches(vector: ParsedTsvector, query: ParsedTsquery): boolean {
  if (query.root === null) return false;
  return execute(query.root, vector) !== Ternary.No;
}

/** `TS_execute_recurse` without position data; `TS_EXEC_PHRASE_NO_POS` is not set by `@@`. */
function execute(node: TsQueryNode, vector: ParsedTsvector): Ternary {
  switch (node.kind) {
    case 'operand':
      return operandMatches(vector, node) ? Ternary.Yes : Ternary.No;
    case 'not': {
      const inner = execute(node.operand, vector);
      if (inner === Ternary.Maybe) return Ternary.Maybe;
      return inner === Ternary.Yes ? Ternary.No : Ternary.Yes;
    }
    case 'and': {
      const left = execute(node.left, vector);
      if (left === Ternary.No) return Ternary.No;
      const right = execute(node.right, vector);
      if (right === Ternary.No) return Ternary.No;
      return right === Ternary.Yes ? left : Ternary.Maybe;
    }
    case 'or': {
      const left = execute(node.left, vector);
      if (left === Ternary.Yes) return Ternary.Yes;
      const right = execute(node.right, vector);
      return right === Ternary.No ? left : right;
    }
    case 'phrase': {
      // A MAYBE (lexemes without positions) is reported as NO without TS_EXEC_PHRASE_NO_POS.
      return phraseExecute(node, vector, emptyPhraseData()) === Ternary.Yes ? Ternary.Yes : Ternary.No;
    }
  }
}

/** Does a lexeme entry satisfy an operand's weight restriction (`checkclass_str` without positions)? */
function entryHasWeight(entry: TsVectorEntry, weightMask: number): boolean {
  // Stripped lexemes match whatever the weight restriction, as in PostgreSQL.
  if (weightMask === 0 || entry.positions.length === 0) return true;
  return entry.weights.some((weight) => (weightMask & (1 << weight)) !== 0);
}

/** `checkcondition_str` when no position data is needed. */
function operandMatches(vector: ParsedTsvector, operand: TsQueryOperand): boolean {
  if (!operand.prefix) {
    const entry = vector.byLexeme.get(operand.lexeme);
    return entry !== undefined && entryHasWeight(entry, operand.weightMask);
  }
  for (const entry of vector.entries) {
    if (entry.lexeme.startsWith(operand.lexeme) && entryHasWeight(entry, operand.weightMask)) return true;
  }
  return false;
}

/** `checkclass_str` with position data: weight-filtered positions, or MAYBE for a stripped lexeme. */
function collectEntryPositions(entry: TsVectorEntry, weightMask: number, out: number[]): Ternary {
  if (entry.positions.length === 0) return Ternary.Maybe;
  let any = false;
  for (let i = 0; i < entry.positions.length; i++) {
    if (weightMask === 0 || (weightMask & (1 << (entry.weights[i] as number))) !== 0) {
      out.push(entry.positions[i] as number);
      any = true;
    }
  }
  return any ? Ternary.Yes : Ternary.No;
}

/** `checkcondition_str` with position data (used inside phrase operators). */
function operandPositions(vector: ParsedTsvector, operand: TsQueryOperand, data: PhraseData): Ternary {
  if (!operand.prefix) {
    const entry = vector.byLexeme.get(operand.lexeme);
    if (entry === undefined) return Ternary.No;
    return collectEntryPositions(entry, operand.weightMask, data.positions);
  }
  // Prefix: join the positions of every lexeme the prefix matches; any stripped one makes it MAYBE.
  const all: number[] = [];
  for (const entry of vector.entries) {
    if (!entry.lexeme.startsWith(operand.lexeme)) continue;
    const result = collectEntryPositions(entry, operand.weightMask, all);
    if (result === Ternary.Maybe) return Ternary.Maybe;
  }
  if (all.length === 0) return Ternary.No;
  all.sort((a, b) => a - b);
  for (let i = 0; i < all.length; i++) {
    if (i === 0 || all[i] !== all[i - 1]) data.positions.push(all[i] as number);
  }
  return Ternary.Yes;
}

/** `TS_phrase_execute` */
function phraseExecute(node: TsQueryNode, vector: ParsedTsvector, data: PhraseData): Ternary {
  switch (node.kind) {
    case 'operand':
      return operandPositions(vector, node, data);
    case 'not':
      return phraseNot(node.operand, vector, data);
    case 'phrase':
    case 'and':
      return phraseAndOrFollowedBy(node, vector, data);
    case 'or':
      return phraseOr(node.left, node.right, vector, data);
  }
}

function phraseNot(operand: TsQueryNode, vector: ParsedTsvector, data: PhraseData): Ternary {
  const inner = phraseExecute(operand, vector, data);
  if (inner === Ternary.Maybe) return Ternary.Maybe;
  if (inner === Ternary.No) {
    // "match nowhere" becomes "match everywhere"
    data.negate = true;
    return Ternary.Yes;
  }
  if (data.positions.length > 0) {
    data.negate = !data.negate;
    return Ternary.Yes;
  }
  // "match everywhere" becomes "match nowhere"
  data.negate = false;
  return Ternary.No;
}

function phraseAndOrFollowedBy(
  node: Extract<TsQueryNode, { kind: 'and' | 'phrase' }>,
  vector: ParsedTsvector,
  data: PhraseData,
): Ternary {
  const ldata = emptyPhraseData();
  const rdata = emptyPhraseData();
  const lmatch = phraseExecute(node.left, vector, ldata);
  if (lmatch === Ternary.No) return Ternary.No;
  const rmatch = phraseExecute(node.right, vector, rdata);
  if (rmatch === Ternary.No) return Ternary.No;
  if (lmatch === Ternary.Maybe || rmatch === Ternary.Maybe) return Ternary.Maybe;

  let loffset: number;
  let roffset: number;
  if (node.kind === 'phrase') {
    loffset = node.distance + rdata.width;
    roffset = 0;
    data.width = node.distance + ldata.width + rdata.width;
  } else {
    const maxWidth = Math.max(ldata.width, rdata.width);
    loffset = maxWidth - ldata.width;
    roffset = maxWidth - rdata.width;
    data.width = maxWidth;
  }

  if (ldata.negate && rdata.negate) {
    // !L <-> !R => !(L | R)
    phraseOutput(data, ldata, rdata, EMIT_BOTH, loffset, roffset);
    data.negate = true;
    return Ternary.Yes;
  }
  if (ldata.negate) return phraseOutput(data, ldata, rdata, EMIT_R_ONLY, loffset, roffset);
  if (rdata.negate) return phraseOutput(data, ldata, rdata, EMIT_L_ONLY, loffset, roffset);
  return phraseOutput(data, ldata, rdata, EMIT_BOTH, loffset, roffset);
}

function phraseOr(left: TsQueryNode, right: TsQueryNode, vector: ParsedTsvector, data: PhraseData): Ternary {
  const ldata = emptyPhraseData();
  const rdata = emptyPhraseData();
  const lmatch = phraseExecute(left, vector, ldata);
  const rmatch = phraseExecute(right, vector, rdata);
  if (lmatch === Ternary.No && rmatch === Ternary.No) return Ternary.No;
  if (lmatch === Ternary.Maybe || rmatch === Ternary.Maybe) return Ternary.Maybe;
  if (lmatch === Ternary.No) ldata.width = 0;
  if (rmatch === Ternary.No) rdata.width = 0;

  const maxWidth = Math.max(ldata.width, rdata.width);
  const loffset = maxWidth - ldata.width;
  const roffset = maxWidth - rdata.width;
  data.width = maxWidth;

  if (ldata.negate && rdata.negate) {
    // !L | !R => !(L & R)
    phraseOutput(data, ldata, rdata, EMIT_BOTH, loffset, roffset);
    data.negate = true;
    return Ternary.Yes;
  }
  if (ldata.negate) {
    // !L | R => !(L & !R)
    phraseOutput(data, ldata, rdata, EMIT_L_ONLY, loffset, roffset);
    data.negate = true;
    return Ternary.Yes;
  }
  if (rdata.negate) {
    // L | !R => !(!L & R)
    phraseOutput(data, ldata, rdata, EMIT_R_ONLY, loffset, roffset);
    data.negate = true;
    return Ternary.Yes;
  }
  return phraseOutput(data, ldata, rdata, EMIT_BOTH | EMIT_L_ONLY | EMIT_R_ONLY, loffset, roffset);
}

/** TSPO_* flags of `TS_phrase_output`. */
const EMIT_L_ONLY = 1;
const EMIT_R_ONLY = 2;
const EMIT_BOTH = 4;

/** `TS_phrase_output`: merge-join two position lists (after offsets), emitting as `emit` says. */
function phraseOutput(
  data: PhraseData,
  ldata: PhraseData,
  rdata: PhraseData,
  emit: number,
  loffset: number,
  roffset: number,
): Ternary {
  const lpositions = ldata.positions;
  const rpositions = rdata.positions;
  let lindex = 0;
  let rindex = 0;
  while (lindex < lpositions.length || rindex < rpositions.length) {
    let lpos: number;
    let rpos: number;
    if (lindex < lpositions.length) lpos = (lpositions[lindex] as number) + loffset;
    else {
      if (!(emit & EMIT_R_ONLY)) break;
      lpos = Number.MAX_SAFE_INTEGER;
    }
    if (rindex < rpositions.length) rpos = (rpositions[rindex] as number) + roffset;
    else {
      if (!(emit & EMIT_L_ONLY)) break;
      rpos = Number.MAX_SAFE_INTEGER;
    }

    let outputPos = 0;
    if (lpos < rpos) {
      if (emit & EMIT_L_ONLY) outputPos = lpos;
      lindex++;
    } else if (lpos === rpos) {
      if (emit & EMIT_BOTH) outputPos = rpos;
      lindex++;
      rindex++;
    } else {
      if (emit & EMIT_R_ONLY) outputPos = rpos;
      rindex++;
    }
    if (outputPos > 0) data.positions.push(outputPos);
  }
  return data.positions.length > 0 ? Ternary.Yes : Ternary.No;
}

// ---------------------------------------------------------------------------
// ts_rank (tsrank.c)
// ---------------------------------------------------------------------------

/** `MAXENTRYPOS`: positions are 14-bit. */
const MAX_ENTRY_POS = 1 << 14;

/** The dummy position calc_rank_and uses for a lexeme without positions (`POSNULL`): MAXENTRYPOS - 1, weight D. */
const POSNULL_POSITIONS: readonly number[] = [MAX_ENTRY_POS - 1];
const POSNULL_WEIGHTS: readonly WeightIndex[] = [0];

/** calc_rank_or's dummy position for a lexeme without positions: position 0, weight D. */
const ZERO_WEIGHTS: readonly WeightIndex[] = [0];

/** pi^2 / 6, the limit of sum(1/i^2) that calc_rank_or normalises by. */
const SUM_INVERSE_SQUARES = 1.64493406685;

const f32 = Math.fround;

/**
 * `ts_rank(weights, vector, query)` with normalization 0 (`ts_rank_wtt` →
 * `calc_rank`): `calc_rank_and` when the top operator is AND or phrase,
 * `calc_rank_or` otherwise; a negative result becomes 1e-20.
 */
export function tsRank(weights: RankWeights, vector: ParsedTsvector, query: ParsedTsquery): number {
  if (vector.entries.length === 0 || query.root === null) return 0;
  // getWeights: the array is float4[].
  const w = weights.map(f32) as unknown as RankWeights;
  const rootKind = query.root.kind;
  let rank =
    rootKind === 'and' || rootKind === 'phrase'
      ? calcRankAnd(w, vector, query.rankItems)
      : calcRankOr(w, vector, query.rankItems);
  if (rank < 0) rank = f32(1e-20);
  return rank;
}

/** `find_wordentry`: the exact lexeme, or every lexeme (in vector order) a prefix item matches. */
function findEntries(vector: ParsedTsvector, item: TsQueryOperand): readonly TsVectorEntry[] {
  if (!item.prefix) {
    const entry = vector.byLexeme.get(item.lexeme);
    return entry === undefined ? NO_ENTRIES : [entry];
  }
  return vector.entries.filter((entry) => entry.lexeme.startsWith(item.lexeme));
}

const NO_ENTRIES: readonly TsVectorEntry[] = [];

/** `word_distance`: the weight of a collocation at distance `w`. */
function wordDistance(w: number): number {
  if (w > 100) return f32(1e-30);
  return f32(1.0 / (1.005 + 0.05 * Math.exp(f32(w) / 1.5 - 2)));
}

interface PositionList {
  readonly positions: readonly number[];
  readonly weights: readonly WeightIndex[];
  readonly isPosNull: boolean;
}

/**
 * `calc_rank_and`: for every pair of distinct query items, every pair of their
 * positions contributes sqrt(w1 * w2 * word_distance(dist)), combined as
 * 1 - (1 - res)(1 - curw). Like PostgreSQL, a prefix item that matches
 * several lexemes is paired with later items only through its last lexeme.
 */
function calcRankAnd(w: RankWeights, vector: ParsedTsvector, items: readonly TsQueryOperand[]): number {
  if (items.length < 2) return calcRankOr(w, vector, items);
  const pos: (PositionList | undefined)[] = new Array(items.length);
  let res = -1.0;
  for (let i = 0; i < items.length; i++) {
    for (const entry of findEntries(vector, items[i] as TsQueryOperand)) {
      const current: PositionList =
        entry.positions.length > 0
          ? { positions: entry.positions, weights: entry.weights, isPosNull: false }
          : { positions: POSNULL_POSITIONS, weights: POSNULL_WEIGHTS, isPosNull: true };
      pos[i] = current;
      for (let k = 0; k < i; k++) {
        const earlier = pos[k];
        if (earlier === undefined) continue;
        res = accumulatePairs(w, current, earlier, res);
      }
    }
  }
  return res;
}

function accumulatePairs(w: RankWeights, post: PositionList, ct: PositionList, start: number): number {
  let res = start;
  const eitherPosNull = post.isPosNull || ct.isPosNull;
  for (let l = 0; l < post.positions.length; l++) {
    for (let p = 0; p < ct.positions.length; p++) {
      let dist = Math.abs((post.positions[l] as number) - (ct.positions[p] as number));
      if (dist === 0 && !eitherPosNull) continue;
      if (dist === 0) dist = MAX_ENTRY_POS;
      const weightProduct = f32(
        f32(w[post.weights[l] as number] * w[ct.weights[p] as number]) * wordDistance(dist),
      );
      const curw = f32(Math.sqrt(weightProduct));
      res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
    }
  }
  return res;
}

/**
 * `calc_rank_or`: per matched lexeme, sum(w_j / j^2) over its positions with
 * the heaviest position moved to the front, normalised by pi^2/6; averaged
 * over all unique query items (found or not).
 */
function calcRankOr(w: RankWeights, vector: ParsedTsvector, items: readonly TsQueryOperand[]): number {
  let res = 0.0;
  for (const item of items) {
    for (const entry of findEntries(vector, item)) {
      const weights = entry.positions.length > 0 ? entry.weights : ZERO_WEIGHTS;
      let resj = 0.0;
      let wjm = -1.0;
      let jm = 0;
      for (let j = 0; j < weights.length; j++) {
        const wj = w[weights[j] as number] as number;
        resj = f32(resj + f32(wj / ((j + 1) * (j + 1))));
        if (wj > wjm) {
          wjm = wj;
          jm = j;
        }
      }
      const term = f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1))));
      res = f32(res + term / SUM_INVERSE_SQUARES);
    }
  }
  if (items.length > 0) res = f32(res / items.length);
  return res;
}
