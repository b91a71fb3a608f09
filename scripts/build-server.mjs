// Compiles the server (src/server/main.ts and what it imports) into one ES module,
// dist/server/main.js, so `npm start` runs plain JavaScript with `node`.
//
// Plain JavaScript on purpose: it must run before anything is compiled.
// `node scripts/build-server.mjs` builds unconditionally; `ensureServerBuild()` (used by
// scripts/start.mjs) builds only when a source file changed since the last build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const entrySource = path.join(root, 'src/server/main.ts');
const serverDistDir = path.join(root, 'dist/server');
export const serverEntry = path.join(serverDistDir, 'main.js');
// What the last build read, with each file's size and modification time.
const stampFile = path.join(serverDistDir, 'build-inputs.json');
// Files that change the output without being bundled inputs.
const buildSettingFiles = ['package.json', 'tsconfig.json', 'scripts/build-server.mjs'];

function fingerprint(relativePath) {
  try {
    const stat = fs.statSync(path.join(root, relativePath));
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/** True when no build exists or a file the last build read has changed, moved or gone. */
export function serverBuildIsStale() {
  if (!fs.existsSync(serverEntry)) return true;
  let recorded;
  try {
    recorded = JSON.parse(fs.readFileSync(stampFile, 'utf8')).files;
  } catch {
    return true;
  }
  return Object.entries(recorded).some(([file, print]) => fingerprint(file) !== print);
}

// A bundled module's `import.meta.dirname` would be dist/server, breaking paths written relative
// to the source file (the migrations folder, the seed CSVs, dist/web, vite.config.ts). Each source
// file's own folder is written into the bundle relative to the bundle, so those paths still point
// into the source tree and the checkout can move.
const sourceDirnamePlugin = {
  name: 'source-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const fromBundle = path.relative(serverDistDir, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${fromBundle}`)})`,
        ),
        loader: 'ts',
      };
    });
  },
};

/** Bundles the server; writes the output and its inputs' fingerprints atomically. */
export async function buildServer() {
  const { build } = await import('esbuild');
  const started = Date.now();
  const result = await build({
    entryPoints: [entrySource],
    absWorkingDir: root,
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Dependencies stay in node_modules: native modules and WASM files (PGlite) load from there.
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    write: false,
    logLevel: 'warning',
    plugins: [sourceDirnamePlugin],
  });
  const inputs = Object.keys(result.metafile.inputs).map((file) =>
    path.relative(root, path.resolve(root, file)),
  );
  const files = Object.fromEntries(
    [...inputs, ...buildSettingFiles].map((file) => [file, fingerprint(file)]),
  );
  fs.mkdirSync(serverDistDir, { recursive: true });
  // Write beside, then rename: a second `npm start` at the same moment never runs a half-written file.
  const suffix = `.${process.pid}.tmp`;
  for (const output of result.outputFiles) fs.writeFileSync(output.path + suffix, output.contents);
  fs.writeFileSync(stampFile + suffix, JSON.stringify({ builtAt: new Date().toISOString(), files }, null, 1));
  for (const output of result.outputFiles) fs.renameSync(output.path + suffix, output.path);
  fs.renameSync(stampFile + suffix, stampFile);
  return { ms: Date.now() - started, inputCount: inputs.length };
}

/** Builds the server when it has never been built or its sources changed; returns the entry file. */
export async function ensureServerBuild() {
  if (serverBuildIsStale()) {
    console.info('Building the server (after a change to its sources only)...');
    await buildServer();
  }
  return serverEntry;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { ms, inputCount } = await buildServer();
  console.info(`Built ${path.relative(root, serverEntry)} from ${inputCount} files in ${ms} ms`);
}
