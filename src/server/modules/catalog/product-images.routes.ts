import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productImageListSchema } from '../../../domain/catalog/catalog-views';
import {
  maxPhotoBytes,
  maxPhotosPerUpload,
  photoContentTypes,
  photoMessages,
} from '../../../domain/catalog/product-photos';
import { recordIdParam } from '../../../domain/record-ids';
import { AppError } from '../../core/errors';
import { optionalAuth, requireSiteUser } from '../../http/auth';
import { clientToday } from '../../http/client-date';
import { answers, noContent } from '../../http/contract';
import { fileAnswer } from '../../http/file-answers';
import { refuseNulText } from '../../http/hostile-input';
import * as images from './product-images.service';

const productParams = z.object({ productId: recordIdParam() });
const imageParams = z.object({ id: recordIdParam() });
const fileQuery = z.object({
  download: z.enum(['1', 'true']).optional(),
  // The spec's size variants (WebP); without it, the original file.
  size: z.enum(['small', 'mini'], { error: 'Choose the size small or mini' }).optional(),
});

const photosInvalid = (message: string) =>
  new AppError('invalid_data', message, { fields: { photos: message } });

/** The photos and form fields of a multipart upload ('photos' or 'file' parts). */
async function readPhotoUpload(request: FastifyRequest): Promise<images.PhotoUpload> {
  if (!request.isMultipart()) throw photosInvalid(photoMessages.photoRequired);
  const upload: images.PhotoUpload = { files: [], fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photos' && part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        // A browser sends an empty part for an empty file input: no photo.
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
  // Form fields and file names are text like any other: a NUL is refused, as in JSON bodies.
  refuseNulText(upload.fields, { photos: upload.files.map((file) => file.filename).join('') });
  return upload;
}

/** Photos of products (part 2 §2 image lightbox, part 2 §3 Image entry). */
export const productImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['catalog'];
  await app.register(multipart, {
    limits: { fileSize: maxPhotoBytes, files: maxPhotosPerUpload + 1, fields: 10, fieldSize: 200 },
  });

  app.get(
    '/api/v1/products/:productId/images',
    { schema: { tags, params: productParams, response: answers({ 200: productImageListSchema }, 400) } },
    async (request) => ({
      results: await images.listProductImages(deps.db, await optionalAuth(request), request.params.productId),
    }),
  );

  app.post(
    '/api/v1/products/:productId/images',
    {
      schema: {
        tags,
        params: productParams,
        consumes: ['multipart/form-data'],
        response: answers({ 201: productImageListSchema }, 400, 401, 403, 404, 413),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const upload = await readPhotoUpload(request);
      const results = await images.addProductImages(
        deps.db,
        deps.storage,
        caller,
        request.params.productId,
        upload,
        clientToday(request),
      );
      return reply.code(201).send({ results });
    },
  );

  app.delete(
    '/api/v1/product_images/:id',
    { schema: { tags, params: imageParams, response: answers({ 204: noContent }, 400, 401, 403, 404) } },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      await images.removeProductImage(deps.db, deps.storage, caller, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/product_images/:id/file',
    {
      schema: {
        tags,
        params: imageParams,
        querystring: fileQuery,
        response: {
          ...answers({}, 400, 404),
          200: fileAnswer([...photoContentTypes, 'image/webp'], 'The photo file, or one of its sizes'),
        },
      },
    },
    async (request, reply) => {
      const file = await images.readProductImageFile(
        deps.db,
        deps.storage,
        await optionalAuth(request),
        request.params.id,
        request.query.size,
      );
      const disposition = request.query.download ? 'attachment' : 'inline';
      return reply
        .type(file.contentType)
        .header('content-disposition', `${disposition}; filename="${file.downloadName}"`)
        .header('cache-control', file.isPublic ? 'public, max-age=86400' : 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
