import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogImportListItemSchema,
  catalogImportMessages,
  fixImportLineSchema,
  importKinds,
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
import { requireAuth, requirePermission } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { refuseNulText } from '../../http/hostile-input';
import { listEnvelopeSchema, listResponse, pagingQuery } from '../../http/list';
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
  return { ...file, mode: mode as (typeof importModes)[number], fields };
}

const optionalId = (fields: Record<string, string>, name: string) => {
  const text = (fields[name] ?? '').trim();
  if (text === '') return null;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new AppError('invalid_data', 'Choose from the list', {
      fields: { [name]: 'Choose from the list' },
    });
  }
  return value;
};

const staffConfig = { permission: 'manage_catalog' } as const;
const staffListQuery = z.object({
  kind: z.enum(importKinds).optional(),
  page: pagingQuery.page,
  perPage: pagingQuery.perPage,
});

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

  // ---------- Beehive: catalogue imports (issue 20), the same machine run by staff for every kind

  app.get(
    '/api/internal/catalog_imports',
    {
      config: staffConfig,
      schema: {
        tags,
        querystring: staffListQuery,
        response: answers({ 200: listEnvelopeSchema(catalogImportListItemSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'manage_catalog');
      const { page, perPage, kind } = request.query;
      const { rows, total } = await imports.listImportsForStaff(deps.db, { kind, page, perPage });
      return listResponse(rows, total, page, perPage);
    },
  );

  app.post(
    '/api/internal/catalog_imports',
    {
      config: staffConfig,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: answers({ 201: createdSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'manage_catalog');
      const { fields, ...upload } = await readUpload(request);
      const kind = (fields.kind ?? '').trim();
      if (!(importKinds as readonly string[]).includes(kind)) {
        throw new AppError('invalid_data', catalogImportMessages.kindRequired, {
          fields: { kind: catalogImportMessages.kindRequired },
        });
      }
      const id = await imports.createCatalogImport(deps.db, deps.jobs, caller, {
        kind: kind as (typeof importKinds)[number],
        branchId: optionalId(fields, 'branchId'),
        organizationId: optionalId(fields, 'organizationId'),
        upload,
      });
      return reply.code(201).send({ id });
    },
  );

  app.get(
    '/api/internal/catalog_imports/:id',
    {
      config: staffConfig,
      schema: {
        tags,
        params: idParams,
        querystring: importQuery,
        response: answers({ 200: importViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request) =>
      imports.getImport(
        deps.db,
        await requirePermission(request, 'manage_catalog'),
        request.params.id,
        request.query,
        'staff',
      ),
  );

  app.patch(
    '/api/internal/catalog_imports/:id',
    {
      config: staffConfig,
      schema: {
        tags,
        params: idParams,
        body: updateImportSchema,
        response: answers({ 204: noContent }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'manage_catalog');
      await imports.updateImport(deps.db, deps.jobs, caller, request.params.id, request.body, 'staff');
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/internal/catalog_imports/:id/lines/:lineId',
    {
      config: staffConfig,
      schema: {
        tags,
        params: lineParams,
        body: fixImportLineSchema,
        response: answers({ 204: noContent }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'manage_catalog');
      await imports.fixLine(
        deps.db,
        deps.jobs,
        caller,
        request.params.id,
        request.params.lineId,
        request.body.cells,
        'staff',
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/internal/catalog_imports/:id/lines/:lineId/match',
    {
      config: staffConfig,
      schema: {
        tags,
        params: lineParams,
        body: matchImportLineSchema,
        response: answers({ 200: importLineSchema }, 400, 401, 403, 404, 409, 422),
      },
    },
    async (request) =>
      imports.matchLine(
        deps.db,
        await requirePermission(request, 'manage_catalog'),
        request.params.id,
        request.params.lineId,
        request.body.productVariantId,
        'staff',
      ),
  );

  app.post(
    '/api/internal/catalog_imports/:id/apply',
    {
      config: staffConfig,
      schema: { tags, params: idParams, response: answers({ 204: noContent }, 400, 401, 403, 404, 409) },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'manage_catalog');
      await imports.applyImport(deps.db, deps.jobs, caller, request.params.id, 'staff');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/internal/catalog_imports/:id/report',
    {
      config: staffConfig,
      schema: {
        tags,
        params: idParams,
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer('text/csv', 'Every line with its outcome'),
        },
      },
    },
    async (request, reply) => {
      const caller = await requirePermission(request, 'manage_catalog');
      const report = await imports.importReport(deps.db, caller, request.params.id, 'staff');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report.filename}"`)
        .header('cache-control', 'no-store')
        .send(report.csv);
    },
  );
};
