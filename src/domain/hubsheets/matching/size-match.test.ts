import { describe, expect, it } from 'vitest';
import { parseSizeNotation } from '../../catalog/size-notation';
import type { CatalogVariantRow } from './catalog-index';
import { bestVariant, gradeWords, hardGoodVariant, readLineSize } from './size-match';

let nextId = 1;
function variant(size: string): CatalogVariantRow {
  const parsed = parseSizeNotation(size);
  return {
    id: nextId++,
    productId: 1,
    size: parsed.label,
    container: parsed.container,
    standardContainer: parsed.standardContainer,
    sizeInches: parsed.sizeInches,
    sizeFeet: parsed.sizeFeet,
    characteristics: parsed.characteristics,
    position: nextId,
  };
}

const shadeTree = ['#15', '#25', '2in cal B&B', '2.5in cal B&B', '3in cal B&B'].map(variant);
const shrub = ['#1', '#3', '#5', '#7', '3-4ft B&B'].map(variant);
const evergreenTree = ['#7', '5-6ft B&B', '6-8ft B&B', '8-10ft multi-stem B&B'].map(variant);
const perennial = ['plug 50ct', 'flat of 18', '4in pot', 'quart', '#1'].map(variant);

describe('readLineSize', () => {
  it.each([
    ['No. 3', '#3'],
    ['#3 cont.', '#3'],
    ['3 gal', '#3'],
    ['3-gal', '#3'],
    ['2-1/2" CAL., B&B', '2.5" cal B&B'],
    ['CAL 2.5 B&B', '2.5" cal B&B'],
    ["6-8' ht.", "6-8'"],
    ['6-8 ht', "6-8'"],
    ['5-6 ft', "5-6'"],
    ['1 qt', '1 Quart'],
    ['4" pot', '4" pot'],
    ['flat', 'Flat'],
    ['plug', 'Plug'],
  ])('reads %j as %j', (text, label) => {
    expect(readLineSize(text)?.parsed.label).toBe(label);
  });

  it('marks specimens and gives nothing for an empty size', () => {
    expect(readLineSize('SP')?.specimen).toBe(true);
    expect(readLineSize('specimen')?.specimen).toBe(true);
    expect(readLineSize('#3')?.specimen).toBe(false);
    expect(readLineSize('')).toBeNull();
    expect(readLineSize(null)).toBeNull();
  });
});

describe('bestVariant', () => {
  const pick = (variants: CatalogVariantRow[], size: string | null) =>
    bestVariant(variants, readLineSize(size)).variant?.size;

  it.each([
    [shadeTree, '2.5" Cal. B&B', '2.5" cal B&B'],
    [shadeTree, '2-1/2" CAL', '2.5" cal B&B'],
    [shadeTree, 'min. 3" cal.', '3" cal B&B'],
    [shadeTree, '15 gal', '#15'],
    [shrub, 'No. 5', '#5'],
    [shrub, '3 GAL.', '#3'],
    [shrub, "3-4' B&B", "3-4' B&B"],
    [evergreenTree, "6-8' ht", "6-8' B&B"],
    [evergreenTree, "8-10' multi-trunk", "8-10' multi-stem B&B"],
    [evergreenTree, 'multi-stem', "8-10' multi-stem B&B"],
    [evergreenTree, 'SP', "8-10' multi-stem B&B"],
    [perennial, '1 qt', 'Quart'],
    [perennial, '4 in. pot', '4" pot'],
    [perennial, 'flat', 'Flat of 18'],
    [perennial, 'LP50', 'Plug 50'],
    [perennial, '1 gal', '#1'],
  ])('picks the size a line asks for (%#: %j)', (variants, size, expected) => {
    expect(pick(variants, size)).toBe(expected);
  });

  it('picks the nearest size when the exact one is not sold', () => {
    expect(pick(shadeTree, '3.5" cal')).toBe('3" cal B&B');
    expect(pick(shrub, '#4')).toMatch(/^#[35]$/);
  });

  it('picks the first size, with no fit, when the line gives none', () => {
    expect(bestVariant(shrub, null)).toEqual({ variant: shrub[0], fit: null });
  });

  it('picks a hard good by the words it shares with the line', () => {
    // Hard goods keep their variant names as written.
    const raw = (size: string) => ({ ...variant('#1'), size, container: null, standardContainer: 'Bulk' });
    const stone = ['Limestone', 'Granite', 'Trap rock'].map(raw);
    const words = (text: string) => new Set(gradeWords(text));
    expect(hardGoodVariant(stone, words('#57 stone - granite')).variant?.size).toBe('Granite');
    expect(hardGoodVariant(stone, words('#57 stone')).fit).toBeNull();
    const mulch = ['Brown', 'Dark brown'].map(raw);
    expect(hardGoodVariant(mulch, words('Dyed brown mulch dark brown')).variant?.size).toBe('Dark brown');
    const boulders = ['1-2ft', '2-3ft', '3-4ft'].map(raw);
    expect(hardGoodVariant(boulders, words("Landscape boulders 2-3'")).variant?.size).toBe('2-3ft');
  });
});
