import fs from 'node:fs';
import path from 'node:path';
import { findHeaderRow } from '../src/domain/hubsheets/header-recognition';
import { convertFile } from '../src/server/modules/hubsheets/image-converter';

const dir = path.resolve(import.meta.dirname, 'converter-fixtures');
const targetOcrMsPerPage = 15_000;

// '3in' and '3 in' are the same size: spacing between a figure and its unit is not counted.
const normalize = (cell: string) =>
  cell
    .replace(/(\d)\s+(?=[a-z])/gi, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * The image/PDF converter on the fixtures of bench/converter-fixtures (a PDF with a text layer, a
 * scanned PDF, a photo of a printed list as PDF and JPEG): rows recovered exactly (every cell, from
 * the header row down), and the time per page, OCR pages against the 15 s target.
 */
export async function benchConverter() {
  console.info('\nImage/PDF converter — bench/converter-fixtures');
  const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Record<
    string,
    string[][]
  >;
  const results: Record<string, { rows: number; right: number; ms: number; msPerOcrPage: number | null }> =
    {};
  for (const [name, rows] of Object.entries(expected)) {
    const started = performance.now();
    const conversion = await convertFile({ filename: name, data: fs.readFileSync(path.join(dir, name)) });
    const ms = performance.now() - started;
    // From the header row down (title rows above it are not part of the table).
    const got = conversion.rows.slice(findHeaderRow(conversion.rows) ?? 0);
    let right = 0;
    for (const [i, row] of rows.entries()) {
      const line = got[i] ?? [];
      if (row.length === line.length && row.every((cell, k) => normalize(cell) === normalize(line[k] ?? '')))
        right += 1;
      else
        console.info(
          `    ${name} row ${i + 1}: expected ${JSON.stringify(row)}, got ${JSON.stringify(line)}`,
        );
    }
    const msPerOcrPage = conversion.ocrPages ? conversion.ocrMs / conversion.ocrPages : null;
    results[name] = { rows: rows.length, right, ms, msPerOcrPage };
    console.info(
      `  ${name}: ${right} of ${rows.length} rows recovered exactly; ${conversion.pages} page(s) in ${(ms / 1000).toFixed(1)} s${
        msPerOcrPage === null
          ? ' (text layer, no OCR)'
          : `, OCR ${(msPerOcrPage / 1000).toFixed(1)} s per page (target <= ${targetOcrMsPerPage / 1000} s) ${msPerOcrPage <= targetOcrMsPerPage ? 'meets target' : 'MISSES target'}`
      }`,
    );
  }
  return results;
}
