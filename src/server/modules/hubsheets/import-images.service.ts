import type { ImportImageView } from '../../../domain/hubsheets/hubsheet-types';
import type { Caller } from '../../core/caller';
import type { Db, Executor } from '../../core/database';
import { AppError } from '../../core/errors';
import type { JobQueue, JobSender } from '../../jobs/job-queue';
import * as repo from './hubsheets.repository';
import {
  type CropArea,
  converterKindOf,
  converterMessages,
  convertFile,
  maxConverterBytes,
} from './image-converter';
import { storeImportList } from './import-lists.service';

export const importImageQueue = 'hubsheet-import-image';

export const importImageNotFoundMessage = 'This conversion was not found. Upload the file again.';

const problem = (message: string, code: string) => new AppError('unprocessable', message, { code });

/** Who may follow a conversion: its uploader and the uploader's organisation; everyone else gets 404. */
function canUse(caller: Caller, row: { userId: number; organizationId: number | null }) {
  return (
    row.userId === caller.user.id ||
    (row.organizationId !== null && row.organizationId === caller.user.organizationId)
  );
}

const view = (row: repo.ImportImageRow): ImportImageView => ({
  id: row.id,
  status: row.status as ImportImageView['status'],
  progress: row.progress,
  message: row.message,
  importListId: row.importListId,
});

/** Reads a crop drawn by the user (fractions of the page); null when absent or not a sensible area. */
export function readCrop(fields: Record<string, string>): CropArea | null {
  const values = ['crop_x', 'crop_y', 'crop_width', 'crop_height'].map((name) => Number(fields[name]));
  if (values.some((value) => !Number.isFinite(value))) return null;
  const [x, y, width, height] = values;
  if (x < 0 || y < 0 || width <= 0.02 || height <= 0.02 || x + width > 1.001 || y + height > 1.001)
    return null;
  return { x, y, width, height };
}

/** process_image / convert_pdf: stores the file and queues its conversion. */
export async function createImportImage(
  db: Executor,
  jobs: JobSender,
  caller: Caller,
  file: { filename: string; contentType: string | null; data: Buffer; crop: CropArea | null },
) {
  if (file.data.length === 0) throw problem(converterMessages.fileRequired, 'empty_file');
  if (file.data.length > maxConverterBytes) throw problem(converterMessages.tooLarge, 'file_too_large');
  if (!converterKindOf(file.filename, file.data))
    throw problem(converterMessages.unsupported, 'unsupported_file_type');
  const row = await repo.insertImportImage(db, {
    userId: caller.user.id,
    organizationId: caller.user.organizationId,
    filename: file.filename.slice(0, 255),
    contentType: file.contentType,
    byteSize: file.data.length,
    data: file.data,
    crop: file.crop,
  });
  await jobs.send(importImageQueue, { importImageId: row.id }, { db });
  return { id: row.id };
}

/** import_status. */
export async function getImportImage(db: Executor, caller: Caller, id: number) {
  const row = await repo.findImportImage(db, id);
  if (!row || !canUse(caller, row))
    throw new AppError('not_found', importImageNotFoundMessage, { code: 'import_image_not_found' });
  return view(row);
}

type Log = { error(object: object, message: string): void };

/** Registers the conversion job: reads the file, rebuilds its rows, stores them as an import list. */
export function registerImageConversion(jobs: JobQueue, db: Db, log: Log) {
  jobs.work<{ importImageId: number }>(importImageQueue, { retryLimit: 0 }, async ({ importImageId }) => {
    await convertImportImage(db, log, importImageId);
  });
}

export async function convertImportImage(db: Db, log: Log, id: number) {
  const row = await repo.findImportImage(db, id);
  if (!row || row.status === 'done' || !row.data) return;
  // PGlite answers bytea as a Uint8Array, node-postgres as a Buffer.
  const data = Buffer.from(row.data);
  await repo.updateImportImage(db, id, { status: 'processing', progress: 5, message: 'Starting' });
  try {
    const conversion = await convertFile(
      { filename: row.filename, data },
      {
        crop: row.crop,
        onProgress: (progress, message) => repo.updateImportImage(db, id, { progress, message }),
      },
    );
    if (conversion.rows.filter((cells) => cells.filter(Boolean).length >= 2).length < 1)
      throw problem(converterMessages.noTable, 'no_table');
    const list = await db.transaction(async (tx) => {
      const stored = await storeImportList(
        tx,
        { userId: row.userId, organizationId: row.organizationId },
        { userId: row.userId },
        {
          filename: row.filename,
          contentType: row.contentType,
          data,
          headersIncluded: true,
          rows: conversion.rows,
        },
      ).catch(async (error) => {
        // A table without a header row: its columns are suggested from their content.
        if ((error as AppError).code !== 'no_headers') throw error;
        return storeImportList(
          tx,
          { userId: row.userId, organizationId: row.organizationId },
          { userId: row.userId },
          {
            filename: row.filename,
            contentType: row.contentType,
            data,
            headersIncluded: false,
            rows: conversion.rows,
          },
        );
      });
      await repo.updateImportImage(tx, id, {
        status: 'done',
        progress: 100,
        message: `Read ${conversion.pages} ${conversion.pages === 1 ? 'page' : 'pages'}`,
        importListId: stored.id,
        data: null,
      });
      return stored;
    });
    return list;
  } catch (error) {
    const message = error instanceof AppError ? error.message : converterMessages.unreadable;
    if (!(error instanceof AppError))
      log.error({ err: error, importImageId: id }, 'converting a file failed');
    await repo.updateImportImage(db, id, { status: 'failed', progress: 100, message, data: null });
  }
}
