/**
 * The image/PDF converter (IMAGE_CONVERTER, issue 21): a plant schedule as a .pdf, .jpg, .jpeg or .png
 * becomes rows of cells, then an import list like a spreadsheet's. A PDF with a text layer is read
 * from its text (unpdf); images and scanned pages are read by OCR (tesseract.js with the English data
 * of @tesseract.js-data/eng, loaded from node_modules: nothing is downloaded at run time). The words'
 * positions are cropped to the area the user drew, deskewed, and rebuilt into rows and columns.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocumentProxy, renderPageAsImage } from 'unpdf';
import { AppError } from '../../core/errors';

// pdf.js draws a page's embedded fonts with ArrayBuffer.prototype.transferToFixedLength (ES2024), which
// Node 20 lacks (it came in Node 21): without it every glyph fails and a text PDF's page renders blank.
// A copy does what pdf.js needs of it (a buffer of the given length with the same bytes).
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });
}

export const maxConverterBytes = 20 * 1024 * 1024;
export const maxConverterPages = 10;

export const converterMessages = {
  fileRequired: 'Choose a .pdf, .jpg, .jpeg or .png file to convert.',
  unsupported: 'This file is not a PDF or an image. Upload a .pdf, .jpg, .jpeg or .png of your plant list.',
  tooLarge: 'This file is larger than 20 MB. Send a smaller scan or photo, or split the PDF.',
  tooManyPages:
    'This PDF has more than 10 pages. Split it into files of up to 10 pages and convert them one at a time.',
  unreadable: 'We could not read this file. Save it again as a PDF, JPG or PNG and upload it again.',
  notPdf: 'Only a PDF needs a page preview: an image is shown as it is.',
  noTable:
    'We could not find a table of plants in this file. Try a clearer scan or draw the area of the list.',
} as const;

export type ConverterKind = 'pdf' | 'png' | 'jpeg';

/** The kind the file's bytes are (its name must agree), or null. */
export function converterKindOf(filename: string, data: Buffer): ConverterKind | null {
  const extension = /\.(pdf|png|jpe?g)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  if (!extension) return null;
  if (extension === 'pdf') return data.subarray(0, 5).toString('latin1') === '%PDF-' ? 'pdf' : null;
  if (extension === 'png')
    return data.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) ? 'png' : null;
  return data[0] === 0xff && data[1] === 0xd8 ? 'jpeg' : null;
}

/** A word on a page, in the page's own units (points or pixels), y growing downwards. */
export type PageWord = { text: string; x0: number; y0: number; x1: number; y1: number };
export type PageWords = { width: number; height: number; words: PageWord[] };

/** The area of the page holding the table, as fractions of its width and height (0–1). */
export type CropArea = { x: number; y: number; width: number; height: number };

export type ConversionProgress = (progress: number, message: string) => Promise<void> | void;

export type Conversion = { rows: string[][]; pages: number; ocrPages: number; ocrMs: number };

const problem = (message: string, code: string) => new AppError('unprocessable', message, { code });

const require = createRequire(import.meta.url);

/** Where the English traineddata of @tesseract.js-data/eng sits in node_modules. */
function tesseractLangPath() {
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

type OcrWorker = Awaited<ReturnType<typeof import('tesseract.js')['createWorker']>>;

/** OCR's usual slips in plant lists: a capital I read as l ('llex' → 'Ilex'). */
export const ocrFix = (text: string) => text.replace(/^ll(?=[a-z]{2})/, 'Il');

/** One OCR worker for a conversion, terminated after use. */
async function withOcr<T>(use: (recognize: (image: Buffer) => Promise<PageWords>) => Promise<T>): Promise<T> {
  let worker: OcrWorker | null = null;
  try {
    return await use(async (image) => {
      if (!worker) {
        const { createWorker } = await import('tesseract.js');
        worker = await createWorker('eng', 1, {
          langPath: tesseractLangPath(),
          cacheMethod: 'none',
          gzip: true,
        });
      }
      const { data } = await worker.recognize(image, { rotateAuto: true }, { blocks: true });
      const words: PageWord[] = [];
      for (const block of data.blocks ?? [])
        for (const paragraph of block.paragraphs)
          for (const line of paragraph.lines)
            for (const word of line.words) {
              if (!word.text.trim() || word.confidence < 10) continue;
              words.push({ text: ocrFix(word.text.trim()), ...word.bbox });
            }
      const { loadImage } = await import('@napi-rs/canvas');
      const size = await loadImage(image);
      return { width: size.width, height: size.height, words };
    });
  } finally {
    if (worker) await (worker as OcrWorker).terminate();
  }
}

/** The words of a PDF page's text layer. */
async function pdfPageWords(
  pdf: Awaited<ReturnType<typeof getDocumentProxy>>,
  pageNumber: number,
): Promise<PageWords> {
  const page = await pdf.getPage(pageNumber);
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const words: PageWord[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const [, , , d, e, f] = item.transform as number[];
    const height = Math.abs(d) || item.height || 10;
    const top = viewport.height - f - height;
    // An item is a run of text: split it into words at wide spaces only (cells keep their spaces).
    words.push({ text: item.str.trim(), x0: e, y0: top, x1: e + item.width, y1: top + height });
  }
  return { width: viewport.width, height: viewport.height, words };
}

/**
 * Reads a file into rows of cells. PDFs up to 10 pages: each page's text layer, or OCR of the page
 * rendered to an image when it has none; images by OCR.
 */
export async function convertFile(
  file: { filename: string; data: Buffer },
  options: { crop?: CropArea | null; onProgress?: ConversionProgress } = {},
): Promise<Conversion> {
  const kind = converterKindOf(file.filename, file.data);
  if (!kind) throw problem(converterMessages.unsupported, 'unsupported_file_type');
  if (file.data.length > maxConverterBytes) throw problem(converterMessages.tooLarge, 'file_too_large');
  const progress = options.onProgress ?? (() => undefined);
  let ocrPages = 0;
  let ocrMs = 0;
  const pages: PageWords[] = [];
  await withOcr(async (recognize) => {
    const ocr = async (image: Buffer) => {
      const started = performance.now();
      const words = await recognize(image);
      ocrMs += performance.now() - started;
      ocrPages += 1;
      return words;
    };
    if (kind !== 'pdf') {
      await progress(10, 'Reading the image');
      pages.push(await ocr(file.data));
      return;
    }
    let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
    try {
      pdf = await getDocumentProxy(new Uint8Array(file.data));
    } catch {
      throw problem(converterMessages.unreadable, 'unreadable_file');
    }
    if (pdf.numPages > maxConverterPages) throw problem(converterMessages.tooManyPages, 'too_many_pages');
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      await progress(
        Math.round(10 + (80 * (pageNumber - 1)) / pdf.numPages),
        `Reading page ${pageNumber} of ${pdf.numPages}`,
      );
      const text = await pdfPageWords(pdf, pageNumber);
      if (text.words.map((word) => word.text).join('').length >= 10) {
        pages.push(text);
        continue;
      }
      // A scanned page: rendered at twice its size (about 150 dpi) for OCR.
      const image = await renderPageAsImage(pdf, pageNumber, {
        canvasImport: () => import('@napi-rs/canvas'),
        scale: 2,
      });
      pages.push(await ocr(Buffer.from(image)));
    }
  });
  await progress(90, 'Rebuilding the rows and columns');
  const rows = pages.flatMap((page) => rowsFromWords(cropWords(page, options.crop ?? null)));
  return { rows, pages: pages.length, ocrPages, ocrMs };
}

/**
 * The first page of a PDF as a PNG (about 110 dpi), on which the user draws the table's area
 * (crop_image); the area, in fractions of the page, is then read on every page.
 */
export async function pdfFirstPage(file: { filename: string; data: Buffer }): Promise<Buffer> {
  if (converterKindOf(file.filename, file.data) !== 'pdf') {
    throw problem(converterMessages.notPdf, 'not_a_pdf');
  }
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(file.data));
  } catch {
    throw problem(converterMessages.unreadable, 'unreadable_file');
  }
  if (pdf.numPages > maxConverterPages) throw problem(converterMessages.tooManyPages, 'too_many_pages');
  const image = await renderPageAsImage(pdf, 1, {
    canvasImport: () => import('@napi-rs/canvas'),
    scale: 1.5,
  });
  return Buffer.from(image);
}

/** The words inside the drawn area (by their centres); the whole page without one. */
export function cropWords(page: PageWords, crop: CropArea | null): PageWord[] {
  if (!crop) return page.words;
  const left = crop.x * page.width;
  const top = crop.y * page.height;
  const right = left + crop.width * page.width;
  const bottom = top + crop.height * page.height;
  return page.words.filter((word) => {
    const cx = (word.x0 + word.x1) / 2;
    const cy = (word.y0 + word.y1) / 2;
    return cx >= left && cx <= right && cy >= top && cy <= bottom;
  });
}

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Deskews word positions: the median slope between neighbouring words of a line (a photo taken at
 * an angle) is turned back, so the lines are level before they are grouped.
 */
export function deskew(words: PageWord[]): PageWord[] {
  const height = median(words.map((word) => word.y1 - word.y0)) || 1;
  const slopes: number[] = [];
  const byX = [...words].sort((a, b) => a.x0 - b.x0);
  for (const word of byX) {
    const cy = (word.y0 + word.y1) / 2;
    const next = byX.find(
      (other) =>
        other !== word &&
        other.x0 > word.x1 &&
        other.x0 - word.x1 < height * 8 &&
        Math.abs((other.y0 + other.y1) / 2 - cy) < height * 0.8,
    );
    if (next)
      slopes.push(((next.y0 + next.y1) / 2 - cy) / ((next.x0 + next.x1) / 2 - (word.x0 + word.x1) / 2));
  }
  const slope = median(slopes);
  if (Math.abs(slope) < 0.002) return words;
  // Rotate by -angle around the origin: y' = y - x·slope (small angles).
  return words.map((word) => {
    const cx = (word.x0 + word.x1) / 2;
    const shift = cx * slope;
    return { ...word, y0: word.y0 - shift, y1: word.y1 - shift };
  });
}

/**
 * Rows and columns from word positions: words are grouped into lines by their vertical centres,
 * each line's words into cells at gaps wider than about two characters, and the cells of all lines
 * into columns by their horizontal extent (overlapping extents are one column).
 */
export function rowsFromWords(input: PageWord[]): string[][] {
  if (input.length === 0) return [];
  const words = deskew(input);
  const height = median(words.map((word) => word.y1 - word.y0)) || 1;
  const sorted = [...words].sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const lines: PageWord[][] = [];
  for (const word of sorted) {
    const cy = (word.y0 + word.y1) / 2;
    const line = lines.at(-1);
    const lineY = line ? median(line.map((w) => (w.y0 + w.y1) / 2)) : Number.NaN;
    if (line && Math.abs(cy - lineY) < height * 0.6) line.push(word);
    else lines.push([word]);
  }
  // Cells: a gap wider than ~1.2 line heights separates columns.
  type Cell = { text: string; x0: number; x1: number };
  const cellLines: Cell[][] = lines.map((line) => {
    const byX = [...line].sort((a, b) => a.x0 - b.x0);
    const cells: Cell[] = [];
    for (const word of byX) {
      const last = cells.at(-1);
      if (last && word.x0 - last.x1 < height * 1.2) {
        last.text = `${last.text} ${word.text}`;
        last.x1 = Math.max(last.x1, word.x1);
      } else cells.push({ text: word.text, x0: word.x0, x1: word.x1 });
    }
    return cells;
  });
  // Columns: merge the horizontal extents of the cells of the table's lines (two cells or more).
  const extents = cellLines
    .filter((cells) => cells.length >= 2)
    .flat()
    .map((cell) => [cell.x0, cell.x1] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const columns: Array<[number, number]> = [];
  for (const [x0, x1] of extents) {
    const last = columns.at(-1);
    if (last && x0 <= last[1]) last[1] = Math.max(last[1], x1);
    else columns.push([x0, x1]);
  }
  if (columns.length < 2) return cellLines.map((cells) => cells.map((cell) => cell.text));
  return cellLines.map((cells) => {
    const row = columns.map(() => '');
    for (const cell of cells) {
      const cx = (cell.x0 + cell.x1) / 2;
      let index = columns.findIndex(([x0, x1]) => cx >= x0 && cx <= x1);
      if (index === -1) {
        // A cell between columns (a title): the nearest column.
        let best = Number.POSITIVE_INFINITY;
        columns.forEach(([x0, x1], i) => {
          const distance = Math.min(Math.abs(cx - x0), Math.abs(cx - x1));
          if (distance < best) {
            best = distance;
            index = i;
          }
        });
      }
      row[index] = row[index] ? `${row[index]} ${cell.text}` : cell.text;
    }
    return row;
  });
}
