import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertFile, ocrFix, type PageWord, rowsFromWords } from './image-converter';

const fixtures = path.resolve(import.meta.dirname, '../../../../bench/converter-fixtures');

const word = (text: string, x: number, y: number): PageWord => ({
  text,
  x0: x,
  y0: y,
  x1: x + text.length * 10,
  y1: y + 20,
});

describe('rows and columns from word positions', () => {
  it('groups words into lines and cells, and cells into columns', () => {
    const words = [
      word('Plant', 0, 0),
      word('Size', 400, 0),
      word('Qty', 600, 2),
      word('Acer', 0, 40),
      word('rubrum', 50, 41),
      word('#15', 400, 40),
      word('3', 605, 40),
      word('Ilex', 0, 80),
      word('glabra', 50, 80),
      word('#3', 400, 81),
      word('12', 600, 80),
    ];
    expect(rowsFromWords(words)).toEqual([
      ['Plant', 'Size', 'Qty'],
      ['Acer rubrum', '#15', '3'],
      ['Ilex glabra', '#3', '12'],
    ]);
  });

  it('levels a page photographed at an angle before grouping the lines', () => {
    const slope = 0.04;
    const tilted = (text: string, x: number, y: number) => word(text, x, y + x * slope);
    const words = [
      tilted('Plant', 0, 0),
      tilted('Qty', 600, 0),
      tilted('Acer', 0, 40),
      tilted('rubrum', 50, 40),
      tilted('3', 600, 40),
    ];
    expect(rowsFromWords(words)).toEqual([
      ['Plant', 'Qty'],
      ['Acer rubrum', '3'],
    ]);
  });

  it("mends OCR's l for I", () => {
    expect(ocrFix('llex')).toBe('Ilex');
    expect(ocrFix('Lilac')).toBe('Lilac');
  });
});

describe('convertFile', () => {
  it('reads a photo of a printed list by OCR, from the English data in node_modules', async () => {
    const conversion = await convertFile({
      filename: 'photo.jpg',
      data: fs.readFileSync(path.join(fixtures, 'photo.jpg')),
    });
    expect(conversion.ocrPages).toBe(1);
    expect(conversion.rows.slice(0, 4)).toEqual([
      ['Plant', 'Size', 'Qty'],
      ['Viburnum dentatum', '#5', '9'],
      ['Itea virginica', '#3', '22'],
      ['Panicum virgatum', '#1', '36'],
    ]);
  }, 60_000);
});
