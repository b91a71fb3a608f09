import { chromium } from 'playwright-core';
const base = process.argv[2];
const out = process.argv[3];
const pages = process.argv.slice(4);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
  const page = await context.newPage();
  for (const p of pages) {
    await page.goto(base + p);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const name = p.replace(/[^a-z0-9]+/gi, '_');
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
