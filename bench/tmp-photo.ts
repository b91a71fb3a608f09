import { chromium } from 'playwright-core';
const base = 'http://localhost:4600';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const easel = await browser.newPage();
await easel.setContent('<div id="p" style="width:800px;height:600px;background:radial-gradient(circle at 40% 40%,#c0392b 0 18%,transparent 19%),radial-gradient(circle at 65% 55%,#e67e22 0 16%,transparent 17%),linear-gradient(#9bc47a,#2d5016)"></div>');
const photo = await easel.locator('#p').screenshot();
const token = (await (await fetch(`${base}/api/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'supplier@demo.hedgerow.test', password: 'hedgerow-demo' }) })).json()).token;
const me = await (await fetch(`${base}/api/v1/users/current`, { headers: { authorization: `Bearer ${token}` } })).json();
const product = await (await fetch(`${base}/api/v1/products/acer-rubrum-october-glory`)).json();
for (let i = 0; i < 2; i++) {
  const form = new FormData();
  form.append('pictureTakenOn', '11/0' + (i + 1) + '/2026');
  form.append('public', 'true');
  form.append('branchId', String(me.organizationBranches[i % me.organizationBranches.length].id));
  form.append('photos', new Blob([photo], { type: 'image/png' }), `row ${i}.png`);
  const r = await fetch(`${base}/api/v1/products/${product.id}/images`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  console.log(r.status);
}
for (const [width, height] of [[1280, 900], [390, 844]]) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.addInitScript((value) => localStorage.setItem('hedgerow.token', value), token);
  await page.goto(`${base}/products/acer-rubrum-october-glory`);
  await page.getByRole('button', { name: /Enlarge the photo/ }).click();
  await page.getByRole('dialog').getByText(/Taken/).waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots-brand/lightbox-${width}.png` });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
  await page.getByTestId('add-photos').click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/shots-brand/addphotos-${width}.png` });
  await page.close();
}
const search = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await search.goto(`${base}/search?query=october%20glory`);
await search.waitForTimeout(1500);
await search.screenshot({ path: `/tmp/shots-brand/search-1280.png` });
await browser.close();
