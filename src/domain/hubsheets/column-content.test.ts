import { describe, expect, it } from 'vitest';
import { profileColumn, recognizeColumnsByContent, splitQuantityAndSize } from './column-content';
import { recognizeColumns } from './header-recognition';
import { readWholeQuantity } from './line-reading';

describe('column content', () => {
  it('tells line numbers, keys, plant text, sizes and prices apart', () => {
    expect(profileColumn(['1', '2', '3', '4']).sequential).toBe(true);
    expect(profileColumn(['AR', 'HP', 'BX']).plantText).toBe(0);
    expect(profileColumn(["Acer rubrum 'October Glory'", 'Buxus Green Velvet']).plantText).toBe(1);
    expect(profileColumn(['#3', '2.5" cal B&B', "6-8' B&B"]).sizes).toBe(1);
    expect(profileColumn(['$45.00', '$12.50']).prices).toBe(1);
  });

  it('reads a quantity and a size written in one cell', () => {
    expect(splitQuantityAndSize('25 #5')).toEqual({ quantityText: '25', sizeText: '#5' });
    expect(splitQuantityAndSize('3 @ 2.5" cal B&B')).toEqual({ quantityText: '3', sizeText: '2.5" cal B&B' });
    expect(splitQuantityAndSize('Acer rubrum')).toBeNull();
  });

  it("keeps the header's product column unless it holds numbers or codes", () => {
    const headers = ['Item', 'Description', 'Qty'];
    const rows = [
      ['1', "Acer rubrum 'October Glory'", '3'],
      ['2', 'Buxus Green Velvet #3', '40'],
      ['3', 'Ilex glabra', '12'],
    ];
    const mapping = recognizeColumnsByContent(headers, rows, recognizeColumns(headers));
    expect(mapping).toMatchObject({ productNameIndex: 1, quantityIndex: 2 });
    expect(recognizeColumnsByContent(null, rows, null)).toMatchObject({
      productNameIndex: 1,
      quantityIndex: 2,
    });
  });

  it("does not take a 'No.' column of line numbers as the quantity", () => {
    const headers = ['No.', 'Plant Material', 'Size', 'Quantity'];
    const rows = [
      ['1', 'Acer rubrum', '#15', '10'],
      ['2', 'Ilex glabra Shamrock', '#3', '18'],
      ['3', 'Thuja Green Giant', "6-8' B&B", '12'],
    ];
    expect(recognizeColumnsByContent(headers, rows, recognizeColumns(headers))).toMatchObject({
      productNameIndex: 1,
      containerIndex: 2,
      quantityIndex: 3,
    });
  });

  it('reads only whole positive quantities', () => {
    expect(readWholeQuantity('1,200')).toBe(1200);
    expect(readWholeQuantity('10 ea')).toBe(10);
    for (const text of ['ten', '-4', '3.5', '', null]) expect(readWholeQuantity(text)).toBeNull();
  });
});
