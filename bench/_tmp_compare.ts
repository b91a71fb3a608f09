import { spawn } from 'node:child_process';
import { signInToken } from './support/server';
const headerQueries = ['maple','quercus rubra','quercs rubra','october glory','limelight hydrangea','limelite','green giant','arborvitae','boxwood','green velvet boxwood #3','red oak','river birch','knock out rose','crape myrtle','hosta','juniper','hydrang','switchgrass','little bluestem','coneflower','sedum spectabile','redbud','dogwood','magnolia little gem','holly','nandina','spruce','mulch','flagstone','catmint','grass','2.5" cal B&B maple'];
const extra = ['query=maple&available=true&standardContainer[]=B%26B','query=hydrangea&available=true&standardContainer[]=Container','query=oak&fieldStatus[]=Ready&categories[]=Shade%20Tree','query=boxwood&available=true&container[]=%233','query=holly&quantity=10&fieldStatus[]=Ready','query=juniper&available=true&categories[]=Evergreen%20Shrub','query=hosta&available=true&fieldStatus[]=Ready','query=grass&quantity=25&standardContainer[]=Container','query=dogwood&available=true&fieldStatus[]=Ready','query=arborvitae&available=true&standardContainer[]=B%26B','query=grass','query=maple&page=3','query=maple&page=99','categories[]=Shade%20Tree','standardContainer[]=B%26B','query=hydrangea&sort=primary_name|desc','query=boxwood%20%233','query=maple&available=true'];
async function start(root: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/hedgerow_perf', SEARCH_CACHE_SECONDS: '0' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (;;) { try { if ((await fetch(`${url}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 50)); }
  return { url, child };
}
const a = await start('/tmp/oldmain', 4977);
const b = await start('/work/main', 4978);
let same = 0; const diffs: string[] = [];
try {
  for (const anon of [false, true]) {
    const headers = (url: string) => anon ? {} : signInToken(url, 'buyer@demo.hedgerow.test', 'hedgerow-demo').then((t) => ({ authorization: `Bearer ${t}` }));
    const ha = await headers(a.url); const hb = await headers(b.url);
    const paths = [...headerQueries.map((q) => `/api/v1/products/search?perPage=10&pageName=Header%20Search&query=${encodeURIComponent(q)}`), ...headerQueries.map((q) => `/api/v1/products/search?pageName=Product%20Search&query=${encodeURIComponent(q)}`), ...extra.map((q) => `/api/v1/products/search?pageName=Product%20Search&${q}`)];
    for (const p of paths) {
      const [ra, rb] = await Promise.all([fetch(a.url + p, { headers: ha as any }).then((r) => r.text()), fetch(b.url + p, { headers: hb as any }).then((r) => r.text())]);
      if (ra === rb) same++; else diffs.push(`${anon ? 'anon' : 'buyer'} ${p}\n  old ${ra.slice(0, 300)}\n  new ${rb.slice(0, 300)}`);
    }
  }
} finally { a.child.kill('SIGTERM'); b.child.kill('SIGTERM'); }
console.log(`identical ${same}, different ${diffs.length}`); for (const d of diffs.slice(0, 10)) console.log(d);
