import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendedAccessText } from '../../../domain/access';
import type {
  HubsheetSummary,
  HubsheetView,
  ImportListView,
  ListItemView,
} from '../../../domain/hubsheets/hubsheet-types';
import { queryRows } from '../../db/client';
import { signedInBuyer } from '../../test/cart-factories';
import { bearer, insertUser, tokenFor } from '../../test/factories';
import { csvOf, insertPlantCatalog, multipartUpload, type PlantCatalog } from '../../test/hubsheet-factories';
import { createTestApp } from '../../test/test-app';
import { resumeHubsheetMatching } from './hubsheet-matching-job';

let t: Awaited<ReturnType<typeof createTestApp>>;
let plants: PlantCatalog;
let buyer: Awaited<ReturnType<typeof signedInBuyer>>;
beforeAll(async () => {
  t = await createTestApp();
  plants = await insertPlantCatalog(t.db);
  buyer = await signedInBuyer(t.db);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type ErrorBody = { message: string; code: string; fields?: Record<string, string> };
type Created = {
  id: number;
  listItems: ListItemView[];
  matching: { state: string; matched: number; total: number };
  skippedLines: number[];
  warnings: string[];
};

async function uploadCsv(rows: Array<Array<string | number>>, headers: Headers = buyer.headers) {
  const { payload, contentType } = multipartUpload({ filename: 'schedule.csv', data: csvOf(rows) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/import_lists',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  expect([201, 422]).toContain(response.statusCode);
  // A list whose columns need mapping comes back in the 422's details.
  if (response.statusCode === 422)
    return response.json<{ details: { importList: ImportListView } }>().details.importList;
  return response.json<ImportListView>();
}

async function createHubsheet(body: Record<string, unknown>, headers: Headers = buyer.headers) {
  return t.app.inject({ method: 'POST', url: '/api/v1/hubsheets', headers, payload: body });
}

async function importAndCreate(rows: Array<Array<string | number>>, headers: Headers = buyer.headers) {
  const list = await uploadCsv(rows, headers);
  const response = await createHubsheet(
    { name: 'Oak Street', postalCode: '28202', importListId: list.id },
    headers,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Created>();
}

async function getHubsheet(id: number, headers: Headers = buyer.headers) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/hubsheets/${id}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HubsheetView>();
}

async function hubsheetCount() {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from hubsheets`);
  return row.n;
}

const header = ['Botanical Name', 'Common Name', 'Size', 'Qty', 'Unit Price'];

describe('creating a hubsheet from an uploaded list', () => {
  it('matches every line and answers its id and lines with their scores', async () => {
    const created = await importAndCreate([
      header,
      ["Acer rubrum 'October Glory'", 'October Glory Red Maple', '2.5" Cal. B&B', '3', '$450.00'],
      ['Hydrangea pan. Limelight', 'Limelight Hydrangea', '#3', '25', '38'],
      ['Zelkova imaginaria Nonesuch', '', '#5', '2', ''],
    ]);
    expect(created.id).toBeGreaterThan(0);
    expect(created.matching).toEqual({ state: 'done', matched: 3, total: 3 });
    const [maple, hydrangea, unknown] = created.listItems;
    expect(maple).toMatchObject({
      position: 1,
      originalText: "Acer rubrum 'October Glory'",
      sizeText: '2.5" Cal. B&B',
      quantity: 3,
      quantityText: '3',
      budgetPrice: '450.00',
      matchState: 'matched',
      product: { id: plants.octoberGlory.product.id, primaryName: "Acer rubrum 'October Glory'" },
      productVariant: { id: plants.octoberGlory.variants['2.5" cal B&B'].id },
      chosenByUser: false,
    });
    expect(maple.matchScore).toBeGreaterThanOrEqual(75);
    expect(hydrangea).toMatchObject({
      product: { id: plants.limelight.product.id },
      productVariant: { id: plants.limelight.variants['#3'].id },
    });
    expect(hydrangea.matchScore).toBeGreaterThanOrEqual(25);
    expect(unknown.matchScore).toBeLessThan(25);

    const view = await getHubsheet(created.id);
    expect(view).toMatchObject({
      name: 'Oak Street',
      status: 'in_progress',
      postalCode: '28202',
      listItemsCount: 3,
      filename: 'schedule.csv',
      matching: { state: 'done', matched: 3, total: 3 },
      user: { id: buyer.user.id },
    });
    expect(view.listItems.map((item) => item.originalText)).toEqual(
      created.listItems.map((item) => item.originalText),
    );
    expect(view.summary.noMatch).toBe(1);
    expect(view.summary.perfect + view.summary.match + view.summary.needsReview).toBe(2);
    expect(view.listItems[0].supply).toMatchObject({ branchCount: 0 });
  });

  it('reads the size from the product text when the list has no size column', async () => {
    const list = await uploadCsv([
      ['Plant Material', 'Qty'],
      [`ACER RUB 'OCT GLORY' 2-1/2" CAL B&B`, '5'],
      ['Hydrangea paniculata Limelight #5', '12'],
    ]);
    expect(list).toMatchObject({
      productNameIndex: 0,
      containerIndex: null,
      quantityIndex: 1,
      missingHeaders: [],
    });
    const response = await createHubsheet({ name: 'Text sizes', postalCode: '28202', importListId: list.id });
    expect(response.statusCode, response.body).toBe(201);
    const [maple, hydrangea] = response.json<Created>().listItems;
    expect(maple).toMatchObject({ sizeText: null, product: { id: plants.octoberGlory.product.id } });
    expect(maple.productVariant?.id).toBe(plants.octoberGlory.variants['2.5" cal B&B'].id);
    expect(hydrangea.productVariant?.id).toBe(plants.limelight.variants['#5'].id);
  });

  it('joins a Root column to the size and passes the common name as evidence', async () => {
    const created = await importAndCreate([
      ['Plant', 'Common Name', 'Size', 'Root', 'Quantity'],
      ['Betula nigra', 'River Birch', "8-10'", 'B&B', '4'],
    ]);
    expect(created.listItems[0]).toMatchObject({
      sizeText: "8-10' B&B",
      product: { id: plants.riverBirch.product.id },
    });
    const [row] = await queryRows<{ evidence: string[] }>(
      t.db,
      sql`select evidence from list_items where id = ${created.listItems[0].id}`,
    );
    expect(row.evidence).toEqual(['River Birch']);
  });

  it('goes through the mapping step when the headers are not recognised', async () => {
    const list = await uploadCsv([
      ['Stuff', 'How many', 'Pot'],
      ["Buxus 'Green Velvet'", '40', '#3'],
    ]);
    expect(list.missingHeaders).toEqual(['productName', 'quantity']);
    const refused = await createHubsheet({ name: 'Unmapped', postalCode: '28202', importListId: list.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>()).toMatchObject({ message: 'Required headers are missing' });

    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/import_lists/${list.id}`,
      headers: buyer.headers,
      payload: { productNameIndex: 0, containerIndex: 2, quantityIndex: 1, budgetedPriceIndex: null },
    });
    const response = await createHubsheet({ name: 'Mapped', postalCode: '28202', importListId: list.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Created>().listItems[0]).toMatchObject({
      quantity: 40,
      sizeText: '#3',
      product: { id: plants.greenVelvet.product.id },
    });
  });

  it("reads quantities such as '10 ea', '1,200' and 'TBD' and leaves out lines without product text", async () => {
    const created = await importAndCreate([
      header,
      ["Buxus 'Green Velvet'", '', '#3', '10 ea', ''],
      ['', 'SHRUBS', '', '', ''],
      ["Calamagrostis x acutiflora 'Karl Foerster'", '', '#1', '1,200', '$1,250.00'],
      ["Hydrangea paniculata 'Limelight'", '', '#3', 'TBD', 'call'],
    ]);
    expect(created.listItems.map((item) => [item.quantity, item.quantityText, item.budgetPrice])).toEqual([
      [10, '10 ea', null],
      [1200, '1,200', '1250.00'],
      [null, 'TBD', null],
    ]);
    expect(created.listItems.map((item) => item.position)).toEqual([1, 2, 3]);
    expect(created.skippedLines).toEqual([2]);
    expect(created.warnings).toEqual(['1 line without a product name was left out (line 2).']);
  });

  it('refuses a list with no product text at all and creates nothing', async () => {
    const before = await hubsheetCount();
    const list = await uploadCsv([header, ['', 'Red Maple', '#3', '4', '']]);
    const response = await createHubsheet({ name: 'Nothing', postalCode: '28202', importListId: list.id });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().code).toBe('no_product_lines');
    expect(await hubsheetCount()).toBe(before);
  });

  it('matches a list of more than 200 lines in the background and shows its progress', async () => {
    const names = [
      ["Acer rubrum 'October Glory'", '2" Cal. B&B'],
      ['Hydrangea pan. Limelight', '#5'],
      ["Buxus 'Green Velvet'", '#3'],
      ['Karl Foerster grass', '#1'],
      ['River Birch multi-stem', "10-12'"],
    ];
    const rows = Array.from({ length: 260 }, (_, index) => [
      names[index % 5][0],
      '',
      names[index % 5][1],
      index + 1,
      '',
    ]);
    const created = await importAndCreate([header, ...rows]);
    expect(created.listItems).toHaveLength(260);
    expect(created.matching.state).toBe('pending');
    expect(created.listItems[0]).toMatchObject({ matchState: 'pending', matchScore: null, product: null });

    // The matching is a pg-boss job, written with the hubsheet.
    const jobs = await queryRows<{ name: string }>(
      t.db,
      sql`select name from pgboss.job where data->>'hubsheetId' = ${String(created.id)}`,
    );
    expect(jobs).toEqual([{ name: 'hubsheet-matching' }]);
    const pendingView = await getHubsheet(created.id);
    expect(pendingView.matching.total).toBe(260);
    const progress = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/hubsheets/${created.id}/matching`,
          headers: buyer.headers,
        })
      ).json<{ state: string; matched: number; total: number }>();
    expect((await progress()).total).toBe(260);
    await t.app.deps.jobs.drain();
    const state = await progress();
    expect(state).toEqual({ state: 'done', matched: 260, total: 260 });
    const view = await getHubsheet(created.id);
    expect(view.matching).toEqual({ state: 'done', matched: 260, total: 260 });
    expect(view.summary.pending).toBe(0);
    expect(view.listItems.every((item) => item.matchScore !== null && item.matchState === 'matched')).toBe(
      true,
    );
    expect(view.listItems[2].product?.id).toBe(plants.greenVelvet.product.id);
  });
});

describe('resuming background matching', () => {
  it('finishes at the next start a hubsheet whose matching the server left running', async () => {
    const { id } = (await createHubsheet({ name: 'Interrupted', postalCode: '28202' })).json<Created>();
    await t.db.execute(sql`update hubsheets set matching_state = 'running' where id = ${id}`);
    await t.db.execute(sql`insert into list_items (hubsheet_id, position, original_text, size_text, match_state)
                           values (${id}, 1, 'Betula nigra', ${"10-12'"}, 'matching'),
                                  (${id}, 2, 'Limelight Hydrangea', '#3', 'pending')`);
    expect((await getHubsheet(id)).matching).toEqual({ state: 'running', matched: 0, total: 2 });

    // What the next start does: queue the unfinished hubsheets, which the queue then matches.
    await resumeHubsheetMatching(t.db, t.app.deps.jobs);
    await t.app.deps.jobs.drain();
    const view = await getHubsheet(id);
    expect(view.matching).toEqual({ state: 'done', matched: 2, total: 2 });
    expect(view.listItems.map((item) => item.product?.id)).toEqual([
      plants.riverBirch.product.id,
      plants.limelight.product.id,
    ]);
  });
});

describe('starting from scratch and the wizard rules', () => {
  it('creates an empty hubsheet without a file', async () => {
    const response = await createHubsheet({
      name: 'Scratch job',
      postalCode: '282021234',
      radiusRestriction: 50,
      jobDate: '2099-04-01',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Created>();
    expect(created.listItems).toEqual([]);
    expect(await getHubsheet(created.id)).toMatchObject({
      postalCode: '28202-1234',
      radiusRestriction: 50,
      jobDate: '2099-04-01',
      importListId: null,
      filename: null,
    });
  });

  it('explains a missing name, a missing or wrong postal code and a past date', async () => {
    const blank = await createHubsheet({ name: ' ', postalCode: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<ErrorBody>().fields).toMatchObject({
      name: 'You can change this later, but we need this to get started.',
      postalCode: 'Postal code is required',
    });
    const wrong = await createHubsheet({ name: 'Job', postalCode: '1234' });
    expect(wrong.json<ErrorBody>().fields?.postalCode).toBe(
      'Must be a valid 5 or 9 digit zip code or Canadian postal code',
    );
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hubsheets',
      headers: { ...buyer.headers, 'x-client-date': new Date().toISOString().slice(0, 10) },
      payload: { name: 'Job', postalCode: 'K1A 0B1', jobDate: '2020-01-01' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json<ErrorBody>().fields?.jobDate).toBe('Choose today or a later date');
  });
});

describe('the hubsheets index and header', () => {
  it('lists the organisation’s hubsheets newest change first, 20 a page, with search', async () => {
    const company = await signedInBuyer(t.db);
    const colleague = await insertUser(t.db, { organizationId: company.organization?.id });
    const colleagueHeaders = bearer(await tokenFor(t.db, colleague.id));
    const ids: number[] = [];
    for (const name of ['Alpha court', 'Beta plaza', 'Gamma park']) {
      const response = await createHubsheet({ name, postalCode: '28202' }, company.headers);
      ids.push(response.json<Created>().id);
    }
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/hubsheets/${ids[0]}`,
      headers: colleagueHeaders,
      payload: { status: 'ready_to_bid' },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/hubsheets', headers: colleagueHeaders });
    expect(list.statusCode).toBe(200);
    const body = list.json<{
      results: HubsheetSummary[];
      totalCount: number;
      currentPage: number;
      totalPages: number;
    }>();
    expect(body).toMatchObject({ totalCount: 3, currentPage: 1, totalPages: 1 });
    expect(body.results.map((row) => row.name)).toEqual(['Alpha court', 'Gamma park', 'Beta plaza']);
    expect(body.results[0]).toMatchObject({
      status: 'ready_to_bid',
      postalCode: '28202',
      listItemsCount: 0,
      user: { id: company.user.id },
    });

    const searched = await t.app.inject({
      method: 'GET',
      url: '/api/v1/hubsheets?query=plaza',
      headers: company.headers,
    });
    expect(searched.json<{ results: HubsheetSummary[] }>().results.map((row) => row.name)).toEqual([
      'Beta plaza',
    ]);

    const others = await t.app.inject({ method: 'GET', url: '/api/v1/hubsheets', headers: buyer.headers });
    expect(others.json<{ results: HubsheetSummary[] }>().results.map((row) => row.id)).not.toContain(ids[0]);
  });

  it('edits the header, refuses a blank name and a stale version, and deletes', async () => {
    const { id } = (await createHubsheet({ name: 'Header job', postalCode: '28202' })).json<Created>();
    const view = await getHubsheet(id);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/hubsheets/${id}`, headers: buyer.headers, payload });

    const saved = await patch({
      version: view.version,
      name: 'Renamed job',
      logisticsRate: '1.25',
      status: 'ready_to_order',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<HubsheetView>()).toMatchObject({
      name: 'Renamed job',
      logisticsRate: '1.25',
      status: 'ready_to_order',
      version: view.version + 1,
    });

    const stale = await patch({ version: view.version, name: 'Lost edit' });
    expect(stale.statusCode).toBe(409);

    const blank = await patch({ name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<ErrorBody>().fields?.name).toBe('A working name for this hubsheet is required');

    const badStatus = await patch({ status: 'archived' });
    expect(badStatus.statusCode).toBe(400);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/hubsheets/${id}`,
      headers: buyer.headers,
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/hubsheets/${id}`,
      headers: buyer.headers,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('editing lines', () => {
  it('adds a line matched at once, edits it (matched again), reorders and deletes lines', async () => {
    const { id } = (await createHubsheet({ name: 'Lines job', postalCode: '28202' })).json<Created>();
    const add = async (payload: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/hubsheets/${id}/list_items`,
        headers: buyer.headers,
        payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ListItemView>();
    };
    const first = await add({
      originalText: "Buxus 'Green Velvet'",
      sizeText: '#3',
      quantity: '12 ea',
      budgetPrice: '19.5',
    });
    expect(first).toMatchObject({
      position: 1,
      quantity: 12,
      quantityText: '12 ea',
      budgetPrice: '19.50',
      product: { id: plants.greenVelvet.product.id },
      matchState: 'matched',
    });
    const second = await add({ originalText: 'River Birch', quantity: 3 });
    expect(second.position).toBe(2);

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/list_items/${first.id}`,
      headers: buyer.headers,
      payload: { originalText: 'Hydrangea paniculata Limelight', sizeText: '#7', notes: 'North bed' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ListItemView>()).toMatchObject({
      product: { id: plants.limelight.product.id },
      productVariant: { id: plants.limelight.variants['#7'].id },
      notes: 'North bed',
      quantity: 12,
    });

    const options = await t.app.inject({
      method: 'GET',
      url: `/api/v1/list_items/${first.id}/product_size_options`,
      headers: buyer.headers,
    });
    expect(options.json<{ results: { size: string }[] }>().results.map((option) => option.size)).toEqual([
      '#3',
      '#5',
      '#7',
    ]);

    const reordered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/list_items/reorder',
      headers: buyer.headers,
      payload: { hubsheetId: id, listItems: [second.id, first.id] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await getHubsheet(id)).listItems.map((item) => item.id)).toEqual([second.id, first.id]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/list_items/${second.id}`,
      headers: buyer.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await getHubsheet(id)).listItems.map((item) => item.id)).toEqual([first.id]);
  });

  it('remembers a chosen product: the same text in the organisation’s next list matches it at 100', async () => {
    const text = 'Boxwood GV hedge';
    const created = await importAndCreate([header, [text, '', '#3', '30', '']]);
    const line = created.listItems[0];
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/list_items/${line.id}`,
      headers: buyer.headers,
      payload: {
        productId: plants.greenVelvet.product.id,
        productVariantId: plants.greenVelvet.variants['#3'].id,
      },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<ListItemView>()).toMatchObject({
      matchScore: 100,
      chosenByUser: true,
      product: { id: plants.greenVelvet.product.id },
      productVariant: { id: plants.greenVelvet.variants['#3'].id },
    });
    if (line.product && line.product.id !== plants.greenVelvet.product.id) {
      expect(chosen.json<ListItemView>().alternatives.map((a) => a.product.id)).toContain(line.product.id);
    }

    const colleague = await insertUser(t.db, { organizationId: buyer.organization?.id });
    const next = await importAndCreate(
      [header, ['BOXWOOD GV HEDGE', '', '#3', '12', '']],
      bearer(await tokenFor(t.db, colleague.id)),
    );
    expect(next.listItems[0]).toMatchObject({
      matchScore: 100,
      product: { id: plants.greenVelvet.product.id },
      productVariant: { id: plants.greenVelvet.variants['#3'].id },
    });

    const stranger = await signedInBuyer(t.db);
    const elsewhere = await importAndCreate([header, [text, '', '#3', '30', '']], stranger.headers);
    expect(elsewhere.listItems[0].matchScore).not.toBe(100);
  });

  it('refuses a size of another product', async () => {
    const created = await importAndCreate([header, ["Buxus 'Green Velvet'", '', '#3', '30', '']]);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/list_items/${created.listItems[0].id}`,
      headers: buyer.headers,
      payload: {
        productId: plants.greenVelvet.product.id,
        productVariantId: plants.limelight.variants['#3'].id,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fields?.productVariantId).toBe(
      'Choose one of the sizes of this product',
    );
  });
});

describe('access', () => {
  it('answers 404 for another organisation’s hubsheet and lines, and 403 for a suspended user', async () => {
    const created = await importAndCreate([header, ["Buxus 'Green Velvet'", '', '#3', '30', '']]);
    const other = await signedInBuyer(t.db);
    const calls = [
      { method: 'GET', url: `/api/v1/hubsheets/${created.id}` },
      { method: 'PATCH', url: `/api/v1/hubsheets/${created.id}`, payload: { name: 'Mine now' } },
      { method: 'DELETE', url: `/api/v1/hubsheets/${created.id}` },
      {
        method: 'POST',
        url: `/api/v1/hubsheets/${created.id}/list_items`,
        payload: { originalText: 'Acer' },
      },
      { method: 'PATCH', url: `/api/v1/list_items/${created.listItems[0].id}`, payload: { notes: 'x' } },
      { method: 'DELETE', url: `/api/v1/list_items/${created.listItems[0].id}` },
      { method: 'GET', url: `/api/v1/list_items/${created.listItems[0].id}/product_size_options` },
      {
        method: 'POST',
        url: '/api/v1/list_items/reorder',
        payload: { hubsheetId: created.id, listItems: [created.listItems[0].id] },
      },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject({ ...call, headers: other.headers } as never);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const importList = await uploadCsv([header, ['Acer', '', '#3', '1', '']], other.headers);
    const borrowed = await createHubsheet({
      name: 'Borrowed',
      postalCode: '28202',
      importListId: importList.id,
    });
    expect(borrowed.statusCode).toBe(404);

    expect((await getHubsheet(created.id)).listItems).toHaveLength(1);

    const suspended = await signedInBuyer(t.db, { status: 'no_site_use' });
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/hubsheets',
      headers: suspended.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().message).toBe(suspendedAccessText);
  });
});

describe('the template', () => {
  it('downloads the CSV template with the recognised headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/hubsheets/template' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="hubsheet-template.csv"');
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Botanical Name,Common Name,Size,Quantity,Budget Price,Notes');
    expect(lines).toHaveLength(3);
  });
});
