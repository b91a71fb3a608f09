import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  photoRequestCountsSchema,
  photoRequestInputSchema,
  photoRequestViewSchema,
} from '../../../domain/catalog/photo-requests';
import {
  maxPhotoBytes,
  maxPhotosPerUpload,
  photoContentTypes,
  photoMessages,
} from '../../../domain/catalog/product-photos';
import { recordIdParam } from '../../../domain/record-ids';
import { AppError } from '../../core/errors';
import { requireSiteUser } from '../../http/auth';
import { clientToday } from '../../http/client-date';
import { answers } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { refuseNulText } from '../../http/hostile-input';
import type { PhotoUpload } from '../catalog/product-images.service';
import * as photoRequests from './photo-requests.service';

const idParams = z.object({ id: recordIdParam('Choose a photo request') });
const photoParams = idParams.extend({ photoId: recordIdParam('Choose a photo') });
const sizeQuery = z.object({
  size: z.enum(['small', 'mini'], { error: 'Choose the size small or mini' }).optional(),
});

const photosInvalid = (message: string) =>
  new AppError('invalid_data', message, { fields: { photos: message } });

/** The reply's photos (`photos[]`, `photos` or `file` parts) and fields (pictureTakenOn, public, message). */
async function readReply(request: FastifyRequest): Promise<PhotoUpload> {
  if (!request.isMultipart()) throw photosInvalid(photoMessages.photoRequired);
  const upload: PhotoUpload = { files: [], fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!['photos', 'photos[]', 'file'].includes(part.fieldname)) {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        if (data.length === 0 && !part.filename) continue;
        upload.files.push({
          filename: part.filename?.split(/[\\/]/).pop() ?? 'photo',
          data,
          truncated: part.file.truncated,
        });
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photosInvalid(photoMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw photosInvalid(photoMessages.tooMany);
    throw error;
  }
  refuseNulText(upload.fields, { photos: upload.files.map((file) => file.filename).join('') });
  return upload;
}

/** Photo requests and their replies (issue 16; spec part 3 §2.5, §3, §5, §7.3). */
export const photoRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['messages'];
  await app.register(multipart, {
    limits: { fileSize: maxPhotoBytes, files: maxPhotosPerUpload + 1, fields: 8, fieldSize: 16 * 1024 },
  });

  app.post(
    '/api/v1/photo_requests',
    {
      schema: {
        tags,
        body: photoRequestInputSchema,
        response: answers({ 201: photoRequestViewSchema }, 400, 401, 403, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      return reply
        .code(201)
        .send(await photoRequests.createPhotoRequest(deps.db, deps, caller, request.body));
    },
  );

  app.get(
    '/api/v1/photo_requests/count_by_branch',
    { schema: { tags, response: answers({ 200: photoRequestCountsSchema }, 401, 403) } },
    async (request) => photoRequests.countByBranch(deps.db, await requireSiteUser(request)),
  );

  app.get(
    '/api/v1/photo_requests/:id',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: photoRequestViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request) =>
      photoRequests.getPhotoRequest(deps.db, await requireSiteUser(request), request.params.id),
  );

  app.post(
    '/api/v1/photo_requests/:id/replies',
    {
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: answers({ 201: photoRequestViewSchema }, 400, 401, 403, 404, 409, 413),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const upload = await readReply(request);
      const answered = await photoRequests.replyWithPhotos(
        deps.db,
        deps.storage,
        caller,
        request.params.id,
        upload,
        clientToday(request),
      );
      return reply.code(201).send(answered);
    },
  );

  app.delete(
    '/api/v1/photo_requests/:id/replies',
    {
      schema: {
        tags,
        params: idParams,
        response: answers({ 200: photoRequestViewSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request) =>
      photoRequests.undoReply(deps.db, deps.storage, await requireSiteUser(request), request.params.id),
  );

  app.get(
    '/api/v1/photo_requests/:id/photos/:photoId',
    {
      schema: {
        tags,
        params: photoParams,
        querystring: sizeQuery,
        response: {
          ...answers({}, 400, 401, 403, 404),
          200: fileAnswer([...photoContentTypes, 'image/webp'], 'A photo of the reply, or one of its sizes'),
        },
      },
    },
    async (request, reply) => {
      const file = await photoRequests.readRequestPhoto(
        deps.db,
        deps.storage,
        await requireSiteUser(request),
        request.params.id,
        request.params.photoId,
        request.query.size,
      );
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
