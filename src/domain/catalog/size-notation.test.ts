import { describe, expect, it } from 'vitest';
import { characteristicsKey, type ParsedSize, parseSizeNotation } from './size-notation';

type Expected = Partial<ParsedSize>;

// Every notation of /work/shared/data/size-notations.csv (the reference table of how US price lists
// and plant schedules write sizes), with what search should file it under.
const csvRows: [string, Expected][] = [
  ['B & B', { label: 'B&B', standardContainer: 'B&B', characteristics: ['B&B'] }],
  ['B&B', { label: 'B&B', standardContainer: 'B&B', characteristics: ['B&B'] }],
  ['min. 2.5" cal.', { label: '2.5" cal', sizeInches: 2.5, standardContainer: null }],
  ['2.5"Cal', { label: '2.5" cal', sizeInches: 2.5 }],
  ['2 1/2"–3" CAL.', { label: '2.5-3" cal', sizeInches: 2.5, sizeInchesMax: 3 }],
  ['1.5" caliper', { label: '1.5" cal', sizeInches: 1.5 }],
  ['min. 6` ht.', { label: "6'", sizeFeet: 6, sizeFeetMax: null }],
  ["6-7'", { label: "6-7'", sizeFeet: 6, sizeFeetMax: 7 }],
  ["3 to 4'", { label: "3-4'", sizeFeet: 3, sizeFeetMax: 4 }],
  ["6'", { label: "6'", sizeFeet: 6 }],
  ['12 feet', { label: "12'", sizeFeet: 12 }],
  ['multi-trunk', { label: 'Multi-Stem', standardContainer: null, characteristics: ['Multi-Stem'] }],
  ['#1', { label: '#1', container: '#1', standardContainer: 'Container', characteristics: ['Container'] }],
  ['#2', { label: '#2', container: '#2', standardContainer: 'Container' }],
  ['#5 Container', { label: '#5', container: '#5', standardContainer: 'Container' }],
  ['2-GAL', { label: '#2', container: '#2', standardContainer: 'Container' }],
  ['1g', { label: '#1', container: '#1', standardContainer: 'Container' }],
  ['5g', { label: '#5', container: '#5', standardContainer: 'Container' }],
  ['1 gal', { label: '#1', container: '#1', standardContainer: 'Container' }],
  ['15 gallons', { label: '#15', container: '#15', standardContainer: 'Container' }],
  ['15 Gallon', { label: '#15', container: '#15', standardContainer: 'Container' }],
  ['36-inch box', { label: '36" box', container: '36" box', standardContainer: 'Box', sizeInches: 36 }],
  ['36″ Box', { label: '36" box', container: '36" box', standardContainer: 'Box', sizeInches: 36 }],
  ['48″ box', { label: '48" box', standardContainer: 'Box', sizeInches: 48 }],
  ['Pint', { label: 'Pint', container: 'Pint', standardContainer: 'Pot' }],
  ['Quart', { label: 'Quart', container: 'Quart', standardContainer: 'Pot' }],
  ['2 Quart', { label: '2 Quart', container: '2 Quart', standardContainer: 'Pot' }],
  ['3.5" Pot', { label: '3.5" pot', container: '3.5" pot', standardContainer: 'Pot', sizeInches: 3.5 }],
  ['10-inch pot', { label: '10" pot', standardContainer: 'Pot', sizeInches: 10 }],
  ['2-1/4-inch pot', { label: '2.25" pot', standardContainer: 'Pot', sizeInches: 2.25 }],
  ['4-inch', { label: '4" pot', standardContainer: 'Pot', sizeInches: 4 }],
  [
    '98-Count Plugs',
    { label: 'Plug 98', standardContainer: 'Plug', container: null, characteristics: ['Plug'] },
  ],
  ['5" Deep Plug, Tray of 50', { label: 'Plug 50', standardContainer: 'Plug', sizeInches: null }],
  ['50 cell', { label: 'Plug 50', standardContainer: 'Plug' }],
  ['38 cell', { label: 'Plug 38', standardContainer: 'Plug' }],
  ['32 cell', { label: 'Plug 32', standardContainer: 'Plug' }],
  ['LP50', { label: 'Plug 50', standardContainer: 'Plug' }],
  ['LP32', { label: 'Plug 32', standardContainer: 'Plug' }],
  ['128 count', { label: 'Plug 128', standardContainer: 'Plug' }],
  ['1 flat', { label: 'Flat', standardContainer: 'Flat', characteristics: ['Flat'] }],
  ['Bare root', { label: 'Bare Root', standardContainer: 'Bare Root', characteristics: ['Bare Root'] }],
  ['2" X 5" Tree Band Pot', { label: '2" band pot', standardContainer: 'Pot', sizeInches: 2 }],
  ['bundle', { label: 'Bundle', standardContainer: null, characteristics: ['Bundle'] }],
];

// The one canonical notation trade-plants.csv writes sizes in, and the labels the catalogue shows.
const tradeRows: [string, Expected][] = [
  ['#3', { label: '#3', container: '#3', standardContainer: 'Container' }],
  ['2in cal B&B', { label: '2" cal B&B', sizeInches: 2, standardContainer: 'B&B', container: null }],
  ['2.5in cal B&B', { label: '2.5" cal B&B', sizeInches: 2.5, characteristics: ['B&B'] }],
  ['6-8ft B&B', { label: "6-8' B&B", sizeFeet: 6, sizeFeetMax: 8, standardContainer: 'B&B' }],
  [
    '8-10ft multi-stem B&B',
    {
      label: "8-10' multi-stem B&B",
      sizeFeet: 8,
      standardContainer: 'B&B',
      characteristics: ['B&B', 'Multi-Stem'],
    },
  ],
  ['quart', { label: 'Quart', container: 'Quart', standardContainer: 'Pot' }],
  ['4in pot', { label: '4" pot', container: '4" pot', sizeInches: 4 }],
  ['flat of 18', { label: 'Flat of 18', standardContainer: 'Flat', container: null }],
  ['plug 50ct', { label: 'Plug 50', standardContainer: 'Plug' }],
  ['2-3ft bare root', { label: "2-3' bare root", sizeFeet: 2, standardContainer: 'Bare Root' }],
];

describe('parseSizeNotation', () => {
  it.each(csvRows)('reads %s as plant schedules write it', (notation, expected) => {
    expect(parseSizeNotation(notation)).toMatchObject(expected);
  });

  it.each(tradeRows)('reads the trade notation %s', (notation, expected) => {
    expect(parseSizeNotation(notation)).toMatchObject(expected);
  });

  it('reads a caliper and a height written together', () => {
    expect(parseSizeNotation(`2.5" cal, 12-14' ht`)).toMatchObject({
      sizeInches: 2.5,
      sizeFeet: 12,
      sizeFeetMax: 14,
    });
  });

  it('reads its own labels back to the same size', () => {
    for (const [notation] of [...csvRows, ...tradeRows]) {
      const first = parseSizeNotation(notation);
      expect(parseSizeNotation(first.label)).toEqual(first);
    }
  });

  it('keeps what it cannot read as the label, with no facets', () => {
    expect(parseSizeNotation('  Specimen  ')).toEqual({
      label: 'Specimen',
      container: null,
      standardContainer: null,
      sizeInches: null,
      sizeInchesMax: null,
      sizeFeet: null,
      sizeFeetMax: null,
      characteristics: [],
    });
  });
});

describe('characteristicsKey', () => {
  it('sorts and joins, without duplicates', () => {
    expect(characteristicsKey(['Multi-Stem', 'B&B', 'B&B'])).toBe('B&B,Multi-Stem');
    expect(characteristicsKey([])).toBe('');
  });
});
