import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { matchConfidence } from '../src/domain/hubsheets/match-confidence';
import type { MatchLineInput, MatchLineResult } from '../src/domain/hubsheets/matching-types';
import { openPostgres } from '../src/server/db/client';
import { readSpreadsheetRows } from '../src/server/modules/hubsheets/import-files';
import { importedLines, recognizeTable } from '../src/server/modules/hubsheets/import-lists.service';
import { matchLines } from '../src/server/modules/hubsheets/matching/match-lines';
import { withBenchPostgres } from './support/databases';
import { signInToken, startServer } from './support/server';

const root = path.resolve(import.meta.dirname, '..');
const casesFile = path.resolve(import.meta.dirname, 'matching-cases.csv');
const password = 'hedgerow-demo';
const targets = {
  product: 0.9,
  size: 0.85,
  absent: 0.95,
  calibratedRight: 0.95,
  ms100: 500,
  ms1000: 3000,
};

type Case = {
  text: string;
  sizeText: string;
  other: string;
  expectedName: string;
  expectedSize: string;
  style: string;
};

function readCases(): Case[] {
  const records = parse(fs.readFileSync(casesFile, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
  return records.map((record) => ({
    text: record.text,
    sizeText: record.size_text,
    other: record.other,
    expectedName: record.expected_primary_name,
    expectedSize: record.expected_size,
    style: record.style,
  }));
}

const toInput = (c: Case): MatchLineInput => ({
  text: c.text,
  sizeText: c.sizeText.trim() ? c.sizeText : null,
  evidence: c.other.trim() ? [c.other] : [],
});

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const verdict = (ok: boolean) => (ok ? 'meets target' : 'MISSES target');

type Quality = {
  product: number;
  size: number;
  absent: number;
  present: number;
  sized: number;
  absentCount: number;
};

function judgeQuality(cases: Case[], results: MatchLineResult[], verbose: boolean): Quality {
  let present = 0;
  let productHits = 0;
  let sized = 0;
  let sizeHits = 0;
  let absentCount = 0;
  let absentNoMatch = 0;
  const byStyle = new Map<string, { n: number; hits: number }>();
  const misses: string[] = [];
  const bands = { present: [0, 0, 0, 0], absent: [0, 0, 0, 0] };
  // Calibration: lines whose top candidate is right (product, and size when the line expects one),
  // how many score >= 75; and per band, how many of its lines have the right top candidate.
  let rightCount = 0;
  let rightHigh = 0;
  let mismatchCount = 0;
  let mismatchHeld = 0;
  const bandRight = [0, 0, 0, 0];
  const bandAll = [0, 0, 0, 0];
  const band = (score: number) =>
    ['no_match', 'needs_review', 'match', 'perfect'].indexOf(matchConfidence(score).key);
  cases.forEach((c, i) => {
    const result = results[i];
    const got = result.best?.primaryName ?? '';
    const line = `"${c.text}"${c.sizeText ? ` [${c.sizeText}]` : ''}`;
    if (!c.expectedName) {
      absentCount += 1;
      bands.absent[band(result.score)] += 1;
      if (result.score < 25) absentNoMatch += 1;
      else misses.push(`  absent scored ${result.score}: ${line} → ${got} ${result.best?.size ?? ''}`);
      return;
    }
    present += 1;
    bands.present[band(result.score)] += 1;
    if (c.style === 'size_mismatch') {
      // The product is right but the size asked is not sold: never a Match, at most Needs Review.
      mismatchCount += 1;
      if (got === c.expectedName && result.score >= 25 && result.score < 75) mismatchHeld += 1;
      else misses.push(`  size mismatch scored ${result.score}: ${line} → ${got} ${result.best?.size ?? ''}`);
    }
    const right =
      c.style !== 'size_mismatch' &&
      got === c.expectedName &&
      (!c.expectedSize || result.best?.size === c.expectedSize);
    bandAll[band(result.score)] += 1;
    if (right) {
      rightCount += 1;
      bandRight[band(result.score)] += 1;
      if (result.score >= 75) rightHigh += 1;
      else misses.push(`  right but scored ${result.score}: ${line} → ${got} ${result.best?.size ?? ''}`);
    }
    const style = byStyle.get(c.style) ?? { n: 0, hits: 0 };
    style.n += 1;
    if (got === c.expectedName) {
      productHits += 1;
      style.hits += 1;
    } else {
      misses.push(`  product: ${line} expected ${c.expectedName}, got ${got || 'nothing'} (${result.score})`);
    }
    byStyle.set(c.style, style);
    if (c.expectedSize) {
      sized += 1;
      if (got === c.expectedName && result.best?.size === c.expectedSize) sizeHits += 1;
      else if (got === c.expectedName)
        misses.push(
          `  size: ${line} expected ${c.expectedSize}, got ${result.best?.size ?? 'none'} (${result.score})`,
        );
    }
  });
  for (const [i, c] of cases.entries()) if (!c.expectedName) bandAll[band(results[i].score)] += 1;
  const quality = {
    calibratedRight: rightHigh / Math.max(1, rightCount),
    sizeMismatchHeld: mismatchHeld / Math.max(1, mismatchCount),
    product: productHits / present,
    size: sizeHits / Math.max(1, sized),
    absent: absentNoMatch / Math.max(1, absentCount),
    present,
    sized,
    absentCount,
  };
  console.info(
    `  top-1 product: ${pct(quality.product)} of ${present} lines (target >= ${pct(targets.product)}) ${verdict(quality.product >= targets.product)}`,
  );
  console.info(
    `  size: ${pct(quality.size)} of ${sized} lines giving a size, product and size both right (target >= ${pct(targets.size)}) ${verdict(quality.size >= targets.size)}`,
  );
  console.info(
    `  absent products scored No Match (< 25): ${pct(quality.absent)} of ${absentCount} (target >= ${pct(targets.absent)}) ${verdict(quality.absent >= targets.absent)}`,
  );
  console.info(
    `  calibration: right top candidate (product, and size when expected) scored >= 75: ${pct(quality.calibratedRight)} of ${rightCount} (target >= ${pct(targets.calibratedRight)}) ${verdict(quality.calibratedRight >= targets.calibratedRight)}`,
  );
  console.info(
    `  sizes never passed off as matches: ${mismatchHeld} of ${mismatchCount} right products in a size they are not sold in scored Needs Review (25-74) ${verdict(mismatchHeld === mismatchCount)}`,
  );
  const bandNames = ['No Match', 'Needs Review', 'Match', 'Perfect Match'];
  console.info(
    `  calibration by band (share of the band's lines whose top candidate is right, absent lines counted as wrong): ${bandNames
      .map((name, i) => `${name} ${bandAll[i] ? pct(bandRight[i] / bandAll[i]) : '–'} of ${bandAll[i]}`)
      .join(', ')}`,
  );
  console.info(
    `  bands, catalogue products: No Match ${bands.present[0]}, Needs Review ${bands.present[1]}, Match ${bands.present[2]}, Perfect ${bands.present[3]}; absent products: No Match ${bands.absent[0]}, Needs Review ${bands.absent[1]}, Match ${bands.absent[2]}, Perfect ${bands.absent[3]}`,
  );
  console.info(
    `  by style: ${[...byStyle]
      .sort()
      .map(([style, { n, hits }]) => `${style} ${hits}/${n}`)
      .join(', ')}`,
  );
  if (verbose || process.env.BENCH_MATCHING_VERBOSE) for (const miss of misses) console.info(miss);
  else if (misses.length)
    console.info(`  (${misses.length} misses and low scores; BENCH_MATCHING_VERBOSE=1 lists them)`);
  return quality;
}

/** n lines cycled from the cases (every case's text, then again with a row number, as long lists repeat). */
function linesOf(cases: Case[], n: number): Case[] {
  return Array.from({ length: n }, (_, i) => cases[i % cases.length]);
}

async function timeMatcher(databaseUrl: string, cases: Case[]) {
  const database = await openPostgres(databaseUrl, 5);
  try {
    let started = performance.now();
    const results = await matchLines(database.db, cases.map(toInput));
    const coldMs = performance.now() - started;
    console.info(
      `\nMatching quality — ${cases.length} lines of bench/matching-cases.csv on the large catalogue (PostgreSQL)`,
    );
    const quality = judgeQuality(cases, results, false);
    console.info(
      `\nMatcher speed (matchLines in-process, PostgreSQL large catalogue; targets 100 lines <= ${targets.ms100} ms, 1,000 <= ${targets.ms1000} ms)`,
    );
    console.info(`  first call (builds the catalogue index, ${cases.length} lines): ${coldMs.toFixed(0)} ms`);
    const timings: Record<number, number> = {};
    for (const n of [100, 1000]) {
      const lines = linesOf(cases, n).map(toInput);
      const runs: number[] = [];
      for (let run = 0; run < 3; run++) {
        started = performance.now();
        await matchLines(database.db, lines);
        runs.push(performance.now() - started);
      }
      runs.sort((a, b) => a - b);
      timings[n] = runs[1];
      const target = n === 100 ? targets.ms100 : targets.ms1000;
      console.info(
        `  ${String(n).padStart(5)} lines: median of 3 ${runs[1].toFixed(0)} ms (min ${runs[0].toFixed(0)}, max ${runs[2].toFixed(0)}) ${verdict(runs[1] <= target)}`,
      );
    }
    return { quality, coldMs, timings };
  } finally {
    await database.close();
  }
}

function csvFile(cases: Case[]): string {
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const rows = [['Botanical Name', 'Size', 'Qty', 'Remarks']];
  for (const [i, c] of cases.entries()) rows.push([c.text, c.sizeText, String((i % 20) + 1), c.other]);
  return `${rows.map((row) => row.map(quote).join(',')).join('\n')}\n`;
}

/** Upload to matched list through the API: POST import_lists, POST hubsheets, (for background matching) poll until done, then GET the hubsheet. */
async function timeEndToEnd(databaseUrl: string, cases: Case[]) {
  const server = await startServer({ DATABASE_URL: databaseUrl, DEMO_PASSWORD: password });
  try {
    const token = await signInToken(server.url, 'buyer@demo.hedgerow.test', password);
    const auth = { authorization: `Bearer ${token}` };
    const probe = await fetch(`${server.url}/api/v1/hubsheets`, { headers: auth });
    if (probe.status === 404) {
      console.info('  end to end: the hubsheet API is not there yet; not measured');
      return null;
    }
    const once = async (lines: Case[]) => {
      const form = new FormData();
      form.append('headers_included', 'true');
      form.append('file', new Blob([csvFile(lines)], { type: 'text/csv' }), `schedule-${lines.length}.csv`);
      const started = performance.now();
      const upload = await fetch(`${server.url}/api/v1/import_lists`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
      const importList = (await upload.json()) as { id: number };
      const created = await fetch(`${server.url}/api/v1/hubsheets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench ${lines.length}`,
          postalCode: '28202',
          importListId: importList.id,
          radiusRestriction: 100,
        }),
      });
      if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
      const hubsheet = (await created.json()) as { id: number; listItems: { matchScore: number | null }[] };
      const createdMs = performance.now() - started;
      // Long lists are matched in the background: poll the progress call (as the page does) until
      // every line has its score, then read the hubsheet the buyer sees, with its market prices.
      let background = hubsheet.listItems.some((item) => item.matchScore === null);
      while (background) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const progress = await fetch(`${server.url}/api/v1/hubsheets/${hubsheet.id}/matching`, {
          headers: auth,
        });
        background = ((await progress.json()) as { state: string }).state !== 'done';
      }
      const viewStarted = performance.now();
      const view = await fetch(`${server.url}/api/v1/hubsheets/${hubsheet.id}`, { headers: auth });
      const matchedList = (await view.json()) as { listItems: { matchScore: number | null }[] };
      const viewMs = performance.now() - viewStarted;
      if (matchedList.listItems.some((item) => item.matchScore === null))
        throw new Error('a line of the finished hubsheet has no score');
      const total = performance.now() - started;
      console.info(
        `    (${lines.length} lines: upload and create ${createdMs.toFixed(0)} ms, the finished hubsheet's GET ${viewMs.toFixed(0)} ms)`,
      );
      return total;
    };
    // The first import builds the server's catalogue index.
    const warm = await once(linesOf(cases, 20));
    console.info(
      `  end to end, first import of the process (20 lines, builds the index): ${warm.toFixed(0)} ms`,
    );
    const timings: Record<number, number> = {};
    for (const n of [100, 1000]) {
      const runs: number[] = [];
      for (let run = 0; run < 3; run++) runs.push(await once(linesOf(cases, n)));
      runs.sort((a, b) => a - b);
      timings[n] = runs[1];
      const target = n === 100 ? targets.ms100 : targets.ms1000;
      console.info(
        `  end to end ${String(n).padStart(5)} lines (upload, create, every line matched): median of 3 ${runs[1].toFixed(0)} ms (min ${runs[0].toFixed(0)}, max ${runs[2].toFixed(0)}) ${verdict(runs[1] <= target)}`,
      );
    }
    return timings;
  } catch (error) {
    console.info(`  end to end: failed (${(error as Error).message})`);
    return null;
  } finally {
    await server.stop();
  }
}

function seedLarge(databaseUrl: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/db/seed/seed-cli.ts', '--scale', 'large'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, DEMO_PASSWORD: password },
        stdio: 'ignore',
      },
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seeding exited with ${code}`))));
  });
}

const filesDir = path.resolve(import.meta.dirname, 'matching-files');

type ExpectedFile = {
  headersIncluded: boolean;
  productNameIndex: number | null;
  containerIndex: number | null;
  quantityIndex: number | null;
  budgetedPriceIndex: number | null;
  lines: number;
};

/**
 * Column recognition on whole files (bench/matching-files): line-number and key columns, title and
 * section rows, quantity and size in one column, no headers, Windows-1252. A file without headers is
 * judged on the mapping its content suggests. Must be right for every file.
 */
export function judgeFiles() {
  const expected = JSON.parse(fs.readFileSync(path.join(filesDir, 'expected.json'), 'utf8')) as Record<
    string,
    ExpectedFile
  >;
  console.info(`\nColumn recognition — ${Object.keys(expected).length} whole files of bench/matching-files`);
  let right = 0;
  for (const [name, want] of Object.entries(expected)) {
    const rows = readSpreadsheetRows({ filename: name, data: fs.readFileSync(path.join(filesDir, name)) });
    const { table, mapping, suggestion } = recognizeTable(rows, want.headersIncluded);
    const got = suggestion ?? mapping;
    const fields = ['productNameIndex', 'containerIndex', 'quantityIndex', 'budgetedPriceIndex'] as const;
    const wrong = fields.filter((field) => got[field] !== want[field]);
    const row = { ...got, originalHeaders: table.headers, rows: table.rows } as unknown as Parameters<
      typeof importedLines
    >[0];
    const lines = importedLines(row).lines.length;
    const ok = wrong.length === 0 && lines === want.lines;
    if (ok) right += 1;
    console.info(
      `  ${name}: ${ok ? 'right' : 'WRONG'}${suggestion ? ' (suggested for the mapping step)' : ''} — product ${got.productNameIndex}, size ${got.containerIndex}, quantity ${got.quantityIndex}, price ${got.budgetedPriceIndex}, ${lines} lines${wrong.length ? `; expected ${wrong.map((field) => `${field} ${want[field]}`).join(', ')}` : ''}${lines !== want.lines ? `; expected ${want.lines} lines` : ''}`,
    );
  }
  console.info(
    `  column recognition: ${right} of ${Object.keys(expected).length} files right (target: every file) ${verdict(right === Object.keys(expected).length)}`,
  );
  return { files: Object.keys(expected).length, right };
}

async function measure(databaseUrl: string) {
  judgeFiles();
  const cases = readCases();
  const matcher = await timeMatcher(databaseUrl, cases);
  if (process.env.BENCH_MATCHING_HTTP === '0') return { ...matcher, endToEnd: null };
  console.info('\nUpload to matched list through HTTP (PostgreSQL large catalogue)');
  const endToEnd = await timeEndToEnd(databaseUrl, cases);
  return { ...matcher, endToEnd };
}

/**
 * Hubsheet matching on the LARGE catalogue on PostgreSQL: quality on bench/matching-cases.csv (top-1
 * product, size, absent products scored No Match) and speed (the matcher on 100 and 1,000 lines, and
 * upload to matched list through the API). BENCH_MATCHING_DATABASE_URL: an already seeded database
 * to use instead of seeding a throw-away one.
 */
export async function benchMatching() {
  console.info('\nHubsheet matching — large catalogue on PostgreSQL');
  const existing = process.env.BENCH_MATCHING_DATABASE_URL;
  if (existing) return measure(existing);
  return withBenchPostgres('matching', async (url) => {
    const started = Date.now();
    await seedLarge(url);
    console.info(`  large catalogue seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return measure(url);
  });
}
