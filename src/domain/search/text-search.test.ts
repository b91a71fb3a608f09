import { describe, expect, it } from 'vitest';
import { matches, parseTsquery, parseTsvector, type RankWeights, tsRank } from './text-search';

const weights: RankWeights = [0.1, 0.2, 0.4, 1.0];
const redMaple = "'acer':1A,5C 'barbatum':6C 'mapl':4B 'red':3B 'rubrum':2A 'shade':7C 'tree':8C";
const octoberGlory =
  "'acer':1A,11C 'barbatum':12C 'glori':4A,6B,10B 'mapl':8B 'octob':3A,5B,9B 'red':7B 'rubrum':2A 'shade':13C 'tree':14C";
const stripped = "'acer' 'mapl' 'red'";
const partlyStripped = "'acer' 'mapl':2 'red'";
const prefixes = "'red':1,3,5,7 'redbud':2 'reddish':9";
const farApart = "'a':1 'b':3 'c':200";

describe('parseTsvector', () => {
  it('reads lexemes, positions and weights (a bare position is D)', () => {
    const vector = parseTsvector("'acer':1A,5C 'red':3 'stripped' 'it''s':2B 'x\\\\y':4D");
    expect(vector.entries.map((entry) => entry.lexeme)).toEqual(['acer', 'red', 'stripped', "it's", 'x\\y']);
    expect(vector.byLexeme.get('acer')).toEqual({ lexeme: 'acer', positions: [1, 5], weights: [3, 1] });
    expect(vector.byLexeme.get('red')).toEqual({ lexeme: 'red', positions: [3], weights: [0] });
    expect(vector.byLexeme.get('stripped')).toEqual({ lexeme: 'stripped', positions: [], weights: [] });
    expect(vector.byLexeme.get("it's")?.weights).toEqual([2]);
    expect(vector.byLexeme.get('x\\y')?.positions).toEqual([4]);
  });

  it('reads the empty vector', () => {
    expect(parseTsvector('').entries).toEqual([]);
  });
});

describe('parseTsquery', () => {
  it('parses operators with PostgreSQL priorities (! > <-> > & > |)', () => {
    expect(parseTsquery("'a' | 'b' & !'c' <2> 'd':*AB").root).toEqual({
      kind: 'or',
      left: { kind: 'operand', lexeme: 'a', prefix: false, weightMask: 0 },
      right: {
        kind: 'and',
        left: { kind: 'operand', lexeme: 'b', prefix: false, weightMask: 0 },
        right: {
          kind: 'phrase',
          distance: 2,
          left: { kind: 'not', operand: { kind: 'operand', lexeme: 'c', prefix: false, weightMask: 0 } },
          right: { kind: 'operand', lexeme: 'd', prefix: true, weightMask: 12 },
        },
      },
    });
  });

  it('honours parentheses and reads the empty query', () => {
    expect(parseTsquery("( 'a' | 'b' ) & 'c'").root?.kind).toBe('and');
    expect(parseTsquery('').root).toBeNull();
    expect(parseTsquery("'it''s'").root).toEqual({
      kind: 'operand',
      lexeme: "it's",
      prefix: false,
      weightMask: 0,
    });
  });

  it('collects unique operands sorted by lexeme, NOT included (SortAndUniqItems)', () => {
    const items = parseTsquery("'red' & !'oak' & ( 'acer' | 'red' )").rankItems.map((item) => item.lexeme);
    expect(items).toEqual(['acer', 'oak', 'red']);
  });

  it('rejects malformed input', () => {
    expect(() => parseTsquery("'a' &")).toThrow();
    expect(() => parseTsquery("( 'a'")).toThrow();
  });
});

// Expected values were taken from PostgreSQL 15.20:
// select v::tsvector @@ q::tsquery, ts_rank('{0.1,0.2,0.4,1.0}', v::tsvector, q::tsquery)
const cases: [vector: string, query: string, matches: boolean, rank: number][] = [
  [redMaple, "'red' & 'mapl'", true, 0.39641288],
  [redMaple, "'red' <-> 'mapl'", true, 0.39641288],
  [redMaple, "'mapl' <-> 'red'", false, 0.39641288],
  [redMaple, "'acer' <2> 'red'", true, 0.72801447],
  [redMaple, "'red' | 'oak'", true, 0.12158542],
  [redMaple, "!'red'", false, 0.24317084],
  [redMaple, "'mapl' & !'oak'", true, 1e-20],
  [redMaple, "'red' & 'oak'", false, 1e-20],
  [redMaple, "'red'", true, 0.24317084],
  [redMaple, "'ac':* & 'ma':*", true, 0.723457],
  [redMaple, "'r':* & 'tree':*", true, 0.38146093],
  [redMaple, "( 'oak' | 'mapl' ) & 'red'", true, 0.39641288],
  [redMaple, "'red' <-> !'oak'", true, 1e-20],
  [redMaple, "'red' <-> !'mapl'", false, 0.39641288],
  [redMaple, "'red':A & 'mapl'", false, 0.39641288],
  [redMaple, "'red':B <-> 'mapl':B", true, 0.39641288],
  [redMaple, '', false, 0],
  [octoberGlory, "'octob' & 'glori'", true, 0.99996036],
  [octoberGlory, "'octob' <-> 'glori' & 'mapl'", true, 0.9999991],
  [octoberGlory, "'glori' | 'octob'", true, 0.6957388],
  [stripped, "'red' & 'mapl'", true, 1e-16],
  [stripped, "'red' <-> 'mapl'", false, 1e-16],
  [stripped, "'red' | 'mapl'", true, 0.06079271],
  [partlyStripped, "'red' & 'mapl'", true, 1e-16],
  [partlyStripped, "'red' & 'mapl' & 'acer'", true, 3.330669e-16],
  [partlyStripped, "!( 'red' <-> 'mapl' )", true, 0.06079271],
  ["'it''s':1 'x\\\\y':2", "'it''s'", true, 0.06079271],
  [prefixes, "'red':*", true, 0.2081306],
  [prefixes, "'red':* & 'redbud'", true, 0.07614762],
  [prefixes, "'red':* <-> 'redbud'", true, 0.07614762],
  [prefixes, "'redbud' & 'red':*", true, 0.07614762],
  [farApart, "'a' & 'b' & 'c'", true, 0.098500855],
  [farApart, "'a' & 'a'", true, 0.06079271],
  [farApart, "'a' <-> 'x' | 'c'", true, 0.040528473],
  [farApart, "!'a' <-> 'b'", true, 0.098500855],
  [farApart, "'a' <-> ( 'x' | 'b' )", false, 0.098500855],
  [farApart, "'a' <-> ( 'x' | !'b' )", true, 0.098500855],
];

describe('@@ and ts_rank (values from PostgreSQL 15)', () => {
  it.each(cases)('%s @@ %s', (vectorText, queryText, expectedMatch, expectedRank) => {
    const vector = parseTsvector(vectorText);
    const query = parseTsquery(queryText);
    expect(matches(vector, query)).toBe(expectedMatch);
    // PostgreSQL returns float4; compare to the float4 nearest the value it printed.
    expect(tsRank(weights, vector, query)).toBe(Math.fround(expectedRank));
  });

  it('ranks nothing in an empty vector', () => {
    expect(tsRank(weights, parseTsvector(''), parseTsquery("'red'"))).toBe(0);
    expect(matches(parseTsvector(''), parseTsquery("!'red'"))).toBe(true);
  });
});
