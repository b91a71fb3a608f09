import fs from 'node:fs';
import path from 'node:path';

/*
 * For the web build (vite.config.ts), not the app: what goes in which shared chunk. A chunk runs every
 * module in it, so modules that build zod schemas get a chunk of their own ('schemas'), loaded only by
 * the pages that validate or parse something; and the UI kit's parts that the first pages (search,
 * dashboard) never draw come in a second UI-kit chunk, loaded by the pages that do.
 */

/** The modules a source file imports for their values, as written (`import type` is erased, so left out). */
function valueImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s*)?'([^']+)'/gm)].map(
    (match) => match[1],
  );
}

/** A relative import's file (`./x` is x.ts, x.tsx or x/index.ts); undefined for a package. */
function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return ['', '.ts', '.tsx', '/index.ts']
    .map((suffix) => path.resolve(path.dirname(from), specifier) + suffix)
    .find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/**
 * Whether a module builds zod schemas when it runs: it imports zod, or a module of ours that does.
 * The answer is kept per file (one build reads each file once).
 */
export function schemaBuildingModules(): (file: string) => boolean {
  const known = new Map<string, boolean>();
  const buildsSchemas = (file: string, visiting: Set<string>): boolean => {
    const cached = known.get(file);
    if (cached !== undefined) return cached;
    if (visiting.has(file)) return false;
    visiting.add(file);
    const result = valueImports(file).some((specifier) => {
      if (specifier === 'zod' || specifier.startsWith('zod/')) return true;
      const target = resolveRelative(file, specifier);
      return target !== undefined && buildsSchemas(target, visiting);
    });
    known.set(file, result);
    return result;
  };
  return (file) => /\.tsx?$/.test(file) && fs.existsSync(file) && buildsSchemas(file, new Set());
}

/** Every module of ours a file imports statically, directly or not (`import()` loads later, so not). */
export function staticImportsOf(entry: string): string[] {
  const reached = new Set<string>();
  const pending = [path.resolve(entry)];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    for (const specifier of valueImports(file)) {
      const target = resolveRelative(file, specifier);
      if (target) pending.push(target);
    }
  }
  return [...reached];
}

/** The names a set of our modules import from a package for their values (`import { Button } from '@mantine/core'`). */
export function namedImportsOf(files: readonly string[], packageName: string): Set<string> {
  const names = new Set<string>();
  const statement = new RegExp(
    `import\\s*\\{([^}]*)\\}\\s*from\\s*'${packageName.replace('/', '\\/')}'`,
    'g',
  );
  for (const file of files) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(statement)) {
      for (const part of match[1].split(',')) {
        if (/^\s*type\s/.test(part)) continue;
        const name = part.split(/\s+as\s+/)[0].trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}
