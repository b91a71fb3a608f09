import { describe, expect, it } from 'vitest';
import type { ImportListView } from '../../../../domain/hubsheets/hubsheet-types';
import { assignKind, assignmentFromList, mappingOf, missingKinds } from './column-mapping';
import { mappingBanner } from './wizard-messages';

const list = (overrides: Partial<ImportListView> = {}): ImportListView => ({
  id: 1,
  importListItemsCount: 2,
  filename: 'list.csv',
  originalHeaders: ['Entry', 'Grade', 'Units', 'Remarks'],
  sampleRows: [['Acer rubrum', '#15', '4', 'B&B']],
  headersIncluded: true,
  productNameIndex: null,
  containerIndex: null,
  quantityIndex: 2,
  budgetedPriceIndex: null,
  otherIndexes: [3],
  missingHeaders: ['productName'],
  columnNotes: [],
  suggestedMapping: null,
  ...overrides,
});

describe('column mapping', () => {
  it('starts from what the server recognised and asks for the size when no name column was found', () => {
    const assignment = assignmentFromList(list());
    expect(assignment.kinds).toEqual([null, null, 'quantity', 'other']);
    expect(assignment.sizeInName).toBe(false);
    expect(missingKinds(assignment)).toEqual(['productName', 'size']);
  });

  it('reads a recognised name column without a size column as the size being in the name', () => {
    const assignment = assignmentFromList(list({ productNameIndex: 0, missingHeaders: [] }));
    expect(assignment.sizeInName).toBe(true);
    expect(missingKinds(assignment)).toEqual([]);
    expect(mappingOf(assignment).containerIndex).toBeNull();
  });

  it('moves a kind off the column that held it, but lets Other repeat', () => {
    let assignment = assignmentFromList(list());
    assignment = assignKind(assignment, 0, 'productName');
    assignment = assignKind(assignment, 1, 'productName');
    expect(assignment.kinds).toEqual([null, 'productName', 'quantity', 'other']);
    assignment = assignKind(assignment, 0, 'other');
    expect(assignment.kinds).toEqual(['other', 'productName', 'quantity', 'other']);
    expect(mappingOf(assignment)).toEqual({
      productNameIndex: 1,
      containerIndex: null,
      quantityIndex: 2,
      budgetedPriceIndex: null,
      otherIndexes: [0, 3],
    });
  });

  it("opens on the content's suggestion while nothing is assigned, with a 'Quantity & Size' column", () => {
    const assignment = assignmentFromList(
      list({
        quantityIndex: null,
        otherIndexes: [],
        missingHeaders: ['productName', 'quantity'],
        suggestedMapping: {
          productNameIndex: 0,
          containerIndex: 2,
          quantityIndex: 2,
          budgetedPriceIndex: null,
          otherIndexes: [3],
        },
      }),
    );
    expect(assignment.kinds).toEqual(['productName', null, 'quantityAndSize', 'other']);
    expect(missingKinds(assignment)).toEqual([]);
    expect(mappingOf(assignment)).toMatchObject({ containerIndex: 2, quantityIndex: 2 });
    const split = assignKind(assignment, 1, 'quantity');
    expect(split.kinds).toEqual(['productName', 'quantity', null, 'other']);
    expect(missingKinds(split)).toEqual(['size']);
  });

  it('names only the missing kinds in the banner', () => {
    expect(mappingBanner(['Product Name'])).toBe(
      "Assign Product Name to a row to proceed. If your file does not include this data, you'll need to edit the file or contact support",
    );
    expect(mappingBanner(['Product Name', 'Size', 'Quantity'])).toMatch(
      /^Assign Product Name, Size and Quantity to a row/,
    );
  });
});
