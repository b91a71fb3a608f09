import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  importLineSchema,
  importMessages,
  importModes,
  importViewSchema,
  lineOutcomes,
  matchImportLineSchema,
  maxImportBytes,
  updateImportSchema,
} from '../../../domain/imports/import-schemas';
import { recordIdParam } from '../../../domain/record-ids';
import { AppError } from '../../core/errors';
import { requireAuth } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { refuseNulText } from '../../http/hostile-input';
import * as imports from './imports.service';

const idParams = z.object({ id: recordIdParam() });
const lineParams = z.object({ id: recordIdParam(), lineId: recordIdParam() });
const importQuery = z.object({
  outcome: z.enum(lineOutcomes).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
});
const createdSchema = z.object({ id: z.number() }).meta({ id: 'ImportCreated' });

const fileRequired = () =>
  new AppError('invalid_data', importMessages.fileRequired, {
    fields: { file: importMessages.fileRequired },
  });

async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw fileRequired();
  let file: { filename: string; data: Buffer } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file === null && part.fieldname === 'file') {
          file = {
            filename: part.filename?.split(/[\\/]/).pop()?.trim() || 'upload',
            data: await part.toBuffer(),
          };
        } else {
          part.file.resume();
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('unprocessable', importMessages.tooLarge, { code: 'file_too_large' });
    }
    throw error;
  }
  if (!file || file.data.length === 0) throw fileRequired();
  refuseNulText(fields, { file: file.filename });
  const mode = (fields.mode ?? 'append').trim().toLowerCase();
  if (!(importModes as readonly string[]).includes(mode)) {
    throw new AppError('invalid_data', 'Choose append or replace', {
      fields: { mode: 'Choose append or replace' },
    });
  }
  return { ...file, mode: mode as (typeof importModes)[number] };
}

/** Spreadsheet imports (availability uploads per branch; the machinery issue 20's imports reuse). */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['imports'];
  await app.register(multipart, {
    limits: { fileSize: maxImportBytes, files: 2, fields: 10, fieldSize: 1000 },
  });

  app.post(
    '/api/v1/branches/:id/availability_imports',
    {
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: answers({ 201: createdSchema }, 400, 401, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireAuth(request);
      // The branch is checked before the file is read: another organisation's branch is 404.
      await imports.assertBranchAccess(deps.db, caller, request.params.id);
      const upload = await readUpload(request);
      const id = await imports.createAvailabilityImport(
        deps.db,
        deps.jobs,
        caller,
        request.params.id,
        upload,
      );
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/api/v1/availability_imports/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: importQuery,
        response: answers({ 200: importViewSchema }, 400, 401, 404),
      },
    },
    async (request) =>
      imports.getImport(deps.db, await requireAuth(request), request.params.id, request.query),
  );

  app.patch(
    '/api/v1/availability_imports/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateImportSchema,
        response: answers({ 204: noContent }, 400, 401, 404, 409),
      },
    },
    async (request, reply) => {
      await imports.updateImport(
        deps.db,
        deps.jobs,
        await requireAuth(request),
        request.params.id,
        request.body,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/availability_imports/:id/lines/:lineId/match',
    {
      schema: {
        tags,
        params: lineParams,
        body: matchImportLineSchema,
        response: answers({ 200: importLineSchema }, 400, 401, 404, 409),
      },
    },
    async (request) =>
      imports.matchLine(
        deps.db,
        await requireAuth(request),
        request.params.id,
        request.params.lineId,
        request.body.productVariantId,
      ),
  );

  app.post(
    '/api/v1/availability_imports/:id/apply',
    { schema: { tags, params: idParams, response: answers({ 204: noContent }, 400, 401, 404, 409) } },
    async (request, reply) => {
      await imports.applyImport(deps.db, deps.jobs, await requireAuth(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/availability_imports/:id/report',
    {
      schema: {
        tags,
        params: idParams,
        response: {
          ...answers({}, 400, 401, 404),
          200: fileAnswer('text/csv', 'Every line with its outcome'),
        },
      },
    },
    async (request, reply) => {
      const report = await imports.importReport(deps.db, await requireAuth(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report.filename}"`)
        .header('cache-control', 'no-store')
        .send(report.csv);
    },
  );
};
