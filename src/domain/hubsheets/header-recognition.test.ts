import { describe, expect, it } from 'vitest';
import {
  findHeaderRow,
  firstTableRow,
  looksLikeDataRow,
  missingRequiredColumns,
  recognizeColumns,
  recognizeHeader,
  sizeColumnsOf,
} from './header-recognition';

describe('recognizeHeader', () => {
  it.each([
    ['Botanical Name', 'botanicalName'],
    ['BOTANICAL NAME', 'botanicalName'],
    ['Plant Botanical Name', 'botanicalName'],
    ['Plant', 'productName'],
    ['Plant Name', 'productName'],
    ['Description', 'productName'],
    ['Item', 'productName'],
    ['Common Name', 'commonName'],
    ['Size', 'size'],
    ['Container', 'size'],
    ['Cal.', 'size'],
    ['Caliper', 'size'],
    ['Height', 'size'],
    ['Size/Container', 'size'],
    ['Root', 'sizeDetail'],
    ['Root Ball', 'sizeDetail'],
    ['Qty', 'quantity'],
    ['Qty.', 'quantity'],
    ['QUANTITY', 'quantity'],
    ["Qty. Req'd", 'quantity'],
    ['Unit Price', 'budgetPrice'],
    ['Price', 'budgetPrice'],
    ['Budget', 'budgetPrice'],
    ['Budget Price', 'budgetPrice'],
    ['Remarks', 'remarks'],
    ['Notes', 'remarks'],
  ])('reads %s as %s', (header, kind) => {
    expect(recognizeHeader(header)).toBe(kind);
  });

  it.each(['Key', 'Sym', 'Spacing', 'Total Price', 'Ext. Cost', '', 'Column 4'])(
    'does not use %s',
    (header) => {
      expect(recognizeHeader(header)).toBeNull();
    },
  );
});

describe('recognizeColumns', () => {
  it('assigns a typical plant schedule and keeps common name and remarks as other evidence', () => {
    const headers = [
      'Key',
      'Botanical Name',
      'Common Name',
      'Size',
      'Qty',
      'Unit Price',
      'Total Price',
      'Remarks',
    ];
    expect(recognizeColumns(headers)).toEqual({
      productNameIndex: 1,
      containerIndex: 3,
      quantityIndex: 4,
      budgetedPriceIndex: 5,
      otherIndexes: [2, 7],
    });
  });

  it('uses the common name as the product name when there is no botanical or plant column', () => {
    const mapping = recognizeColumns(['Common Name', 'Quantity', 'Container']);
    expect(mapping.productNameIndex).toBe(0);
    expect(mapping.otherIndexes).toEqual([]);
  });

  it('prefers the botanical name over a Plant or Description column', () => {
    const mapping = recognizeColumns(['Description', 'Botanical', 'Qty']);
    expect(mapping.productNameIndex).toBe(1);
    expect(mapping.otherIndexes).toEqual([0]);
  });

  it('takes Size as the size column and keeps a Root column beside it as size text', () => {
    const headers = ['Plant', 'Size', 'Root', 'Cal.', 'Qty'];
    const mapping = recognizeColumns(headers);
    expect(mapping.containerIndex).toBe(1);
    expect(mapping.otherIndexes).toEqual([2, 3]);
    expect(sizeColumnsOf(headers, mapping.otherIndexes)).toEqual([2, 3]);
  });

  it('leaves the size column empty when the size is written in the product text', () => {
    const mapping = recognizeColumns(['Plant Material', 'Qty']);
    expect(mapping).toMatchObject({ productNameIndex: 0, containerIndex: null, quantityIndex: 1 });
    expect(missingRequiredColumns(mapping)).toEqual([]);
  });

  it('reports the product name and quantity as missing when no header names them', () => {
    const mapping = recognizeColumns(['Stuff', 'How many', 'Size']);
    expect(missingRequiredColumns(mapping)).toEqual(['productName', 'quantity']);
  });
});

describe('finding the header row', () => {
  it('skips title rows above the header', () => {
    const rows = [
      ['Smith Residence — Planting Schedule', '', ''],
      ['Sheet L-1', '', ''],
      ['Botanical Name', 'Size', 'Qty'],
      ["Acer rubrum 'October Glory'", '2.5" Cal.', '3'],
    ];
    expect(findHeaderRow(rows)).toBe(2);
  });

  it('finds no header in a list that starts with data', () => {
    const rows = [
      ["Acer rubrum 'October Glory'", '2.5" Cal.', '3'],
      ['Hydrangea pan. Limelight', '#3', '25'],
    ];
    expect(findHeaderRow(rows)).toBeNull();
    expect(looksLikeDataRow(rows[0])).toBe(true);
  });

  it('does not take a one-cell title naming a plant word for the header row', () => {
    const rows = [
      ['PLANT SCHEDULE', '', ''],
      ['Key', 'Stuff', 'Amt'],
      ['AR', "Acer rubrum 'October Glory'", '3'],
    ];
    expect(findHeaderRow(rows)).toBeNull();
    expect(firstTableRow(rows)).toBe(1);
  });

  it('does not take a row of unknown names for data', () => {
    expect(looksLikeDataRow(['Stuff', 'How many', 'Where'])).toBe(false);
  });
});
