import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdParam } from '../../../domain/record-ids';
import {
  assignSchema,
  maxAttachmentBytes,
  replySchema,
  resolveSchema,
  supportRequestInputSchema,
  supportRequestMessages,
  supportRequestSchema,
  supportRequestStatuses,
} from '../../../domain/support/support-requests';
import { AppError } from '../../core/errors';
import { optionalAuth, requirePermission } from '../../http/auth';
import { answers } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { refuseNulText } from '../../http/hostile-input';
import { listEnvelopeSchema, listResponse, pagingQuery } from '../../http/list';
import * as support from './support.service';

const idParams = z.object({ id: recordIdParam() });
const createdSchema = z.object({ id: z.number(), message: z.string() }).meta({ id: 'SupportRequestCreated' });
const assigneeSchema = z.object({ id: z.number(), fullName: z.string(), email: z.string() });
const config = { permission: 'manage_support_requests' } as const;
// Anyone may write, so the form is limited per address: enough for a person, useless for a flood.
const publicLimit = { rateLimit: { max: 5, timeWindow: '1 minute' } };

/** The multipart form of 'Send Us Your List': the request's fields and the list as `file`. */
async function readListForm(request: FastifyRequest) {
  const required = () =>
    new AppError('invalid_data', supportRequestMessages.attachmentRequired, {
      fields: { file: supportRequestMessages.attachmentRequired },
    });
  if (!request.isMultipart()) throw required();
  let file: support.Attachment | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file === null && part.fieldname === 'file') {
          file = {
            filename: part.filename?.split(/[\\/]/).pop()?.trim() || 'list',
            contentType: part.mimetype,
            data: await part.toBuffer(),
          };
        } else part.file.resume();
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('invalid_data', supportRequestMessages.attachmentSize, {
        fields: { file: supportRequestMessages.attachmentSize },
      });
    }
    throw error;
  }
  refuseNulText(fields, file ? { file: file.filename } : {});
  const parsed = supportRequestInputSchema.safeParse(fields);
  const problems: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
  }
  if (!file || file.data.length === 0) problems.file = supportRequestMessages.attachmentRequired;
  // All field errors at once, the file's with the others'.
  if (!parsed.success || !file || file.data.length === 0) {
    throw new AppError('invalid_data', Object.values(problems)[0] ?? 'Check the form', { fields: problems });
  }
  return { input: parsed.data, file };
}

/** Support requests: the Contact Us form and 'Send Us Your List' (anyone), and Beehive's queue. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['support'];
  await app.register(multipart, {
    limits: { fileSize: maxAttachmentBytes, files: 1, fields: 10, fieldSize: 10_000 },
  });

  app.post(
    '/api/v1/support_requests',
    {
      config: publicLimit,
      schema: { tags, body: supportRequestInputSchema, response: answers({ 201: createdSchema }, 400, 429) },
    },
    async (request, reply) => {
      const caller = await optionalAuth(request);
      const created = await support.createSupportRequest(deps, caller, request.body, null);
      return reply.code(201).send({ ...created, message: supportRequestMessages.sent });
    },
  );

  app.post(
    '/api/v1/support_requests/lists',
    {
      config: publicLimit,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: answers({ 201: createdSchema }, 400, 429),
      },
    },
    async (request, reply) => {
      const caller = await optionalAuth(request);
      const { input, file } = await readListForm(request);
      const created = await support.createSupportRequest(deps, caller, input, file);
      return reply.code(201).send({ ...created, message: supportRequestMessages.sent });
    },
  );

  app.get(
    '/api/internal/support_requests',
    {
      config,
      schema: {
        tags: ['admin'],
        querystring: z.object({
          ...pagingQuery,
          status: z.enum(supportRequestStatuses).optional(),
          assigneeUserId: z.coerce.number().int().positive().optional(),
        }),
        response: answers({ 200: listEnvelopeSchema(supportRequestSchema) }, 400, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'manage_support_requests');
      const { page, perPage } = request.query;
      const { rows, total } = await support.listSupportRequests(deps.db, request.query);
      return listResponse(rows, total, page, perPage);
    },
  );

  app.get(
    '/api/internal/support_requests/assignees',
    {
      config,
      schema: {
        tags: ['admin'],
        response: answers({ 200: z.object({ results: z.array(assigneeSchema) }) }, 401, 403),
      },
    },
    async (request) => {
      await requirePermission(request, 'manage_support_requests');
      return { results: await support.listAssignees(deps.db) };
    },
  );

  app.get(
    '/api/internal/support_requests/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        params: idParams,
        response: answers({ 200: supportRequestSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      await requirePermission(request, 'manage_support_requests');
      return support.getSupportRequest(deps.db, request.params.id);
    },
  );

  app.get(
    '/api/internal/support_requests/:id/attachment',
    {
      config,
      schema: {
        tags: ['admin'],
        params: idParams,
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer('application/octet-stream', 'The attached list'),
        },
      },
    },
    async (request, reply) => {
      await requirePermission(request, 'manage_support_requests');
      const file = await support.attachmentOf(deps, request.params.id);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
        .header('cache-control', 'no-store')
        .send(file.data);
    },
  );

  app.patch(
    '/api/internal/support_requests/:id',
    {
      config,
      schema: {
        tags: ['admin'],
        params: idParams,
        body: assignSchema,
        response: answers({ 200: supportRequestSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_support_requests');
      return support.assign(deps.db, caller, request.params.id, request.body.assigneeUserId);
    },
  );

  app.post(
    '/api/internal/support_requests/:id/reply',
    {
      config,
      schema: {
        tags: ['admin'],
        params: idParams,
        body: replySchema,
        response: answers({ 200: supportRequestSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_support_requests');
      return support.answer(deps, caller, request.params.id, { reply: request.body.reply, resolve: false });
    },
  );

  app.post(
    '/api/internal/support_requests/:id/resolve',
    {
      config,
      schema: {
        tags: ['admin'],
        params: idParams,
        body: resolveSchema,
        response: answers({ 200: supportRequestSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      const caller = await requirePermission(request, 'manage_support_requests');
      return support.answer(deps, caller, request.params.id, { reply: request.body.reply, resolve: true });
    },
  );
};
