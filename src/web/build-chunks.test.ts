import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedImportsOf, schemaBuildingModules, staticImportsOf } from './build-chunks';

const src = path.resolve(import.meta.dirname, '..');
const file = (name: string) => path.join(src, name);
const buildsSchemas = schemaBuildingModules();

describe('schema-building modules (the web build puts them in their own chunk)', () => {
  it('are the modules that import zod, or import a module that does', () => {
    expect(buildsSchemas(file('domain/accounts/address-schema.ts'))).toBe(true);
    // through address-schema.ts
    expect(buildsSchemas(file('domain/marketing/marketing-messages.ts'))).toBe(true);
    expect(buildsSchemas(file('web/ui/import-parts.tsx'))).toBe(true);
    // imports zod's types only
    expect(buildsSchemas(file('web/ui/zod-form.ts'))).toBe(false);
    expect(buildsSchemas(file('domain/marketing/marketing-audiences.ts'))).toBe(false);
    expect(buildsSchemas(file('domain/search/search-sorts.ts'))).toBe(false);
    // imports only types from dashboard-views.ts (erased when built)
    expect(buildsSchemas(file('web/features/home/components/setup-checklist-card.tsx'))).toBe(false);
  });

  it('are not reached by the first script, the search page, its Add to cart buttons or the dashboard', () => {
    for (const entry of [
      'web/main.tsx',
      'web/features/search/pages/search-page.tsx',
      'web/features/carts/components/product-listings-add.tsx',
      'web/features/home/pages/home-page.tsx',
    ]) {
      const reached = staticImportsOf(file(entry)).filter(buildsSchemas);
      expect(
        reached.map((module) => path.relative(src, module)),
        entry,
      ).toEqual([]);
    }
  });

  it('are reached by a page with a form', () => {
    const reached = staticImportsOf(file('web/features/account/pages/preferences-page.tsx')).filter(
      buildsSchemas,
    );
    expect(reached.length).toBeGreaterThan(0);
  });
});

describe('the UI kit the first pages draw (the rest comes in a second chunk)', () => {
  it('is read from the names their modules import, values only', () => {
    const home = staticImportsOf(file('web/features/home/pages/home-page.tsx'));
    const components = namedImportsOf(home, '@mantine/core');
    expect(components.has('Card')).toBe(true);
    expect(components.has('Grid')).toBe(true);
    // a form's parts are not drawn by the dashboard
    expect(components.has('PasswordInput')).toBe(false);
    const icons = namedImportsOf(home, '@tabler/icons-react');
    expect(icons.has('IconDiscount2')).toBe(true);
  });

  it('leaves out type-only names', () => {
    // theme.ts: import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple }
    const names = namedImportsOf([file('web/theme.ts')], '@mantine/core');
    expect([...names].sort()).toEqual(['DEFAULT_THEME', 'createTheme']);
  });
});
