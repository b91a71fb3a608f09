import { load } from './support/load';
import { signInToken, startServer } from './support/server';
const headerQueries = ['maple','quercus rubra','quercs rubra','october glory','limelight hydrangea','limelite','green giant','arborvitae','boxwood','green velvet boxwood #3','red oak','river birch','knock out rose','crape myrtle','hosta','juniper','hydrang','switchgrass','little bluestem','coneflower','sedum spectabile','redbud','dogwood','magnolia little gem','holly','nandina','spruce','mulch','flagstone','catmint'];
const fullSearches = ['query=maple&available=true&standardContainer[]=B%26B','query=hydrangea&available=true&standardContainer[]=Container','query=oak&fieldStatus[]=Ready&categories[]=Shade%20Tree','query=boxwood&available=true&container[]=%233','query=holly&quantity=10&fieldStatus[]=Ready','query=juniper&available=true&categories[]=Evergreen%20Shrub','query=hosta&available=true&fieldStatus[]=Ready','query=grass&quantity=25&standardContainer[]=Container','query=dogwood&available=true&fieldStatus[]=Ready','query=arborvitae&available=true&standardContainer[]=B%26B'];
const label = process.argv[2];
const server = await startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/hedgerow_perf', SEARCH_CACHE_SECONDS: '0' });
try {
  const token = await signInToken(server.url, 'buyer@demo.hedgerow.test', 'hedgerow-demo');
  const headers = { authorization: `Bearer ${token}` };
  const header = headerQueries.map((q) => `/api/v1/products/search?perPage=10&pageName=Header%20Search&query=${encodeURIComponent(q)}`);
  const full = fullSearches.map((q) => `/api/v1/products/search?pageName=Product%20Search&${q}`);
  for (const [scenario, paths] of [['header dropdown', header], ['full search', full]] as const) {
    await load({ url: server.url, connections: 20, durationSeconds: 2, headers, paths: [...paths] });
    const r = await load({ url: server.url, connections: 20, durationSeconds: 10, headers, paths: [...paths] });
    console.info(`${label} ${scenario.padEnd(16)} ${r.requestsPerSecond} req/s p50 ${r.p50} ms p95 ${r.p95} ms p99 ${r.p99} ms failed ${r.errors + r.non2xx}`);
  }
} finally { await server.stop(); }
