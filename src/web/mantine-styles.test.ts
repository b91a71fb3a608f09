import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webDir = import.meta.dirname;
const stylesDir = path.resolve(webDir, '../../node_modules/@mantine/core/styles');
const imported = fs.readFileSync(path.join(webDir, 'mantine-styles.ts'), 'utf8');

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });

/** The names the web app imports from @mantine/core, e.g. 'Button', 'Combobox', 'useCombobox'. */
function mantineCoreImports() {
  const names = new Set<string>();
  for (const file of sourceFiles(webDir)) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of match[1].split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          .trim();
        if (name) names.add(name);
      }
    }
  }
  return [...names];
}

describe('the Mantine stylesheets the app loads', () => {
  it('include the stylesheet of every Mantine component the app imports', () => {
    const components = mantineCoreImports().filter((name) =>
      fs.existsSync(path.join(stylesDir, `${name}.css`)),
    );
    expect(components.length).toBeGreaterThan(20);
    const missing = components.filter((name) => !imported.includes(`'@mantine/core/styles/${name}.css'`));
    expect(missing).toEqual([]);
  });

  it('start with the baseline, the default variables and the global rules', () => {
    const files = [...imported.matchAll(/'@mantine\/core\/styles\/([\w-]+)\.css'/g)].map((m) => m[1]);
    expect(files.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });
});
