import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachmentTypes,
  maxAttachmentBytes,
  maxAttachmentsPerMessage,
  messageTexts,
} from '../../../domain/messages/message-types';
import {
  assignOwnerSchema,
  bulkUpdateSchema,
  feedMessageSchema,
  filterOptionsSchema,
  messageListQuerySchema,
  messageListSchema,
  replySchema,
  threadFeedSchema,
  threadIdsSchema,
  unreadCountsSchema,
} from '../../../domain/messages/message-views';
import { recordIdParam } from '../../../domain/record-ids';
import { AppError } from '../../core/errors';
import { requireSiteUser } from '../../http/auth';
import { answers } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { refuseNulText } from '../../http/hostile-input';
import * as feed from './message-feed.service';
import * as inbox from './message-inbox.service';
import * as replies from './message-replies.service';

const threadParams = z.object({ threadId: recordIdParam('Choose a message thread') });
const idParams = z.object({ id: recordIdParam() });
const fileQuery = z.object({ download: z.enum(['1', 'true']).optional() });

const invalidFiles = (message: string) =>
  new AppError('invalid_data', message, { fields: { files: message } });

/** The text and files of a reply: a JSON body { content }, or a multipart form (content, files). */
async function readReply(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const parsed = replySchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? messageTexts.contentRequired;
      throw new AppError('invalid_data', message, { fields: { content: message } });
    }
    return { content: parsed.data.content as unknown, files: [] as replies.UploadedFile[] };
  }
  const files: replies.UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A browser sends an empty part for an empty file input: no file.
        if (data.length === 0 && !part.filename) continue;
        files.push({
          filename: part.filename?.split(/[\\/]/).pop() || 'attachment',
          data,
          truncated: part.file.truncated,
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalidFiles(messageTexts.attachmentTooLarge);
    if (code === 'FST_FILES_LIMIT') throw invalidFiles(messageTexts.tooManyAttachments);
    throw error;
  }
  refuseNulText(fields, { files: files.map((file) => file.filename).join('') });
  return { content: fields.content as unknown, files };
}

/** Messages, threads, the event feed and attachments (issue 15; spec part 3 §2.4, §2.5, §7.3). */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['messages'];
  await app.register(multipart, {
    limits: {
      fileSize: maxAttachmentBytes,
      files: maxAttachmentsPerMessage + 1,
      fields: 5,
      fieldSize: 64 * 1024,
    },
  });

  app.get(
    '/api/v1/messages',
    {
      schema: {
        tags,
        querystring: messageListQuerySchema,
        response: answers({ 200: messageListSchema }, 400, 401, 403),
      },
    },
    async (request) => inbox.listMessages(deps.db, await requireSiteUser(request), request.query),
  );

  app.post(
    '/api/v1/messages/bulk_update',
    {
      schema: {
        tags,
        body: bulkUpdateSchema,
        response: answers(
          { 200: z.object({ ids: z.array(z.number()), responseStatus: z.enum(['unread', 'read']) }) },
          400,
          401,
          403,
          404,
        ),
      },
    },
    async (request) => inbox.bulkUpdate(deps.db, await requireSiteUser(request), request.body),
  );

  app.get(
    '/api/v1/messages/filter_options',
    { schema: { tags, response: answers({ 200: filterOptionsSchema }, 401, 403) } },
    async (request) => inbox.filterOptions(deps.db, await requireSiteUser(request)),
  );

  app.get(
    '/api/v1/message_threads/unread_count',
    { schema: { tags, response: answers({ 200: unreadCountsSchema }, 401, 403) } },
    async (request) => inbox.unreadCounts(deps.db, await requireSiteUser(request)),
  );

  app.post(
    '/api/v1/message_threads/archive_threads',
    {
      schema: {
        tags,
        body: threadIdsSchema,
        response: answers({ 200: z.object({ archived: z.array(z.number()) }) }, 400, 401, 403, 404),
      },
    },
    async (request) => ({
      archived: await inbox.setThreadsArchived(
        deps.db,
        await requireSiteUser(request),
        request.body.threadIds,
        true,
      ),
    }),
  );

  app.post(
    '/api/v1/message_threads/unarchive_threads',
    {
      schema: {
        tags,
        body: threadIdsSchema,
        response: answers({ 200: z.object({ unarchived: z.array(z.number()) }) }, 400, 401, 403, 404),
      },
    },
    async (request) => ({
      unarchived: await inbox.setThreadsArchived(
        deps.db,
        await requireSiteUser(request),
        request.body.threadIds,
        false,
      ),
    }),
  );

  app.get(
    '/api/v1/message_threads/:threadId/messages',
    {
      schema: {
        tags,
        params: threadParams,
        response: answers({ 200: threadFeedSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => feed.threadFeed(deps.db, await requireSiteUser(request), request.params.threadId),
  );

  app.post(
    '/api/v1/message_threads/:threadId/messages',
    {
      schema: {
        tags,
        params: threadParams,
        consumes: ['application/json', 'multipart/form-data'],
        response: answers({ 201: feedMessageSchema }, 400, 401, 403, 404, 413),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const input = await readReply(request);
      const message = await replies.reply(deps.db, deps.storage, caller, request.params.threadId, input);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/api/v1/message_threads/:threadId/assign_owner',
    {
      schema: {
        tags,
        params: threadParams,
        body: assignOwnerSchema,
        response: answers({ 200: threadFeedSchema }, 400, 401, 403, 404),
      },
    },
    async (request) =>
      inbox.assignOwner(
        deps.db,
        await requireSiteUser(request),
        request.params.threadId,
        request.body.userId,
      ),
  );

  app.get(
    '/api/v1/orders/:id/message_thread',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: z.object({ threadId: z.number() }) }, 400, 401, 403, 404),
      },
    },
    async (request) => feed.orderThreadId(deps.db, await requireSiteUser(request), request.params.id),
  );

  app.get(
    '/api/v1/message_attachments/:id/file',
    {
      schema: {
        tags,
        params: idParams,
        querystring: fileQuery,
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer([...new Set(Object.values(attachmentTypes))], 'The attached file'),
        },
      },
    },
    async (request, reply) => {
      const file = await replies.readAttachment(
        deps.db,
        deps.storage,
        await requireSiteUser(request),
        request.params.id,
      );
      const disposition = request.query.download ? 'attachment' : 'inline';
      const asciiName = file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .type(file.contentType)
        .header(
          'content-disposition',
          `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
