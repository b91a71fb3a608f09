import { searchParamsSchema } from '../../../domain/search/search-params';
import { openPostgres } from '../../db/client';
import * as repo from './search.repository';
import { buildSearchQuery } from './search.service';

const database = await openPostgres('postgres://postgres@127.0.0.1:5432/hedgerow_large', 2);
const db = database.db;
for (const qs of ['query=maple&perPage=10', 'query=limelight%20hydrangea&perPage=10', 'query=green&perPage=10', 'query=oak&fieldStatus[]=Ready&available=true']) {
  const params = searchParamsSchema.parse(Object.fromEntries(new URLSearchParams(qs)));
  const q = buildSearchQuery(params, null, { aggregations: true });
  for (let i = 0; i < 3; i++) {
    let t = performance.now();
    const page = await repo.searchProductIds(db, q);
    const tIds = performance.now() - t;
    t = performance.now();
    await repo.searchFacets(db, q);
    const tFacets = performance.now() - t;
    t = performance.now();
    await repo.findProductCards(db, page.ids);
    const tCards = performance.now() - t;
    t = performance.now();
    await repo.summarizeListings(db, page.ids, q.listing);
    const tSum = performance.now() - t;
    t = performance.now();
    await repo.lowestPricesBySupplier(db, page.ids, q.listing);
    const tPrices = performance.now() - t;
    if (i === 2) console.log(qs, { tIds, tFacets, tCards, tSum, tPrices });
  }
}
await database.close();
