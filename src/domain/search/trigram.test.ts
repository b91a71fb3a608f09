import { describe, expect, it } from 'vitest';
import {
  prepareQuery,
  similarity,
  textTrigrams,
  trigramsOf,
  wordSimilarity,
  wordSimilarityOfFound,
  wordSimilarityPrepared,
} from './trigram';

/** PostgreSQL returns float4; compare to the float4 nearest the value it printed. */
function expectFloat4(actual: number, printedByPostgres: number): void {
  expect(actual).toBe(Math.fround(printedByPostgres));
}

describe('trigramsOf (generate_trgm_only)', () => {
  it('pads every word with two blanks in front and one behind and keeps duplicates in order', () => {
    expect(trigramsOf('red maple')).toEqual([
      '  r',
      ' re',
      'red',
      'ed ',
      '  m',
      ' ma',
      'map',
      'apl',
      'ple',
      'le ',
    ]);
    expect(trigramsOf('ab ab')).toEqual(['  a', ' ab', 'ab ', '  a', ' ab', 'ab ']);
  });

  it('splits words on anything that is not a letter or digit', () => {
    expect(trigramsOf("12-inch 'x'")).toEqual([
      '  1',
      ' 12',
      '12 ',
      '  i',
      ' in',
      'inc',
      'nch',
      'ch ',
      '  x',
      ' x ',
    ]);
    expect(trigramsOf(' -- ')).toEqual([]);
  });

  it('works on characters, not UTF-16 units or bytes', () => {
    expect(trigramsOf('über')).toEqual(['  ü', ' üb', 'übe', 'ber', 'er ']);
  });
});

// Expected values were taken from PostgreSQL 15.20 with pg_trgm:
// select word_similarity($1, $2), similarity($1, $2)
const cases: [query: string, text: string, wordSimilarity: number, similarity: number][] = [
  ['maple', 'acer rubrum  red maple  acer barbatum', 1, 0.20689656],
  ['mapel', 'acer rubrum  red maple  acer barbatum', 0.5, 0.09375],
  ['quercs rubra', 'quercus rubra  northern red oak  quercus borealis', 0.6875, 0.2682927],
  ['october glory', "acer rubrum 'october glory'  october glory red maple", 1, 0.4117647],
  ['limelite', "hydrangea paniculata 'limelight'  limelight hydrangea", 0.6666667, 0.1764706],
  ['hydrang', "hydrangea paniculata 'limelight'  limelight hydrangea", 0.875, 0.21875],
  ['green velvet boxwood', "buxus 'green velvet'  green velvet boxwood", 1, 0.8076923],
  ['knock out rose', "rosa 'radrazz'  knock out rose", 1, 0.625],
  ['crape myrtle', 'lagerstroemia indica  crapemyrtle', 0.6666667, 0.2777778],
  ['mulch', 'hardwood mulch double shredded', 1, 0.19354838],
  ['flagstone', 'pennsylvania bluestone flagstone', 1, 0.3448276],
  ['autum joy', "sedum 'autumn joy'  autumn joy stonecrop", 0.9, 0.3846154],
  ['kn out', 'knock out rose', 0.5714286, 0.375],
  ['a', 'a b c', 1, 0.33333334],
  ['ab', 'abab ab', 1, 0.6],
  ['word', 'w o r d word', 1, 0.41666666],
  ['abc abd', 'abd abc xyz abc', 1, 0.6],
  ['12 inch', '12-inch pot #3 container', 1, 0.33333334],
  ['über', 'uber über', 1, 0.625],
  ['red', 'redbud red', 1, 0.5],
  ['', 'anything', 0, 0],
  ['x', '', 0, 0],
];

describe('similarity and word_similarity (values from PostgreSQL 15)', () => {
  it.each(cases)('%j against %j', (query, text, expectedWordSimilarity, expectedSimilarity) => {
    expectFloat4(wordSimilarity(query, text), expectedWordSimilarity);
    expectFloat4(similarity(query, text), expectedSimilarity);
  });

  it('gives the same word similarity from the prepared forms', () => {
    for (const [query, text, expected] of cases) {
      expectFloat4(wordSimilarityPrepared(prepareQuery(query), textTrigrams(text)), expected);
    }
  });

  it('reuses one prepared query across texts of different sizes', () => {
    const prepared = prepareQuery('maple');
    expectFloat4(wordSimilarityPrepared(prepared, textTrigrams('mapel')), 0.5);
    const long = textTrigrams(`${'quercus rubra northern red oak '.repeat(20)}red maple`);
    expectFloat4(wordSimilarityPrepared(prepared, long), 1);
    expectFloat4(wordSimilarityPrepared(prepared, textTrigrams('mapel')), 0.5);
  });
});

describe('wordSimilarityOfFound', () => {
  // The shortcut for texts whose shared trigrams form one run must agree with the full iteration.
  const cases: [string, string][] = [
    ['grass', 'pennisetum alopecuroides fountain grass'],
    ['grass', 'calamagrostis feather reed grasses'],
    ['grass', 'switchgrass panicum virgatum'],
    ['grass', 'bass grassland ass'],
    ['red oak', 'quercus rubra northern red oak'],
    ['red oak', 'oak red'],
    ['banana', 'musa basjoo hardy banana'],
    ['mississippi', 'mississippi river birch'],
    ['aa', 'aaa aa a'],
    ['limelite', 'hydrangea paniculata limelight'],
    ['hosta', 'ghost hosta frosted'],
  ];
  it.each(cases)('%s in "%s" equals the full iteration', (query, text) => {
    const prepared = prepareQuery(query);
    const trigrams = textTrigrams(text);
    const found = Uint8Array.from(trigrams.unique, (trigram) => (prepared.trigrams.has(trigram) ? 1 : 0));
    expect(wordSimilarityOfFound(trigrams, found, prepared.uniqueCount)).toBe(
      wordSimilarityPrepared(prepared, trigrams),
    );
  });
});
