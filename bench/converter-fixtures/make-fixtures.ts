/**
 * Writes the converter's test fixtures from the schedules below: a PDF with a text layer (pdfkit),
 * a 'scanned' PDF (the schedule rendered to a PNG with @napi-rs/canvas, placed on a page), and a
 * 'photo' of a printed list (rendered, rotated 2°, with noise, as a JPEG). Each has its expected rows
 * in expected.json. Run: npx tsx bench/converter-fixtures/make-fixtures.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';

const dir = import.meta.dirname;

export const schedules = {
  text: [
    ['Botanical Name', 'Common Name', 'Size', 'Qty'],
    ["Acer rubrum 'October Glory'", 'October Glory Red Maple', '2.5" cal B&B', '3'],
    ["Hydrangea paniculata 'Limelight'", 'Limelight Hydrangea', '#3', '25'],
    ["Buxus 'Green Velvet'", 'Green Velvet Boxwood', '#3', '40'],
    ['Betula nigra', 'River Birch', "8-10' multi-stem B&B", '2'],
    ["Calamagrostis x acutiflora 'Karl Foerster'", 'Feather Reed Grass', '#1', '60'],
  ],
  scanned: [
    ['Plant', 'Size', 'Qty'],
    ['Ilex glabra Shamrock', '#3', '18'],
    ['Thuja Green Giant', '6-8 ft B&B', '12'],
    ['Nepeta Walkers Low', '#1', '45'],
    ['Cornus florida', '2 in cal B&B', '4'],
  ],
  photo: [
    ['Plant', 'Size', 'Qty'],
    ['Viburnum dentatum', '#5', '9'],
    ['Itea virginica', '#3', '22'],
    ['Panicum virgatum', '#1', '36'],
    ['Quercus bicolor', '3 in cal B&B', '5'],
  ],
} as const;

const columnsX = (count: number) => (count === 4 ? [40, 290, 470, 610] : [40, 360, 560]);

function textPdf(rows: readonly (readonly string[])[], file: string) {
  return new Promise<void>((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 36 });
    const out = fs.createWriteStream(file);
    doc.pipe(out);
    doc.fontSize(16).text('Riverside Park: Planting Schedule', 40, 40);
    const x = columnsX(rows[0].length);
    rows.forEach((row, r) => {
      doc.fontSize(11).font(r === 0 ? 'Helvetica-Bold' : 'Helvetica');
      for (const [c, cell] of row.entries()) doc.text(cell, x[c], 90 + r * 24, { lineBreak: false });
    });
    doc.end();
    out.on('finish', () => resolve());
  });
}

function renderRows(rows: readonly (readonly string[])[], options: { rotate: number; noise: number }) {
  const width = 1400;
  const height = 120 + rows.length * 56;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((options.rotate * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = '#111';
  const x = rows[0].length === 4 ? [60, 560, 920, 1200] : [60, 760, 1160];
  rows.forEach((row, r) => {
    ctx.font = `${r === 0 ? 'bold ' : ''}34px sans-serif`;
    for (const [c, cell] of row.entries()) ctx.fillText(cell, x[c], 90 + r * 56);
  });
  ctx.restore();
  if (options.noise > 0) {
    const image = ctx.getImageData(0, 0, width, height);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let i = 0; i < image.data.length; i += 4) {
      const n = (random() - 0.5) * options.noise;
      for (let k = 0; k < 3; k++) image.data[i + k] = Math.max(0, Math.min(255, image.data[i + k] + n));
    }
    ctx.putImageData(image, 0, 0);
  }
  return canvas;
}

function imagePdf(image: Buffer, size: { width: number; height: number }, file: string) {
  return new Promise<void>((resolve) => {
    const doc = new PDFDocument({ size: [size.width / 2, size.height / 2], margin: 0 });
    const out = fs.createWriteStream(file);
    doc.pipe(out);
    doc.image(image, 0, 0, { width: size.width / 2, height: size.height / 2 });
    doc.end();
    out.on('finish', () => resolve());
  });
}

async function main() {
  await textPdf(schedules.text, path.join(dir, 'text-layer.pdf'));
  const scanned = renderRows(schedules.scanned, { rotate: 0.7, noise: 0 });
  await imagePdf(await scanned.encode('png'), scanned, path.join(dir, 'scanned.pdf'));
  const photo = renderRows(schedules.photo, { rotate: 2, noise: 60 });
  const jpeg = await photo.encode('jpeg', 70);
  fs.writeFileSync(path.join(dir, 'photo.jpg'), jpeg);
  await imagePdf(jpeg, photo, path.join(dir, 'photo.pdf'));
  const expected = {
    'text-layer.pdf': schedules.text,
    'scanned.pdf': schedules.scanned,
    'photo.pdf': schedules.photo,
    'photo.jpg': schedules.photo,
  };
  fs.writeFileSync(path.join(dir, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
}

await main();
