import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  freightQueueSchema,
  freightRequestInputSchema,
  freightRequestViewSchema,
  freightTexts,
  maxFreightPdfBytes,
  truckInputSchema,
  truckPatchSchema,
  truckViewSchema,
} from '../../../domain/logistics/freight';
import { recordIdParam } from '../../../domain/record-ids';
import { AppError } from '../../core/errors';
import { requireLogisticsOrAdmin, requireSiteUser } from '../../http/auth';
import { answers } from '../../http/contract';
import { refuseNulText } from '../../http/hostile-input';
import { createFreightEstimate, type EstimateInput } from '../../workflows/freight-estimates';
import * as logistics from './logistics.service';

const idParams = z.object({ id: recordIdParam() });
const queueQuery = z.object({ view: z.enum(['open', 'answered']).default('open') });
const estimateBodySchema = z.object({
  freightRequestId: z.union([z.number(), z.string()]).optional(),
  orderId: z.union([z.number(), z.string()]).optional(),
  cost: z.unknown().optional(),
  notes: z.string().optional(),
  truckId: z.union([z.number(), z.string()]).optional(),
});
const estimateFormSchema = z
  .object({
    request: freightRequestViewSchema,
    trucks: z.array(truckViewSchema),
    suggestions: z.array(z.object({ truckId: z.number(), cost: z.number() })),
  })
  .meta({ id: 'FreightEstimateForm' });

/** The estimate's fields: a JSON body, or a multipart form with an optional PDF (field `pdf`). */
async function readEstimate(request: FastifyRequest): Promise<EstimateInput> {
  if (!request.isMultipart()) {
    const parsed = estimateBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new AppError('invalid_data', freightTexts.requestTarget);
    return parsed.data as EstimateInput;
  }
  const fields: Record<string, string> = {};
  let pdf: EstimateInput['pdf'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0 && !part.filename) continue;
        pdf = {
          filename: part.filename?.split(/[\\/]/).pop() || 'estimate.pdf',
          data,
          truncated: part.file.truncated,
        };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT')
      throw new AppError('unprocessable', freightTexts.pdfTooLarge, {
        fields: { pdf: freightTexts.pdfTooLarge },
      });
    throw error;
  }
  refuseNulText(fields, { pdf: pdf?.filename ?? '' });
  return { ...fields, pdf };
}

/** Trucks, freight requests, the logistics queue and freight estimates (issue 16; spec part 3 §2.5, §3, §7.3). */
export const logisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['logistics'];
  await app.register(multipart, {
    limits: { fileSize: maxFreightPdfBytes, files: 1, fields: 8, fieldSize: 16 * 1024 },
  });

  app.get(
    '/api/internal/trucks',
    {
      schema: { tags, response: answers({ 200: z.object({ results: z.array(truckViewSchema) }) }, 401, 403) },
    },
    async (request) => {
      await requireLogisticsOrAdmin(request);
      return { results: await logistics.listTrucks(deps.db) };
    },
  );

  app.post(
    '/api/internal/trucks',
    {
      schema: {
        tags,
        body: truckInputSchema,
        response: answers({ 201: truckViewSchema }, 400, 401, 403, 409),
      },
    },
    async (request, reply) => {
      const caller = await requireLogisticsOrAdmin(request);
      return reply.code(201).send(await logistics.createTruck(deps.db, caller, request.body));
    },
  );

  app.get(
    '/api/internal/trucks/:id',
    { schema: { tags, params: idParams, response: answers({ 200: truckViewSchema }, 400, 401, 403, 404) } },
    async (request) => {
      await requireLogisticsOrAdmin(request);
      return logistics.getTruckOrThrow(deps.db, request.params.id);
    },
  );

  app.patch(
    '/api/internal/trucks/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: truckPatchSchema,
        response: answers({ 200: truckViewSchema }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => {
      const caller = await requireLogisticsOrAdmin(request);
      return logistics.updateTruck(deps.db, caller, request.params.id, request.body);
    },
  );

  app.post(
    '/api/v1/carts/:id/freight_requests',
    {
      schema: {
        tags,
        params: idParams,
        body: freightRequestInputSchema,
        response: answers({ 201: freightRequestViewSchema }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const caller = await requireSiteUser(request);
      const created = await logistics.requestFreightForCart(
        deps.db,
        deps,
        caller,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/internal/freight_requests',
    {
      schema: {
        tags,
        querystring: queueQuery,
        response: answers({ 200: freightQueueSchema }, 400, 401, 403),
      },
    },
    async (request) => {
      await requireLogisticsOrAdmin(request);
      return logistics.freightQueue(deps.db, request.query.view);
    },
  );

  app.get(
    '/api/internal/freight_requests/:id',
    {
      schema: { tags, params: idParams, response: answers({ 200: estimateFormSchema }, 400, 401, 403, 404) },
    },
    async (request) => {
      await requireLogisticsOrAdmin(request);
      return logistics.freightRequestForEstimate(deps.db, request.params.id);
    },
  );

  app.post(
    '/api/v1/freight_estimates',
    {
      schema: {
        tags,
        consumes: ['application/json', 'multipart/form-data'],
        response: answers({ 201: freightRequestViewSchema }, 400, 401, 403, 404, 409, 413, 422),
      },
    },
    async (request, reply) => {
      const caller = await requireLogisticsOrAdmin(request);
      const input = await readEstimate(request);
      return reply.code(201).send(await createFreightEstimate(deps.db, deps, caller, input));
    },
  );
};
