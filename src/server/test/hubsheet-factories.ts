import * as XLSX from '@e965/xlsx';
import type { Executor } from '../core/database';
import { insertProduct, insertVariant } from './catalog-factories';
import { multipartForm } from './multipart';

/**
 * A few real nursery plants with the sizes the trade sells them in, for matching tests. Names are
 * distinct enough that a schedule line has one right answer.
 */
export async function insertPlantCatalog(db: Executor) {
  const plant = async (
    values: {
      primaryName: string;
      secondaryName: string;
      genus: string;
      species: string;
      cultivar: string | null;
    },
    sizes: string[],
  ) => {
    const product = await insertProduct(db, {
      pathIdentifier: `${values.primaryName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 6)}`,
      primaryName: values.primaryName,
      secondaryName: values.secondaryName,
      botanicalGenus: values.genus,
      botanicalSpecies: values.species,
      cultivar: values.cultivar,
    });
    const variants: Record<string, { id: number; size: string }> = {};
    for (const [position, size] of sizes.entries()) {
      const variant = await insertVariant(db, product.id, { size, position });
      variants[size] = { id: variant.id, size: variant.size };
    }
    return { product, variants };
  };
  return {
    octoberGlory: await plant(
      {
        primaryName: "Acer rubrum 'October Glory'",
        secondaryName: 'October Glory Red Maple',
        genus: 'Acer',
        species: 'rubrum',
        cultivar: 'October Glory',
      },
      ['2" cal B&B', '2.5" cal B&B', '#15'],
    ),
    limelight: await plant(
      {
        primaryName: "Hydrangea paniculata 'Limelight'",
        secondaryName: 'Limelight Hydrangea',
        genus: 'Hydrangea',
        species: 'paniculata',
        cultivar: 'Limelight',
      },
      ['#3', '#5', '#7'],
    ),
    greenVelvet: await plant(
      {
        primaryName: "Buxus 'Green Velvet'",
        secondaryName: 'Green Velvet Boxwood',
        genus: 'Buxus',
        species: 'hybrid',
        cultivar: 'Green Velvet',
      },
      ['#3', '#5'],
    ),
    karlFoerster: await plant(
      {
        primaryName: "Calamagrostis x acutiflora 'Karl Foerster'",
        secondaryName: 'Karl Foerster Feather Reed Grass',
        genus: 'Calamagrostis',
        species: 'acutiflora',
        cultivar: 'Karl Foerster',
      },
      ['#1', '#3'],
    ),
    riverBirch: await plant(
      {
        primaryName: 'Betula nigra',
        secondaryName: 'River Birch',
        genus: 'Betula',
        species: 'nigra',
        cultivar: null,
      },
      ["8-10' multi-stem B&B", "10-12' multi-stem B&B"],
    ),
  };
}

export type PlantCatalog = Awaited<ReturnType<typeof insertPlantCatalog>>;

/** A multipart/form-data body for app.inject: one file and plain fields. */
export function multipartUpload(
  file: { filename: string; data: Buffer | string; contentType?: string } | null,
  fields: Record<string, string> = { headers_included: 'true' },
) {
  return multipartForm(file ? [{ field: 'file', ...file }] : [], fields);
}

/** A CSV text from rows (cells quoted when needed), lines ending in CRLF like Excel writes them. */
export function csvOf(rows: Array<Array<string | number>>): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** A workbook file from sheets of rows; a cell may be a formula with its saved value ({ f, v }). */
export function workbookOf(
  sheets: Array<{
    name: string;
    rows: Array<Array<string | number | { f: string; v: number | string } | null>>;
    merges?: string[];
  }>,
  bookType: 'xlsx' | 'xls' = 'xlsx',
): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const sheet of sheets) {
    const plain = sheet.rows.map((row) =>
      row.map((cell) => (cell !== null && typeof cell === 'object' ? cell.v : cell)),
    );
    const worksheet = XLSX.utils.aoa_to_sheet(plain);
    for (const [r, row] of sheet.rows.entries()) {
      for (const [c, cell] of row.entries()) {
        if (cell !== null && typeof cell === 'object') {
          const address = XLSX.utils.encode_cell({ r, c });
          worksheet[address] = { t: typeof cell.v === 'number' ? 'n' : 's', v: cell.v, f: cell.f };
        }
      }
    }
    if (sheet.merges) worksheet['!merges'] = sheet.merges.map((range) => XLSX.utils.decode_range(range));
    XLSX.utils.book_append_sheet(workbook, worksheet, sheet.name);
  }
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer;
}
