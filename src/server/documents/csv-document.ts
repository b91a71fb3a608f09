// The CSV writer every downloadable list uses (cart quotes, hubsheets).

/** Cells: text is checked for formula injection; numbers are produced here and written as they are. */
export type Cell = string | number | null | { number: string };

const formulaStart = /^[=+\-@\t\r]/;

function csvField(cell: Cell): string {
  let text: string;
  if (cell === null) text = '';
  else if (typeof cell === 'number') text = String(cell);
  else if (typeof cell === 'object') text = cell.number;
  else text = formulaStart.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file: UTF-8 BOM, CRLF, RFC 4180 quoting, text cells guarded against formula injection. */
export function csvDocument(rows: Cell[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
