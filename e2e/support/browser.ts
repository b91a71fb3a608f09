import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const demoPassword = process.env.DEMO_PASSWORD ?? 'hedgerow-demo';
export const baseUrl = () => inject('baseUrl');

export const desktop = { width: 1280, height: 900 };
export const phone = { width: 390, height: 844 };

/** Debian's Chromium, headless, with the flags this network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
}

/** A fresh page at the given size whose console errors and failed requests fail the test. */
export async function newPage(
  browser: Browser,
  viewport = desktop,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

/** Signs in through the API and stores the token as the web app does. */
export async function signInAs(page: Page, email: string, password = demoPassword) {
  const response = await page.request.post('/api/v1/sessions', { data: { email, password } });
  if (!response.ok()) throw new Error(`Sign-in failed for ${email}: ${response.status()}`);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript((value) => localStorage.setItem('hedgerow.token', value), token);
  return token;
}

/** Saves a screenshot under screenshots/ for people to look at (not compared). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = path.resolve(import.meta.dirname, '../../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  // A full-page shot resizes the viewport for a moment, which closes open menus: pass fullPage: false for those.
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? true });
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
