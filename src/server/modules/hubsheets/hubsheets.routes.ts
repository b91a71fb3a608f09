import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../../../domain/access';
import { flagsForUser } from '../../../domain/features';
import {
  addListItemSchema,
  createHubsheetSchema,
  importMappingSchema,
  reorderListItemsSchema,
  updateHubsheetSchema,
  updateListItemSchema,
} from '../../../domain/hubsheets/hubsheet-schemas';
import {
  createdHubsheetSchema,
  hubsheetSummarySchema,
  hubsheetViewSchema,
  importImageCreatedSchema,
  importImageViewSchema,
  importListViewSchema,
  listItemViewSchema,
  matchingProgressSchema,
  requiredHeadersMissingSchema,
} from '../../../domain/hubsheets/hubsheet-types';
import { recordIdParam } from '../../../domain/record-ids';
import { AppError } from '../../core/errors';
import { requireSiteUser } from '../../http/auth';
import { clientToday } from '../../http/client-date';
import { answers, errorBodySchema, noContent } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { refuseNulText } from '../../http/hostile-input';
import { listEnvelopeSchema, pagingQuery } from '../../http/list';
import { assertNamesAField } from '../../http/patch-bodies';
import * as features from '../features/features.service';
import { hubsheetTemplateCsv } from './hubsheet-template';
import * as hubsheets from './hubsheets.service';
import { converterMessages, maxConverterBytes, pdfFirstPage } from './image-converter';
import { importFileMessages, maxImportBytes } from './import-files';
import * as importImages from './import-images.service';
import * as importLists from './import-lists.service';
import { warmMatchingIndex } from './matching/match-lines';

const idParams = z.object({ id: recordIdParam('Choose a hubsheet') });
const itemParams = z.object({ id: recordIdParam('Choose a line') });

const sortFields = ['name', 'createdAt', 'updatedAt'] as const;
const sortSchema = z
  .string()
  .regex(new RegExp(`^(${sortFields.join('|')})\\|(asc|desc)$`), {
    error: `Sort by one of ${sortFields.join(', ')} with |asc or |desc`,
  })
  .transform((value) => {
    const [field, direction] = value.split('|');
    return { field: field as (typeof sortFields)[number], direction: direction as 'asc' | 'desc' };
  });

const listQuery = z.object({
  query: pagingQuery.query,
  sort: sortSchema.optional(),
  page: pagingQuery.page,
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

// Every route but the template is for a signed-in site user (401, 403 no_site_use); a hubsheet, list
// or line of another organisation is 404.
const hubsheetAnswer = answers({ 200: hubsheetViewSchema }, 400, 401, 403, 404);
const importListAnswer = answers({ 200: importListViewSchema }, 400, 401, 403, 404, 422);
const deleted = answers({ 204: noContent }, 400, 401, 403, 404);
// An upload answers 422 with the list itself when its required columns were not recognised, so the
// mapping step can follow; other refusals of the file are the plain envelope.
const uploadRefused = z.union([requiredHeadersMissingSchema, errorBodySchema]);

const sizeOptionsQuery = z.object({ productId: recordIdParam().optional() });

/** Parses a body by a schema that depends on the request (the user's day), with field messages like route validation. */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new AppError('invalid_data', Object.values(fields)[0] ?? 'Invalid request', { fields });
}

/** The file's own name: some browsers send the whole path ('C:\\fakepath\\list.csv'). */
const baseName = (filename: string | undefined) => filename?.split(/[\\/]/).pop()?.trim() || 'upload';

/** The uploaded file and the headers checkbox of a multipart upload; only the first file counts. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('invalid_data', importFileMessages.fileRequired, { code: 'file_required' });
  }
  let file: { filename: string; contentType: string | null; data: Buffer } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file === null && (part.fieldname === 'file' || part.fieldname === 'importFile')) {
          file = {
            filename: baseName(part.filename),
            contentType: part.mimetype ?? null,
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
      throw new AppError('unprocessable', importFileMessages.tooLarge, { code: 'file_too_large' });
    }
    throw error;
  }
  if (!file) throw new AppError('invalid_data', importFileMessages.fileRequired, { code: 'file_required' });
  // Form fields and the file name are text like any other: a NUL is refused, as in JSON bodies.
  refuseNulText(fields, { file: file.filename });
  const flag = (fields.headers_included ?? fields.headersIncluded ?? 'true').trim().toLowerCase();
  return { ...file, headersIncluded: !['false', '0', 'off', 'no'].includes(flag) };
}

/** The converter's upload: one .pdf/.jpg/.jpeg/.png up to 20 MB, and the area drawn (crop_x, …). */
async function readConverterUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('invalid_data', converterMessages.fileRequired, { code: 'file_required' });
  }
  let file: { filename: string; contentType: string | null; data: Buffer } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxConverterBytes, files: 2, fields: 10 },
    })) {
      if (part.type === 'file') {
        if (file === null && part.fieldname === 'file') {
          file = {
            filename: baseName(part.filename),
            contentType: part.mimetype ?? null,
            data: await part.toBuffer(),
          };
        } else part.file.resume();
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('unprocessable', converterMessages.tooLarge, { code: 'file_too_large' });
    }
    throw error;
  }
  if (!file) throw new AppError('invalid_data', converterMessages.fileRequired, { code: 'file_required' });
  refuseNulText(fields, { file: file.filename });
  return { ...file, crop: importImages.readCrop(fields) };
}

/** Hubsheets, import lists and list items (issue 5; spec part 2 §2–§9). */
export const hubsheetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['hubsheets'];
  app.addHook('onReady', async () => {
    // The matcher's catalogue index is built ahead of the first import, so that one is fast too.
    void warmMatchingIndex(deps.db).catch((error) =>
      app.log.error({ err: error }, 'could not build the matching index'),
    );
  });

  // Extra files beyond the first are drained and ignored; one field is the headers checkbox.
  await app.register(multipart, {
    limits: { fileSize: maxImportBytes, files: 5, fields: 20, fieldSize: 1000 },
  });

  // ---------- the CSV template (a plain route: it takes precedence over the web app's fallback)

  app.get(
    '/hubsheets/template',
    { schema: { tags, response: { 200: fileAnswer('text/csv', 'The hubsheet CSV template') } } },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="hubsheet-template.csv"')
        .header('cache-control', 'no-cache')
        .send(hubsheetTemplateCsv()),
  );

  // ---------- import lists

  app.post(
    '/api/v1/import_lists',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { ...answers({ 201: importListViewSchema }, 400, 401, 403), 422: uploadRefused },
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const upload = await readUpload(request);
      const view = await importLists.createImportList(deps.db, caller, upload);
      if (view.missingHeaders.length > 0)
        return reply.code(422).send(importLists.requiredHeadersMissing(view));
      return reply.code(201).send(view);
    },
  );

  // ---------- the image/PDF converter (IMAGE_CONVERTER): process_image, convert_pdf, import_status

  /** A signed-in site user for whom IMAGE_CONVERTER is on; 404 when it is off. */
  async function requireConverterUser(request: FastifyRequest) {
    const caller = await requireSiteUser(request);
    const converterOn = await features.isEnabled(deps.features, 'IMAGE_CONVERTER', {
      userId: caller.user.id,
      organizationId: caller.user.organizationId,
      flags: flagsForUser({
        admin: isAdmin(caller.user),
        supplier: caller.profile.branches.length > 0,
        activated: caller.user.activated,
      }),
    });
    if (!converterOn) throw new AppError('not_found', 'Not found', { code: 'feature_off' });
    return caller;
  }

  app.post(
    '/api/v1/import_images',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: answers({ 201: importImageCreatedSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireConverterUser(request);
      const upload = await readConverterUpload(request);
      const created = await importImages.createImportImage(deps.db, deps.jobs, caller, upload);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/v1/import_images/page_preview',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: {
          ...answers({}, 400, 401, 403, 404, 422),
          200: fileAnswer('image/png', "The PDF's first page, to draw the table's area on"),
        },
      },
    },
    async (request, reply) => {
      await requireConverterUser(request);
      const upload = await readConverterUpload(request);
      const png = await pdfFirstPage(upload);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );

  app.get(
    '/api/v1/import_images/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: importImageViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return importImages.getImportImage(deps.db, caller, request.params.id);
    },
  );

  app.get(
    '/api/v1/import_lists/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: importListViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return importLists.getImportList(deps.db, caller, request.params.id);
    },
  );

  app.patch(
    '/api/v1/import_lists/:id',
    { schema: { tags, params: idParams, body: importMappingSchema, response: importListAnswer } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return importLists.updateMapping(deps.db, caller, request.params.id, request.body);
    },
  );

  // ---------- hubsheets

  app.get(
    '/api/v1/hubsheets',
    {
      schema: {
        tags,
        querystring: listQuery,
        response: answers({ 200: listEnvelopeSchema(hubsheetSummarySchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return hubsheets.listHubsheets(deps.db, caller, request.query);
    },
  );

  app.post(
    '/api/v1/hubsheets',
    {
      schema: {
        tags,
        // The declared body checks the form; the job date's "not before today" needs the caller's
        // day, so the handler parses once more with it.
        body: createHubsheetSchema(),
        response: answers({ 201: createdHubsheetSchema }, 400, 401, 403, 404, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const input = parseBody(createHubsheetSchema(clientToday(request)), request.body);
      const created = await hubsheets.createHubsheet(deps.db, caller, input, deps.jobs);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/v1/hubsheets/:id',
    { schema: { tags, params: idParams, response: hubsheetAnswer } },
    async (request) => {
      const caller = await requireSiteUser(request);
      return hubsheets.getHubsheet(deps.db, caller, request.params.id);
    },
  );

  app.get(
    '/api/v1/hubsheets/:id/matching',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: matchingProgressSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return hubsheets.getMatchingProgress(deps.db, caller, request.params.id);
    },
  );

  app.patch(
    '/api/v1/hubsheets/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateHubsheetSchema(),
        response: answers({ 200: hubsheetViewSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      const input = parseBody(updateHubsheetSchema(clientToday(request)), request.body);
      assertNamesAField(input);
      return hubsheets.updateHubsheet(deps.db, caller, request.params.id, input);
    },
  );

  app.delete(
    '/api/v1/hubsheets/:id',
    { schema: { tags, params: idParams, response: deleted } },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      await hubsheets.deleteHubsheet(deps.db, caller, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------- list items

  app.post(
    '/api/v1/hubsheets/:id/list_items',
    {
      schema: {
        tags,
        params: idParams,
        body: addListItemSchema,
        response: answers({ 201: listItemViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      reply.code(201);
      return hubsheets.addListItem(deps.db, caller, request.params.id, request.body);
    },
  );

  app.post(
    '/api/v1/list_items/reorder',
    {
      schema: {
        tags,
        body: reorderListItemsSchema,
        response: answers(
          { 200: z.object({ listItems: z.array(z.object({ id: z.number(), position: z.number() })) }) },
          400,
          401,
          403,
          404,
          409,
        ),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return hubsheets.reorderListItems(deps.db, caller, request.body);
    },
  );

  app.patch(
    '/api/v1/list_items/:id',
    {
      schema: {
        tags,
        params: itemParams,
        body: updateListItemSchema,
        response: answers({ 200: listItemViewSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return hubsheets.updateListItem(deps.db, caller, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/v1/list_items/:id',
    { schema: { tags, params: itemParams, response: deleted } },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      await hubsheets.deleteListItem(deps.db, caller, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/list_items/:id/product_size_options',
    {
      schema: {
        tags,
        params: itemParams,
        querystring: sizeOptionsQuery,
        response: answers(
          { 200: z.object({ results: z.array(z.object({ id: z.number(), size: z.string() })) }) },
          400,
          401,
          403,
          404,
        ),
      },
    },
    async (request) => {
      const caller = await requireSiteUser(request);
      return hubsheets.productSizeOptions(deps.db, caller, request.params.id, request.query.productId);
    },
  );
};
