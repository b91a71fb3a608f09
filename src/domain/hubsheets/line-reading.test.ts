import { describe, expect, it } from 'vitest';
import { readBudgetPrice, readQuantity, splitSizeFromText } from './line-reading';

describe('readQuantity', () => {
  it.each([
    ['10', 10],
    [' 10 ', 10],
    ['10 ea', 10],
    ['10 EA.', 10],
    ['25 plants', 25],
    ['1,200', 1200],
    ['12.5', 12.5],
    ['3 cu yd', 3],
    ['(10)', 10],
    ['Qty: 8', 8],
  ])('reads %j as %j', (text, expected) => {
    expect(readQuantity(text)).toBe(expected);
  });

  it.each([null, '', '   ', 'TBD', 'N/A', '-', 'as needed', '0', '-5', '10-12', 'ten'])(
    'gives no quantity for %j',
    (text) => {
      expect(readQuantity(text)).toBeNull();
    },
  );
});

describe('readBudgetPrice', () => {
  it.each([
    ['$1,250.00', '1250.00'],
    ['12.5', '12.50'],
    ['$45 ea', '45.00'],
    ['45.00/ea', '45.00'],
    ['USD 12', '12.00'],
    ['$ 0.99', '0.99'],
    ['12.345', '12.35'],
  ])('reads %j as %j', (text, expected) => {
    expect(readBudgetPrice(text)).toBe(expected);
  });

  it.each([null, '', 'TBD', 'N/A', '-12', 'call'])('gives no price for %j', (text) => {
    expect(readBudgetPrice(text)).toBeNull();
  });
});

describe('splitSizeFromText', () => {
  it.each([
    [`ACER RUB 'OCT GLORY' 2-1/2" CAL B&B`, `ACER RUB 'OCT GLORY'`, `2-1/2" CAL B&B`],
    [`Hydrangea paniculata 'Limelight' #5`, `Hydrangea paniculata 'Limelight'`, '#5'],
    ['#3 Buxus Green Velvet', 'Buxus Green Velvet', '#3'],
    ['2.5" Cal. B&B Acer rubrum', 'Acer rubrum', '2.5" Cal. B&B'],
    [`Thuja occidentalis 'Emerald' 6-8' ht B&B`, `Thuja occidentalis 'Emerald'`, `6-8' ht B&B`],
    [`Hosta 'Patriot' 1 qt`, `Hosta 'Patriot'`, '1 qt'],
    ['Pachysandra terminalis flat', 'Pachysandra terminalis', 'flat'],
    [
      `Amelanchier x grandiflora 'Autumn Brilliance' multi-stem 8-10'`,
      `Amelanchier x grandiflora 'Autumn Brilliance'`,
      `multi-stem 8-10'`,
    ],
    ['Ilex glabra 3 gal', 'Ilex glabra', '3 gal'],
    ['PARTHENOCISSUS QUINQUEFOLIA 5-gal', 'PARTHENOCISSUS QUINQUEFOLIA', '5-gal'],
    ['Ilex glabra No. 3', 'Ilex glabra', 'No. 3'],
    ['Liriope muscari 4" pot', 'Liriope muscari', '4" pot'],
    ['Pinus strobus SP', 'Pinus strobus', 'SP'],
    ['Carex pensylvanica plugs 50 ct', 'Carex pensylvanica', 'plugs 50 ct'],
    [`Acer rubrum 2.5" cal 'October Glory'`, `Acer rubrum 'October Glory'`, '2.5" cal'],
    ['Juniperus chinensis ‘Sea Green’ 5 gal.', "Juniperus chinensis 'Sea Green'", '5 gal.'],
  ])('splits %j', (text, name, sizeText) => {
    expect(splitSizeFromText(text)).toEqual({ name, sizeText });
  });

  it.each([
    `Acer rubrum 'October Glory'`,
    `Cornus florida 'Cloud 9' / Cloud 9 Dogwood`,
    '#57 Stone',
    'Double-Shredded Hardwood Mulch',
    `Rosa 'Meiggili'`,
  ])('leaves %j whole (no size in it)', (text) => {
    expect(splitSizeFromText(text)).toEqual({ name: text.replace(/[‘’]/g, "'"), sizeText: null });
  });
});
