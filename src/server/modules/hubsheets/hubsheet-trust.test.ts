import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubsheetView, ImportListView, ListItemView } from '../../../domain/hubsheets/hubsheet-types';
import { signedInBuyer } from '../../test/cart-factories';
import { csvOf, insertPlantCatalog, multipartUpload, type PlantCatalog } from '../../test/hubsheet-factories';
import { createTestApp } from '../../test/test-app';

/** Issue 21: columns read by their content, quantities flagged, scores that agree with the size. */

let t: Awaited<ReturnType<typeof createTestApp>>;
let plants: PlantCatalog;
let buyer: Awaited<ReturnType<typeof signedInBuyer>>;
beforeAll(async () => {
  t = await createTestApp();
  plants = await insertPlantCatalog(t.db);
  buyer = await signedInBuyer(t.db);
});
afterAll(() => t.close());

type Created = { id: number; listItems: ListItemView[]; skippedLines: number[] };

async function upload(data: string | Buffer, headersIncluded = true, filename = 'schedule.csv') {
  const { payload, contentType } = multipartUpload(
    { filename, data },
    { headers_included: String(headersIncluded) },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/import_lists',
    headers: { ...buyer.headers, 'content-type': contentType },
    payload,
  });
  return response;
}

async function uploadList(data: string | Buffer, headersIncluded = true) {
  const response = await upload(data, headersIncluded);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ImportListView>();
}

async function createFrom(list: ImportListView) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/hubsheets',
    headers: buyer.headers,
    payload: { name: 'Trust', postalCode: '28202', importListId: list.id },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Created>();
}

const itemDescriptionQty = [
  ['Item', 'Description', 'Qty', 'Unit Price'],
  ['1', "Acer rubrum 'October Glory' 2.5\" cal B&B", '3', '$450.00'],
  ['2', "Hydrangea paniculata 'Limelight' #3", '25', '$38.00'],
  ['3', "Buxus 'Green Velvet' #3", '40', '$22.50'],
  ['4', "Betula nigra 8-10' multi-stem B&B", '2', '$310.00'],
];

describe('column recognition by header and content', () => {
  it("takes Description as the product when 'Item' holds line numbers, and says so", async () => {
    const list = await uploadList(csvOf(itemDescriptionQty));
    expect(list).toMatchObject({
      productNameIndex: 1,
      quantityIndex: 2,
      budgetedPriceIndex: 3,
      containerIndex: null,
      missingHeaders: [],
    });
    expect(list.otherIndexes).not.toContain(0);
    expect(list.columnNotes).toEqual([
      "'Item' holds numbers or codes, not plant names, so 'Description' is read as the product.",
    ]);
    const created = await createFrom(list);
    expect(created.listItems.map((item) => item.product?.id)).toEqual([
      plants.octoberGlory.product.id,
      plants.limelight.product.id,
      plants.greenVelvet.product.id,
      plants.riverBirch.product.id,
    ]);
  });

  it('suggests the same mapping for the file without headers, from its content, in the mapping step', async () => {
    const response = await upload(csvOf(itemDescriptionQty.slice(1)), false);
    expect(response.statusCode).toBe(422);
    const list = response.json<{ details: { importList: ImportListView } }>().details.importList;
    expect(list).toMatchObject({
      originalHeaders: ['Column 1', 'Column 2', 'Column 3', 'Column 4'],
      productNameIndex: null,
      missingHeaders: ['productName', 'quantity'],
      suggestedMapping: {
        productNameIndex: 1,
        containerIndex: null,
        quantityIndex: 2,
        budgetedPriceIndex: 3,
        otherIndexes: [],
      },
    });
  });

  it('never takes a key column of codes as the product, and keeps the botanical name over the common one', async () => {
    const rows = [
      ['Key', 'Botanical Name', 'Common Name', 'Size', 'Qty'],
      ['AR', "Acer rubrum 'October Glory'", 'October Glory Red Maple', '2.5" cal B&B', '3'],
      ['HP', "Hydrangea paniculata 'Limelight'", 'Limelight Hydrangea', '#3', '25'],
      ['BX', "Buxus 'Green Velvet'", 'Green Velvet Boxwood', '#3', '40'],
    ];
    const withHeaders = await uploadList(csvOf(rows));
    expect(withHeaders).toMatchObject({ productNameIndex: 1, containerIndex: 3, quantityIndex: 4 });
    const response = await upload(csvOf(rows.slice(1)), false);
    const without = response.json<{ details: { importList: ImportListView } }>().details.importList;
    expect(without.suggestedMapping).toMatchObject({
      productNameIndex: 1,
      containerIndex: 3,
      quantityIndex: 4,
      otherIndexes: [2],
    });
  });

  it('skips title and section rows and reads a quantity and size written in one column', async () => {
    const rows = [
      ['Riverside Park — Planting Schedule', '', ''],
      ['Ref', 'Plant', 'Qty / Size'],
      ['', 'TREES', ''],
      ['T1', "Acer rubrum 'October Glory'", '3 @ 2.5" cal B&B'],
      ['', 'SHRUBS', ''],
      ['S1', "Hydrangea paniculata 'Limelight'", '25 #5'],
      ['S2', "Buxus 'Green Velvet'", '40 - #3'],
    ];
    const list = await uploadList(csvOf(rows));
    expect(list).toMatchObject({ productNameIndex: 1, quantityIndex: 2, containerIndex: 2 });
    const created = await createFrom(list);
    expect(created.skippedLines).toEqual([1, 3]);
    expect(
      created.listItems.map((item) => [
        item.originalText,
        item.sizeText,
        item.quantity,
        item.productVariant?.size,
      ]),
    ).toEqual([
      ["Acer rubrum 'October Glory'", '2.5" cal B&B', 3, '2.5" cal B&B'],
      ["Hydrangea paniculata 'Limelight'", '#5', 25, '#5'],
      ["Buxus 'Green Velvet'", '#3', 40, '#3'],
    ]);
  });

  it('keeps the punctuation of a Windows-1252 file', async () => {
    const text =
      'Botanical Name,Size,Qty,Remarks\r\n' +
      '\u201cLimelight\u201d Hydrangea paniculata,#3,5,Proven Winners\u00ae \u2013 \u00bd shade\r\n';
    const data = Buffer.from(
      [...text].map((char) => {
        const map: Record<string, number> = {
          '\u201c': 0x93,
          '\u201d': 0x94,
          '\u00ae': 0xae,
          '\u2013': 0x96,
          '\u00bd': 0xbd,
        };
        return map[char] ?? char.charCodeAt(0);
      }),
    );
    const list = await uploadList(data);
    expect(list.sampleRows[0]).toEqual([
      '\u201cLimelight\u201d Hydrangea paniculata',
      '#3',
      '5',
      'Proven Winners\u00ae \u2013 \u00bd shade',
    ]);
  });
});

describe('quantities', () => {
  it("reads '1,200' and flags 'ten', '-4', '3.5' and blank with 'Enter a quantity for this line'", async () => {
    const rows = [
      ['Botanical Name', 'Size', 'Qty'],
      ["Hydrangea paniculata 'Limelight'", '#3', '1,200'],
      ["Buxus 'Green Velvet'", '#3', 'ten'],
      ["Calamagrostis x acutiflora 'Karl Foerster'", '#1', '-4'],
      ['Betula nigra', "8-10' multi-stem B&B", '3.5'],
      ["Acer rubrum 'October Glory'", '2.5" cal B&B', ''],
    ];
    const created = await createFrom(await uploadList(csvOf(rows)));
    expect(created.listItems.map((item) => [item.quantityText, item.quantity, item.quantityFlag])).toEqual([
      ['1,200', 1200, null],
      ['ten', null, 'Enter a quantity for this line'],
      ['-4', null, 'Enter a quantity for this line'],
      ['3.5', null, 'Enter a quantity for this line'],
      [null, null, 'Enter a quantity for this line'],
    ]);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v1/hubsheets/${created.id}`,
      headers: buyer.headers,
    });
    expect(view.json<HubsheetView>().summary.quantityFlagged).toBe(4);

    // Entering the quantity clears the flag.
    const flagged = created.listItems[1];
    const fixed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/list_items/${flagged.id}`,
      headers: buyer.headers,
      payload: { quantity: '12' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/hubsheets/${created.id}`,
      headers: buyer.headers,
    });
    const body = after.json<HubsheetView>();
    expect(body.listItems[1]).toMatchObject({ quantity: 12, quantityFlag: null });
    expect(body.summary.quantityFlagged).toBe(3);

    // Sourcing says up front which matched lines it leaves out for want of a quantity.
    const suppliers = await t.app.inject({
      method: 'GET',
      url: `/api/v1/hubsheets/${created.id}/match_suppliers`,
      headers: buyer.headers,
    });
    expect(suppliers.statusCode, suppliers.body).toBe(200);
    expect(suppliers.json<{ quantityMissingItemIds: number[] }>().quantityMissingItemIds).toEqual(
      created.listItems.slice(2).map((item) => item.id),
    );
  });
});

describe('size-aware scores', () => {
  it('keeps a line whose size is not sold at Needs Review and says which size is closest', async () => {
    const rows = [
      ['Botanical Name', 'Size', 'Qty'],
      ["Hydrangea paniculata 'Limelight'", '#3', '5'],
      ["Hydrangea paniculata 'Limelight'", '#2', '5'],
      ["Hydrangea paniculata 'Limelight'", '24-30" B&B', '5'],
      ['Betula nigra', "8-9' multi-stem B&B", '2'],
    ];
    const created = await createFrom(await uploadList(csvOf(rows)));
    const [exact, smaller, balled, range] = created.listItems;
    expect(exact).toMatchObject({ product: { id: plants.limelight.product.id }, sizeNote: null });
    expect(exact.matchScore).toBeGreaterThanOrEqual(75);
    for (const item of [smaller, balled, range]) {
      expect(item.matchScore, item.originalText).toBeGreaterThanOrEqual(25);
      expect(item.matchScore, item.originalText).toBeLessThan(75);
    }
    expect(smaller).toMatchObject({
      product: { id: plants.limelight.product.id },
      sizeNote: 'You asked #2; closest is #3',
    });
    expect(balled.sizeNote).toMatch(/^You asked 24-30" B&B; closest is #/);
    expect(range).toMatchObject({
      product: { id: plants.riverBirch.product.id },
      sizeNote: "You asked 8-9' multi-stem B&B; closest is 8-10' multi-stem B&B",
    });
  });
});

describe('the download', () => {
  it("leaves 'Matched Product' empty on a No Match line and gives the best guess in its own column", async () => {
    const rows = [
      ['Botanical Name', 'Size', 'Qty'],
      ["Hydrangea paniculata 'Limelight'", '#3', '5'],
      ['Hydrangea imaginaria Nonesuch', '#3', '2'],
    ];
    const created = await createFrom(await uploadList(csvOf(rows)));
    const guess = created.listItems[1];
    expect(guess.matchScore).toBeLessThan(25);
    expect(guess.product).not.toBeNull();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/hubsheets/${created.id}/download?format=csv`,
      headers: buyer.headers,
    });
    const records = response.body.slice(1).split('\r\n');
    expect(records[0]).toBe(
      'Botanical Name,Size,Qty,Matched Product,Matched Size,Best Guess,Confidence,Confidence Label,Supplier,Price,Availability,Market Estimate',
    );
    expect(records[1]).toMatch(
      /^Hydrangea paniculata 'Limelight',#3,5,Hydrangea paniculata 'Limelight',#3,,100,Perfect Match,/,
    );
    expect(records[2]).toMatch(
      new RegExp(
        `^Hydrangea imaginaria Nonesuch,#3,2,,,${guess.product?.primaryName}[^,]*,${guess.matchScore},No Match,`,
      ),
    );
  });
});
