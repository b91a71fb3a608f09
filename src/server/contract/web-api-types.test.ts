import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { webApiTypesPath, webApiTypesSource } from './web-api-types';

describe("the web app's generated API types", () => {
  it('match the routes the server declares (run `npm run api:generate` after changing a route)', async () => {
    const committed = await fs.readFile(webApiTypesPath, 'utf8').catch(() => '');
    expect(committed === (await webApiTypesSource()), 'src/web/api/generated/openapi.ts is stale').toBe(true);
  }, 60_000);
});
