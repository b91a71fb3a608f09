import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
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

// The web app lives in src/web and builds to dist/web, which the API server serves.
export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/web'),
  publicDir: path.resolve(import.meta.dirname, 'public'),
  plugins: [react(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    // Only API calls go to the server; /api/… source modules of src/web must stay with Vite.
    proxy: { '^/api/(v1|internal|docs|health)': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
