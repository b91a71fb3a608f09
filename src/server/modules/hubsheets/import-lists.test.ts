import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendedAccessText } from '../../../domain/access';
import type { ImportListView } from '../../../domain/hubsheets/hubsheet-types';
import { queryRows } from '../../db/client';
import { signedInBuyer } from '../../test/cart-factories';
import { csvOf, multipartUpload, workbookOf } from '../../test/hubsheet-factories';
import { createTestApp } from '../../test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Awaited<ReturnType<typeof signedInBuyer>>;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await signedInBuyer(t.db);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type ErrorBody = { message: string; code: string; fields?: Record<string, string> };

async function upload(
  file: { filename: string; data: Buffer | string } | null,
  fields: Record<string, string> = { headers_included: 'true' },
  headers: Headers = buyer.headers,
) {
  const { payload, contentType } = multipartUpload(file, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/import_lists',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

async function counts() {
  const [row] = await queryRows<{ lists: number; hubsheets: number }>(
    t.db,
    sql`select (select count(*)::int from import_lists) as lists, (select count(*)::int from hubsheets) as hubsheets`,
  );
  return row;
}

const schedule = [
  ['Botanical Name', 'Common Name', 'Size', 'Qty', 'Unit Price', 'Remarks'],
  ["Acer rubrum 'October Glory'", 'October Glory Red Maple', '2.5" Cal. B&B', '3', '$450.00', 'Street trees'],
  ["Hydrangea paniculata 'Limelight'", 'Limelight Hydrangea', '#3', '25', '38', ''],
  ["Buxus 'Green Velvet'", 'Green Velvet Boxwood', '#3', '40', '', 'Hedge'],
];

describe('uploading a list with headers', () => {
  it('recognises the columns and answers 201 with the sample rows', async () => {
    const response = await upload({ filename: 'Smith schedule.csv', data: csvOf(schedule) });
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json<ImportListView>();
    expect(view).toMatchObject({
      importListItemsCount: 3,
      filename: 'Smith schedule.csv',
      originalHeaders: schedule[0],
      headersIncluded: true,
      productNameIndex: 0,
      containerIndex: 2,
      quantityIndex: 3,
      budgetedPriceIndex: 4,
      otherIndexes: [1, 5],
      missingHeaders: [],
    });
    expect(view.sampleRows).toEqual(schedule.slice(1));

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/import_lists/${view.id}`,
      headers: buyer.headers,
    });
    expect(again.json<ImportListView>()).toEqual(view);
  });

  it('reads a UTF-8 file with a byte-order mark', async () => {
    const response = await upload({ filename: 'bom.csv', data: `\ufeff${csvOf(schedule)}` });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ImportListView>().originalHeaders[0]).toBe('Botanical Name');
  });

  it('reads a Windows-1252 file with its accents and degree signs', async () => {
    const text = csvOf([
      ['Plant Name', 'Size', 'Quantity', 'Notes'],
      ["Hydrangea paniculata 'Limelight'", '#3', '12', 'Plantée au nord, pente 15°'],
    ]);
    const response = await upload({ filename: 'excel-windows.csv', data: Buffer.from(text, 'latin1') });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ImportListView>().sampleRows[0][3]).toBe('Plantée au nord, pente 15°');
  });

  it('reads a semicolon-separated list', async () => {
    const response = await upload({
      filename: 'europe.csv',
      data: "Botanical Name;Size;Qty\r\nBuxus 'Green Velvet';#3;40\r\n",
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ImportListView>().sampleRows).toEqual([["Buxus 'Green Velvet'", '#3', '40']]);
  });

  it('reads an .xlsx under a merged title row, drops blank lines and reads formula cells as values', async () => {
    const data = workbookOf([
      { name: 'Empty', rows: [] },
      {
        name: 'Plant schedule',
        rows: [
          ['Oak Street Courtyard — Plant Schedule', null, null, null],
          [null, null, null, null],
          ['Botanical Name', 'Size', 'Qty', 'Unit Price'],
          ["Acer rubrum 'October Glory'", '2.5" Cal. B&B', { f: '1+2', v: 3 }, 450],
          [null, null, null, null],
          ["Hydrangea paniculata 'Limelight'", '#3', 25, { f: '19*2', v: 38 }],
        ],
        merges: ['A1:D1'],
      },
    ]);
    const response = await upload({ filename: 'courtyard.xlsx', data });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ImportListView>()).toMatchObject({
      originalHeaders: ['Botanical Name', 'Size', 'Qty', 'Unit Price'],
      importListItemsCount: 2,
      sampleRows: [
        ["Acer rubrum 'October Glory'", '2.5" Cal. B&B', '3', '450'],
        ["Hydrangea paniculata 'Limelight'", '#3', '25', '38'],
      ],
      productNameIndex: 0,
      containerIndex: 1,
      quantityIndex: 2,
      budgetedPriceIndex: 3,
    });
  });

  it('reads an Excel 97 .xls workbook', async () => {
    const data = workbookOf([{ name: 'Sheet1', rows: schedule }], 'xls');
    const response = await upload({ filename: 'old-excel.XLS', data });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ImportListView>()).toMatchObject({ importListItemsCount: 3, productNameIndex: 0 });
  });

  it('refuses a first row of data with the spec message and saves nothing', async () => {
    const before = await counts();
    const response = await upload({ filename: 'no-headers.csv', data: csvOf(schedule.slice(1)) });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>()).toMatchObject({
      message: 'This file does not seem to have column headers in the first row',
      code: 'no_headers',
    });
    expect(await counts()).toEqual(before);
  });
});

describe('the mapping step', () => {
  it('stores a list whose columns are not recognised and answers 422 Required headers are missing with its id', async () => {
    const rows = [
      ['Stuff', 'How many', 'Pot'],
      ["Acer rubrum 'October Glory'", '3', '#15'],
      ['Hydrangea pan. Limelight', '25', '#3'],
    ];
    const response = await upload({ filename: 'odd.csv', data: csvOf(rows) });
    expect(response.statusCode).toBe(422);
    const answer = response.json<ErrorBody & { details: { importList: ImportListView } }>();
    expect(answer).toMatchObject({
      message: 'Required headers are missing',
      code: 'required_headers_missing',
    });
    const body = answer.details.importList;
    expect(body).toMatchObject({
      originalHeaders: ['Stuff', 'How many', 'Pot'],
      importListItemsCount: 2,
      missingHeaders: ['productName', 'quantity'],
      containerIndex: 2,
    });
    expect(body.id).toBeGreaterThan(0);

    const mapped = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/import_lists/${body.id}`,
      headers: buyer.headers,
      payload: { productNameIndex: 0, containerIndex: 2, quantityIndex: 1, budgetedPriceIndex: null },
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json<ImportListView>()).toMatchObject({
      productNameIndex: 0,
      containerIndex: 2,
      quantityIndex: 1,
      budgetedPriceIndex: null,
      otherIndexes: [],
      missingHeaders: [],
    });
  });

  it('takes the first row of the table under a title row as the headers to map', async () => {
    const rows = [
      ['PLANT SCHEDULE', '', ''],
      ['Key', 'Latin', 'Amt'],
      ['AR', "Acer rubrum 'October Glory'", '3'],
    ];
    const response = await upload({ filename: 'titled.csv', data: csvOf(rows) });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'required_headers_missing',
      details: {
        importList: {
          originalHeaders: ['Key', 'Latin', 'Amt'],
          sampleRows: [['AR', "Acer rubrum 'October Glory'", '3']],
        },
      },
    });
  });

  it('names the columns Column 1… and waits for the mapping when the file has no headers', async () => {
    const response = await upload(
      { filename: 'plain.csv', data: csvOf(schedule.slice(1)) },
      { headers_included: 'false' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'required_headers_missing',
      details: {
        importList: {
          headersIncluded: false,
          originalHeaders: ['Column 1', 'Column 2', 'Column 3', 'Column 4', 'Column 5', 'Column 6'],
          importListItemsCount: 3,
          productNameIndex: null,
        },
      },
    });
  });

  it('requires the product name and quantity, one type per column and columns of the file', async () => {
    const created = await upload({ filename: 'mapping.csv', data: csvOf(schedule) });
    const { id } = created.json<ImportListView>();
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/import_lists/${id}`, headers: buyer.headers, payload });

    const missing = await patch({ productNameIndex: null, containerIndex: 2, quantityIndex: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().fields).toMatchObject({
      productNameIndex: 'Product name is required.',
      quantityIndex: 'Quantity is required.',
    });

    const twice = await patch({ productNameIndex: 0, containerIndex: 0, quantityIndex: 3 });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<ErrorBody>().fields?.containerIndex).toBe(
      'A column can hold only one type of information',
    );

    const otherTwice = await patch({ productNameIndex: 0, quantityIndex: 3, otherIndexes: [3] });
    expect(otherTwice.statusCode).toBe(400);

    const outside = await patch({ productNameIndex: 0, quantityIndex: 9 });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<ErrorBody>().fields?.quantityIndex).toBe('This column is not in the file');

    const sizeInText = await patch({
      productNameIndex: 0,
      containerIndex: null,
      quantityIndex: 3,
      otherIndexes: [1, 1, 5],
    });
    expect(sizeInText.statusCode, sizeInText.body).toBe(200);
    expect(sizeInText.json<ImportListView>()).toMatchObject({ containerIndex: null, otherIndexes: [1, 5] });
  });
});

describe('bad files', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );

  it.each([
    [
      'a 0-byte upload',
      { filename: 'empty.csv', data: Buffer.alloc(0) },
      'empty_file',
      'This file is empty.',
    ],
    [
      'a file of blank lines',
      { filename: 'blank.csv', data: ',,,\r\n\r\n , ,\r\n' },
      'empty_file',
      'This file is empty.',
    ],
    [
      'a header-only file',
      { filename: 'headers.csv', data: 'Botanical Name,Size,Qty\r\n' },
      'no_lines',
      'This file has column headers but no lines under them.',
    ],
    [
      'a binary renamed .csv',
      { filename: 'photo.csv', data: png },
      'not_csv',
      'This file is named .csv but it is not a text file.',
    ],
    [
      'an Excel workbook renamed .csv',
      { filename: 'workbook.csv', data: workbookOf([{ name: 'Sheet1', rows: schedule }]) },
      'not_csv',
      'This file is named .csv but it is an Excel workbook.',
    ],
    [
      'a corrupt .xlsx',
      { filename: 'broken.xlsx', data: workbookOf([{ name: 'Sheet1', rows: schedule }]).subarray(0, 300) },
      'unreadable_file',
      'We could not read this spreadsheet',
    ],
    [
      'a text file named .xlsx',
      { filename: 'fake.xlsx', data: csvOf(schedule) },
      'unreadable_file',
      'We could not read this spreadsheet',
    ],
    [
      'a binary named .xls',
      { filename: 'fake.xls', data: png },
      'unreadable_file',
      'We could not read this spreadsheet',
    ],
    [
      'a PDF',
      { filename: 'plan.pdf', data: '%PDF-1.4' },
      'unsupported_file_type',
      'Error: File is not a CSV format. Use our file converter for images or pdfs.',
    ],
  ])('refuses %s with a clear message and saves nothing', async (_name, file, code, message) => {
    const before = await counts();
    const response = await upload(file);
    expect(response.statusCode).toBe(422);
    const body = response.json<ErrorBody>();
    expect(body.code).toBe(code);
    expect(body.message).toContain(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses 5,001 lines and takes 5,000', async () => {
    const line = ["Buxus 'Green Velvet'", '#3', '4'];
    const before = await counts();
    const tooMany = await upload({
      filename: 'huge.csv',
      data: csvOf([['Botanical Name', 'Size', 'Qty'], ...Array.from({ length: 5001 }, () => line)]),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json<ErrorBody>()).toMatchObject({
      code: 'too_many_lines',
      message:
        'This file has 5,001 lines; a hubsheet takes up to 5,000. Split the list into smaller files and upload them one at a time.',
    });
    expect(await counts()).toEqual(before);

    // Long remarks make this file larger than the API's 1 MB JSON body limit, which uploads do not share.
    const remark = 'Hand-select for matched form, full to the ground, no broken leaders. '.repeat(4);
    const bigFile = csvOf([
      ['Botanical Name', 'Size', 'Qty', 'Remarks'],
      ...Array.from({ length: 5000 }, () => [...line, remark]),
    ]);
    expect(bigFile.length).toBeGreaterThan(1_048_576);
    const most = await upload({ filename: 'big.csv', data: bigFile });
    expect(most.statusCode, most.body).toBe(201);
    expect(most.json<ImportListView>().importListItemsCount).toBe(5000);
  });

  it('refuses a file over 10 MB', async () => {
    const before = await counts();
    const data = `Botanical Name,Size,Qty\r\n${'x'.repeat(10 * 1024 * 1024)}\r\n`;
    const response = await upload({ filename: 'giant.csv', data });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>()).toMatchObject({ code: 'file_too_large' });
    expect(response.json<ErrorBody>().message).toContain('larger than 10 MB');
    expect(await counts()).toEqual(before);
  });

  it('asks for a file when the upload has none', async () => {
    const response = await upload(null);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().code).toBe('file_required');
  });
});

describe('access', () => {
  it('answers 404 for another organisation’s list and 403 for a suspended user', async () => {
    const created = await upload({ filename: 'mine.csv', data: csvOf(schedule) });
    const { id } = created.json<ImportListView>();
    const other = await signedInBuyer(t.db);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/import_lists/${id}`,
      headers: other.headers,
    });
    expect(read.statusCode).toBe(404);
    const mapped = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/import_lists/${id}`,
      headers: other.headers,
      payload: { productNameIndex: 0, quantityIndex: 3 },
    });
    expect(mapped.statusCode).toBe(404);

    const suspended = await signedInBuyer(t.db, { status: 'no_site_use' });
    const refused = await upload({ filename: 'x.csv', data: csvOf(schedule) }, undefined, suspended.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().message).toBe(suspendedAccessText);

    const anonymous = await upload({ filename: 'x.csv', data: csvOf(schedule) }, undefined, {});
    expect(anonymous.statusCode).toBe(401);
  });
});
