import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';

const outDir = path.resolve(import.meta.dirname, 'dist/web');

/**
 * Writes a brotli (quality 11) and a gzip copy beside every text file of the build over 1 KB; the
 * server sends the one the browser accepts (@fastify/static preCompressed), so nothing is
 * compressed per request.
 */
function precompress(): Plugin {
  let builtDir = outDir;
  return {
    name: 'hedgerow-precompress',
    apply: 'build',
    configResolved(config) {
      builtDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(builtDir)) {
        if (!/\.(js|css|html|svg|json|txt|map)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length <= 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Serves `virtual:mantine-css-variables.css`: the theme's CSS variables, written at build time
 * (src/web/theme-css-variables.ts) instead of by MantineProvider in the browser. `npm run dev` reads
 * the theme once: restart it after changing theme.ts.
 */
function mantineCssVariables(): Plugin {
  const moduleId = 'virtual:mantine-css-variables.css';
  return {
    name: 'hedgerow-mantine-css-variables',
    resolveId: (id) => (id === moduleId ? `\0${moduleId}` : undefined),
    async load(id) {
      if (id !== `\0${moduleId}`) return undefined;
      const module: typeof import('./src/web/theme-css-variables') = await tsImport(
        './src/web/theme-css-variables.ts',
        import.meta.url,
      );
      return module.themeCssVariables();
    },
  };
}

const { namedImportsOf, schemaBuildingModules, staticImportsOf }: typeof import('./src/web/build-chunks') =
  await tsImport('./src/web/build-chunks.ts', import.meta.url);
const buildsSchemas = schemaBuildingModules();

const uiKitPackages =
  /node_modules[\\/](@mantine[\\/](core|hooks|form)|@floating-ui|@tabler[\\/]icons-react|react-number-format|clsx)[\\/]/;
// The pages visitors most often open first (search, the dashboard) and what they draw at once.
const firstPageModules = [
  'main.tsx',
  'features/search/pages/search-page.tsx',
  'features/carts/components/product-listings-add.tsx',
  'features/home/pages/home-page.tsx',
].flatMap((file) => staticImportsOf(path.resolve(import.meta.dirname, 'src/web', file)));
const firstPageModuleSet = new Set(firstPageModules);
// The overlays (toasts, confirm dialogs) load on every page once it is drawn; the one component of the
// kit they draw that no first page imports is the toast itself.
const firstPageComponents = new Set([...namedImportsOf(firstPageModules, '@mantine/core'), 'Notification']);
// Icons by file: the package exports some under a second name (IconDiscount2 is IconRosetteDiscount.mjs).
const iconFiles = new Map(
  [
    ...fs
      .readFileSync(
        path.resolve(import.meta.dirname, 'node_modules/@tabler/icons-react/dist/esm/tabler-icons-react.mjs'),
        'utf8',
      )
      .matchAll(/export \{([^}]*)\} from '\.\/icons\/(\w+)\.mjs'/g),
  ].flatMap((match) =>
    [...match[1].matchAll(/default as (\w+)/g)].map((name) => [name[1], match[2]] as const),
  ),
);
const firstPageIcons = new Set(
  [...namedImportsOf(firstPageModules, '@tabler/icons-react')].map((name) => iconFiles.get(name) ?? name),
);

/**
 * Whether a UI-kit module is one the first pages use: a Mantine component they import (with, through
 * the group, everything it imports), an icon they show, or the kit's shared core; not the form library
 * or the components and icons only other pages draw.
 */
function firstPagesUiKit(id: string): boolean {
  if (!uiKitPackages.test(id)) return false;
  const component = id.match(/@mantine[\\/]core[\\/]esm[\\/]components[\\/]([^\\/]+)[\\/]/);
  if (component) return firstPageComponents.has(component[1]);
  const icon = id.match(/@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](\w+)\.mjs/);
  if (icon) return firstPageIcons.has(icon[1]);
  return !/@mantine[\\/]form[\\/]|react-number-format/.test(id);
}

// The web app lives in src/web and builds to dist/web, which the API server serves.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'public'),
  plugins: [react(), mantineCssVariables(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // A zod schema (`z.object(…)`) has no side effects: one the web app never reads is left out of the
      // bundle instead of being built in every visitor's browser (most are the server's).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Left to the automatic splitting, every set of pages sharing a module got its own chunk: a first
        // page loaded 30 to 45 chunks of 1 to 3 KB, each a round trip on a phone (six connections per
        // host over HTTP/1.1), and the API calls queued behind them. So the chunks are:
        codeSplitting: {
          groups: [
            // everything the entry imports statically, in one chunk;
            { name: 'index', tags: ['$initial'], priority: 7 },
            // the UI kit the first pages draw beyond the entry's, loaded with the first page;
            { name: 'ui-kit', test: firstPagesUiKit, priority: 6 },
            // the rest of the UI kit (forms, steppers, tag inputs, most icons), loaded with the first page
            // that draws any of it;
            { name: 'ui-kit-more', test: uiKitPackages, priority: 5 },
            // zod and the shared modules that build schemas when they run (forms, request rules), one chunk,
            // loaded with the first page that validates or parses something: a chunk runs all of its
            // modules, so schemas beside the shared rules were built on every first page (20 ms and more of
            // a phone's main thread on /search and /home, which use none);
            {
              name: 'schemas',
              test: (id: string) =>
                /node_modules[\\/]zod[\\/]/.test(id) ||
                (/[\\/]src[\\/](domain|web[\\/](ui|api|lib))[\\/]/.test(id) && buildsSchemas(id)),
              priority: 4,
              // The plain rules these modules import stay in `domain` (by construction they import nothing
              // from here, so the two chunks form no cycle).
              includeDependenciesRecursively: false,
            },
            // the shared rules (src/domain without schemas), one chunk;
            { name: 'domain', test: /[\\/]src[\\/]domain[\\/]/, priority: 3 },
            // the web app's shared components and API calls the first pages use, one chunk, and the rest in
            // another (it imports the rest of the UI kit). Each area's pages stay their own chunk.
            {
              name: 'shared',
              test: (id: string) =>
                /[\\/]src[\\/]web[\\/](ui|api|lib)[\\/]/.test(id) && firstPageModuleSet.has(id),
              priority: 2,
            },
            { name: 'shared-more', test: /[\\/]src[\\/]web[\\/](ui|api|lib)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Only API calls go to the server; /api/… source modules of src/web must stay with Vite.
    proxy: { '^/api/(v1|internal|docs|health)': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
