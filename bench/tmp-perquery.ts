import { signInToken } from './support/server';
const url = 'http://127.0.0.1:4555';
const full = [
  'query=maple&available=true&standardContainer[]=B%26B',
  'query=hydrangea&available=true&standardContainer[]=Container',
  'query=oak&fieldStatus[]=Ready&categories[]=Shade%20Tree',
  'query=boxwood&available=true&container[]=%233',
  'query=holly&quantity=10&fieldStatus[]=Ready',
  'query=juniper&available=true&categories[]=Evergreen%20Shrub',
  'query=hosta&available=true&fieldStatus[]=Ready',
  'query=grass&quantity=25&standardContainer[]=Container',
  'query=dogwood&available=true&fieldStatus[]=Ready',
  'query=arborvitae&available=true&standardContainer[]=B%26B',
].map((q) => `/api/v1/products/search?pageName=Product%20Search&${q}`);
const token = await signInToken(url, 'buyer@demo.hedgerow.test', 'hedgerow-demo');
const headers = { authorization: `Bearer ${token}` };
for (const path of full) for (let i = 0; i < 20; i++) await fetch(url + path, { headers }).then((r) => r.text());
for (const path of full) {
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    await fetch(url + path, { headers }).then((r) => r.text());
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(path.slice(50).padEnd(60), 'median', times[30].toFixed(2), 'p90', times[54].toFixed(2));
}
