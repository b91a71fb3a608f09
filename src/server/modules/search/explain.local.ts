import { type SQL, sql } from 'drizzle-orm';
import { searchParamsSchema } from '../../../domain/search/search-params';
import { type Db, openPostgres } from '../../db/client';
import * as repo from './search.repository';
import { buildSearchQuery } from './search.service';

const database = await openPostgres('postgres://postgres@127.0.0.1:5432/hedgerow_large', 2);
const real = database.db;
const which = process.argv[3] ?? 'ids';
const wrap = (tx: Db) => ({
  execute: async (query: SQL) => {
    if (JSON.stringify(query).includes('set local')) return tx.execute(query);
    const r = (await tx.execute(sql`explain (analyze) ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    console.log(r.rows.map((row) => row['QUERY PLAN']).join('\n'));
    return { rows: [] };
  },
});
const fake = {
  transaction: (f: (tx: unknown) => Promise<unknown>) => real.transaction((tx) => f(wrap(tx as unknown as Db))),
  execute: (q: SQL) => wrap(real).execute(q),
} as unknown as Db;
const params = searchParamsSchema.parse(Object.fromEntries(new URLSearchParams(process.argv[2])));
const q = buildSearchQuery(params, null, { aggregations: true });
if (which === 'ids') await repo.searchProductIds(fake, q);
if (which === 'facets') await repo.searchFacets(fake, q);
if (which === 'listings') await repo.summarizeListings(fake, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], q.listing);
await database.close();
