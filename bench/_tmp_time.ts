import { openPostgres } from '/work/main/src/server/db/client';
import * as svc from '/work/main/src/server/modules/search/search.service';
import * as repo from '/work/main/src/server/modules/search/search.repository';
import { sql } from 'drizzle-orm';
import { queryRows } from '/work/main/src/server/db/client';

const database = await openPostgres('postgres://postgres@127.0.0.1:5432/hedgerow_perf', 4);
const db = database.db;
const [buyer] = await queryRows<any>(db, sql`select u.id, u.organization_id from users u where email = 'buyer@demo.hedgerow.test'`);
const caller: any = { user: { id: buyer.id, organizationId: buyer.organization_id, status: 'approved', roles: [], searchedForProducts: true }, profile: { favoriteBranchIds: [] } };
const header = ['maple','quercus rubra','quercs rubra','october glory','limelight hydrangea','limelite','green giant','arborvitae','boxwood','green velvet boxwood #3','hydrang','switchgrass','mulch'];
const full = ['query=maple&available=true&standardContainer[]=B%26B','query=oak&fieldStatus[]=Ready&categories[]=Shade%20Tree','query=grass&quantity=25&standardContainer[]=Container','query=holly&quantity=10&fieldStatus[]=Ready'];
const parse = (qs: string) => { const u = new URLSearchParams(qs); const p: any = { page: 1, perPage: 24 }; for (const [k, v] of u) { const key = k.replace('[]',''); if (k.endsWith('[]')) (p[key] ??= []).push(v); else p[key] = v === 'true' ? true : /^\d+$/.test(v) ? Number(v) : v; } return p; };
async function t<T>(label: string, f: () => Promise<T>) { const s = performance.now(); const r = await f(); return [label, Math.round((performance.now() - s) * 10) / 10, r] as const; }
for (let round = 0; round < 2; round++) {
  const totals: Record<string, number> = {};
  for (const q of header) {
    const query = svc.buildSearchQuery({ query: q, page: 1, perPage: 10 } as any, caller, { aggregations: false });
    const [, a, page] = await t('ids', () => repo.searchProductIds(db, query));
    const [, b] = await t('cards', () => repo.findProductCards(db, page.ids));
    const [, c] = await t('summ', () => repo.summarizeListings(db, page.ids, query.listing));
    const [, d] = await t('prices', () => repo.lowestPricesBySupplier(db, page.ids, query.listing));
    const [, e] = await t('all', () => svc.searchProducts(db, caller, { query: q, page: 1, perPage: 10 } as any, { aggregations: false }));
    for (const [k, v] of Object.entries({ ids: a, cards: b, summ: c, prices: d, all: e })) totals[k] = (totals[k] ?? 0) + v;
  }
  console.log('header avg ms', Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, Math.round(v / header.length * 10) / 10])));
  const ft: Record<string, number> = {};
  for (const q of full) {
    const params = parse(q);
    const query = svc.buildSearchQuery(params, caller, { aggregations: true });
    const [, a, page] = await t('ids', () => repo.searchProductIds(db, query));
    const [, f] = await t('facets+ids', () => repo.searchPageAndFacets(db, query));
    const [, c] = await t('summ', () => repo.summarizeListings(db, page.ids, query.listing));
    const [, d] = await t('prices', () => repo.lowestPricesBySupplier(db, page.ids, query.listing));
    const [, e] = await t('all', () => svc.searchProducts(db, caller, params, { aggregations: true }));
    for (const [k, v] of Object.entries({ ids: a, facets: f, summ: c, prices: d, all: e })) ft[k] = (ft[k] ?? 0) + v;
  }
  console.log('full avg ms', Object.fromEntries(Object.entries(ft).map(([k, v]) => [k, Math.round(v / full.length * 10) / 10])));
}
await database.close();
