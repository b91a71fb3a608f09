import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './support/server';

const root = path.resolve(import.meta.dirname, '..');

/** JavaScript the first page loads, gzipped, measured in a real browser (target <= 250 KB). */
export async function benchWebBundle() {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hedgerow-bundle-'));
  const server = await startServer({ DATA_DIR: dataDir, DEMO_SEED: 'false' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; gzipBytes: number }[] = [];
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body().catch(() => null);
      if (body) scripts.push({ url: response.url(), gzipBytes: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.info('\nWeb app: JavaScript loaded by the first page (/), gzipped (target <= 250 KB)');
    for (const s of scripts)
      console.info(`  ${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(s.url).pathname}`);
    console.info(
      `  total ${(total / 1024).toFixed(1)} KB   ${total <= 250 * 1024 ? 'meets target' : 'MISSES target'}`,
    );
    return { totalBytes: total };
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
