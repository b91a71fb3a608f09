import { describe, expect, it } from 'vitest';
import { parseSizeNotation } from '../../catalog/size-notation';
import { buildCatalogIndex, type CatalogProductRow, type CatalogVariantRow } from './catalog-index';
import { scoreLine } from './score-line';

const rows: CatalogProductRow[] = [];
const variants: CatalogVariantRow[] = [];

function product(fields: Partial<CatalogProductRow> & { primaryName: string }, sizes: string[], raw = false) {
  const id = rows.length + 1;
  rows.push({
    id,
    pathIdentifier: `p-${id}`,
    secondaryName: null,
    patentName: null,
    botanicalGenus: null,
    botanicalSpecies: null,
    cultivar: null,
    synonymNames: '',
    hardGood: false,
    tradeProduct: true,
    ...fields,
  });
  for (const [position, size] of sizes.entries()) {
    const parsed = parseSizeNotation(size);
    variants.push({
      id: id * 100 + position,
      productId: id,
      size: raw ? size : parsed.label,
      container: raw ? null : parsed.container,
      standardContainer: raw ? 'Bulk' : parsed.standardContainer,
      sizeInches: raw ? null : parsed.sizeInches,
      sizeFeet: raw ? null : parsed.sizeFeet,
      characteristics: raw ? [] : parsed.characteristics,
      position,
    });
  }
}

const treeSizes = ['#15', '2in cal B&B', '2.5in cal B&B', '3in cal B&B'];
product(
  {
    primaryName: 'Acer rubrum',
    secondaryName: 'Red Maple',
    botanicalGenus: 'Acer',
    botanicalSpecies: 'rubrum',
  },
  treeSizes,
);
product(
  {
    primaryName: "Acer rubrum 'October Glory'",
    secondaryName: 'October Glory Red Maple',
    botanicalGenus: 'Acer',
    botanicalSpecies: 'rubrum',
    cultivar: 'October Glory',
  },
  treeSizes,
);
product(
  {
    primaryName: "Acer rubrum 'Franksred'",
    secondaryName: 'Red Sunset Red Maple',
    patentName: 'Red Sunset',
    botanicalGenus: 'Acer',
    botanicalSpecies: 'rubrum',
    cultivar: 'Franksred',
  },
  treeSizes,
);
product(
  {
    primaryName: 'Acer saccharum',
    secondaryName: 'Sugar Maple',
    botanicalGenus: 'Acer',
    botanicalSpecies: 'saccharum',
  },
  treeSizes,
);
product(
  {
    primaryName: "Hydrangea paniculata 'Jane'",
    secondaryName: 'Little Lime Panicle Hydrangea',
    patentName: 'Little Lime',
    botanicalGenus: 'Hydrangea',
    botanicalSpecies: 'paniculata',
    cultivar: 'Jane',
  },
  ['#3', '#5', '#7'],
);
product(
  {
    primaryName: 'Hylotelephium spectabile',
    secondaryName: 'Showy Stonecrop',
    botanicalGenus: 'Hylotelephium',
    botanicalSpecies: 'spectabile',
    synonymNames: 'Sedum spectabile',
    tradeProduct: false,
  },
  ['quart', '#1'],
);
product(
  {
    primaryName: 'Ficus carica',
    secondaryName: 'Common Fig',
    botanicalGenus: 'Ficus',
    botanicalSpecies: 'carica',
  },
  ['#5', '#15'],
);
product({ primaryName: 'Dyed Black Mulch', hardGood: true }, ['Black'], true);
product({ primaryName: '#57 Stone', hardGood: true }, ['Limestone', 'Granite'], true);

product(
  {
    primaryName: "Picea pungens 'Fat Albert'",
    secondaryName: 'Fat Albert Colorado Blue Spruce',
    botanicalGenus: 'Picea',
    botanicalSpecies: 'pungens',
    cultivar: 'Fat Albert',
  },
  ['#7', "5-6' B&B", "6-8' B&B"],
);

const index = buildCatalogIndex(rows, variants);
const best = (text: string, sizeText: string | null = null, evidence: string[] = []) => {
  const [first] = scoreLine(index, { text, sizeText, evidence });
  return first
    ? { name: first.product.row.primaryName, size: first.variant?.size, score: Math.round(first.score) }
    : null;
};

describe('scoreLine', () => {
  it('scores a line naming the product and size exactly at 100', () => {
    expect(best("Acer rubrum 'October Glory'", '2.5" cal B&B')).toEqual({
      name: "Acer rubrum 'October Glory'",
      size: '2.5" cal B&B',
      score: 100,
    });
  });

  it('scores abbreviations, capitals, typos and common names as a Match (75 or more)', () => {
    for (const [text, size] of [
      ['Acer rub. Oct. Glory', '2.5" Cal. B&B'],
      [`ACER RUB 'OCT GLORY' 2-1/2" CAL B&B`, null],
      ['Acer rubrun Octobr Glory', '2-1/2" cal'],
      ['Red Maple October Glory', '2.5" caliper'],
    ] as const) {
      const found = best(text, size);
      expect(found?.name, text).toBe("Acer rubrum 'October Glory'");
      expect(found?.size, text).toBe('2.5" cal B&B');
      expect(found?.score, text).toBeGreaterThanOrEqual(75);
    }
  });

  it('prefers the species when the line names no cultivar, and reads trade names', () => {
    expect(best('Acer rubrum', '#15')?.name).toBe('Acer rubrum');
    expect(best('Red Sunset Maple', '3" cal')).toMatchObject({
      name: "Acer rubrum 'Franksred'",
      size: '3" cal B&B',
    });
    expect(best('Little Lime Hydrangea', '5 gal')).toMatchObject({
      name: "Hydrangea paniculata 'Jane'",
      size: '#5',
    });
  });

  it('matches an old botanical name through the synonyms', () => {
    expect(best('Sedum spectabile', '1 qt')).toMatchObject({
      name: 'Hylotelephium spectabile',
      size: 'Quart',
    });
    expect(best('Sedum spectabile')?.score).toBeGreaterThanOrEqual(75);
  });

  it('scores plants the catalogue does not have below 25', () => {
    for (const text of [
      'Ficus lyrata',
      'Fiddle Leaf Fig',
      "Acer rubrum 'Autumn Flame'",
      'ACER RUBRUM AUTUMN FLAME',
      'Acer griseum',
      'Strelitzia nicolai',
    ]) {
      const found = scoreLine(index, { text, sizeText: '#15', evidence: [] })[0];
      expect(found?.score ?? 0, text).toBeLessThan(25);
    }
  });

  it('picks a hard good and its grade from the line', () => {
    expect(best('Mulch - black dyed')).toMatchObject({ name: 'Dyed Black Mulch', size: 'Black' });
    expect(best('#57 stone - granite')).toMatchObject({ name: '#57 Stone', size: 'Granite' });
  });

  it('uses the other columns as evidence', () => {
    const withEvidence = best('Acer rubrum', '#15', ['Red Maple']);
    const without = best('Acer rubrum', '#15');
    expect(withEvidence?.name).toBe('Acer rubrum');
    expect(withEvidence?.score).toBeGreaterThanOrEqual(without?.score ?? 0);
  });

  it('answers nothing for a line without words', () => {
    expect(scoreLine(index, { text: '  -- ', sizeText: '#3', evidence: [] })).toEqual([]);
  });
});

describe('size agreement in the score (issue 21)', () => {
  it('never scores a Match when the size or root form differs from the variant', () => {
    for (const [text, size] of [
      ["Hydrangea paniculata 'Jane'", '#2'],
      ["Hydrangea paniculata 'Jane'", '24-30" B&B'],
      ["Picea pungens 'Fat Albert'", "6-7' B&B"],
      ["Picea pungens 'Fat Albert'", "6-8' cont."],
    ] as const) {
      const found = best(text, size);
      expect(found?.name, `${text} ${size}`).toBe(text);
      expect(found?.score, `${text} ${size}`).toBeLessThan(75);
      expect(found?.score, `${text} ${size}`).toBeGreaterThanOrEqual(25);
    }
  });

  it("keeps a range's bounds and reads '5/6 ft' as 5-6'", () => {
    expect(best("Picea pungens 'Fat Albert'", '5/6 ft B&B')).toEqual({
      name: "Picea pungens 'Fat Albert'",
      size: "5-6' B&B",
      score: 100,
    });
    expect(best("Picea pungens 'Fat Albert'", "6-8' B&B")?.score).toBe(100);
  });
});
