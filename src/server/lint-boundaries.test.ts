import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The module boundaries (docs/architecture.md) are enforced by biome.json. These tests write small
// offending files inside the project, where biome.json's overrides apply, and check that the linter
// refuses each one by the rule's name. They are removed afterwards.

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');
const tag = `lint-fixture-${randomUUID().slice(0, 8)}`;
const serverA = `src/server/modules/${tag}-a`;
const serverB = `src/server/modules/${tag}-b`;
const webA = `src/web/features/${tag}-a`;
const webB = `src/web/features/${tag}-b`;
const folders = [serverA, serverB, webA, webB];
let result: { status: number | null; output: string };

function write(file: string, text: string) {
  fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

/** Biome's lint of the given files: its exit status and everything it printed. */
function lint(...files: string[]) {
  const run = spawnSync(biome, ['lint', '--colors=off', '--max-diagnostics=50', ...files], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

beforeAll(() => {
  // A cycle: a.service imports b.service, which imports a.service back.
  write(
    `${serverA}/cycle-a.service.ts`,
    `import { b } from '../${tag}-b/cycle-b.service';\nexport const a = () => b;\n`,
  );
  write(
    `${serverB}/cycle-b.service.ts`,
    `import { a } from '../${tag}-a/cycle-a.service';\nexport const b = () => a;\n`,
  );
  // A module reading another module's repository and tables instead of its service.
  write(`${serverB}/${tag}-b.repository.ts`, 'export const rows = () => [];\n');
  write(`${serverB}/${tag}-b.tables.ts`, 'export const table = {};\n');
  write(
    `${serverA}/reads-b.service.ts`,
    `import { rows } from '../${tag}-b/${tag}-b.repository';\nimport { table } from '../${tag}-b/${tag}-b.tables';\nexport const both = () => [rows(), table];\n`,
  );
  // A module importing the composition root.
  write(
    `${serverA}/uses-app.service.ts`,
    `import { buildApp } from '../../app';\nexport const build = buildApp;\n`,
  );
  // A web feature importing another feature's component.
  write(`${webB}/components/other-card.tsx`, 'export const OtherCard = () => null;\n');
  write(
    `${webA}/components/uses-other.tsx`,
    `import { OtherCard } from '../../${tag}-b/components/other-card';\nexport const UsesOther = () => OtherCard();\n`,
  );
  // And one that keeps the rules: it reaches the other module through its service.
  write(
    `${serverA}/through-service.service.ts`,
    `import { rows } from '../${tag}-b/${tag}-b.service';\nexport const viaService = () => rows();\n`,
  );
  write(
    `${serverB}/${tag}-b.service.ts`,
    `import { rows } from './${tag}-b.repository';\nexport { rows };\n`,
  );
  // One run over every fixture: biome builds the project's module graph once (a few seconds).
  result = lint(...folders);
}, 60_000);

afterAll(() => {
  for (const folder of folders) fs.rmSync(path.join(root, folder), { recursive: true, force: true });
});

/** The rules biome reported for one file, by its header lines (`path:line:col lint/group/rule`). */
function rulesReportedFor(output: string, file: string): string[] {
  const headers = output.split('\n').filter((line) => line.startsWith(`${file}:`));
  return headers.map((line) => line.match(/ (lint\/\S+)/)?.[1] ?? '');
}

describe('the linter enforces module boundaries', () => {
  it('refuses an import cycle', () => {
    expect(result.status).not.toBe(0);
    expect(rulesReportedFor(result.output, `${serverA}/cycle-a.service.ts`)).toContain(
      'lint/suspicious/noImportCycles',
    );
  });

  it("refuses a module importing another module's repository or tables", () => {
    const rules = rulesReportedFor(result.output, `${serverA}/reads-b.service.ts`);
    expect(rules.filter((rule) => rule === 'lint/style/noRestrictedImports')).toHaveLength(2);
    expect(result.output).toContain('only through its *.service.ts');
  });

  it('refuses importing app.ts outside main.ts and tests', () => {
    expect(rulesReportedFor(result.output, `${serverA}/uses-app.service.ts`)).toContain(
      'lint/style/noRestrictedImports',
    );
    expect(result.output).toContain(
      'Only main.ts, the OpenAPI tooling in src/server/contract and tests import app.ts',
    );
  });

  it('refuses a web feature importing another feature', () => {
    expect(rulesReportedFor(result.output, `${webA}/components/uses-other.tsx`)).toContain(
      'lint/style/noRestrictedImports',
    );
    expect(result.output).toContain('A web feature imports only its own folder');
  });

  it('accepts a module that reaches another through its service', () => {
    expect(rulesReportedFor(result.output, `${serverA}/through-service.service.ts`)).toEqual([]);
  });
});
