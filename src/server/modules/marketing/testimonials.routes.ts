import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicTestimonialSchema,
  testimonialInputSchema,
  testimonialSchema,
} from '../../../domain/marketing/testimonials';
import { recordIdParam } from '../../../domain/record-ids';
import { actorOf } from '../../core/caller';
import { requirePermission } from '../../http/auth';
import { answers, noContent } from '../../http/contract';
import * as testimonials from './testimonials.service';

const idParams = z.object({ id: recordIdParam() });
const list = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item) });

/** Testimonials: Beehive writes them (manage_marketing); the landing page reads the published ones. */
export const testimonialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['marketing'];
  const config = { permission: 'manage_marketing' as const };

  app.get(
    '/api/v1/testimonials',
    { schema: { tags, response: answers({ 200: list(publicTestimonialSchema) }) } },
    async () => ({ results: await testimonials.listPublishedTestimonials(deps.db) }),
  );

  app.get(
    '/api/internal/testimonials',
    { config, schema: { tags, response: answers({ 200: list(testimonialSchema) }, 401, 403) } },
    async (request) => {
      await requirePermission(request, 'manage_marketing');
      return { results: await testimonials.listTestimonials(deps.db) };
    },
  );

  app.get(
    '/api/internal/testimonials/:id',
    {
      config,
      schema: { tags, params: idParams, response: answers({ 200: testimonialSchema }, 400, 401, 403, 404) },
    },
    async (request) => {
      await requirePermission(request, 'manage_marketing');
      return testimonials.getTestimonialOrThrow(deps.db, request.params.id);
    },
  );

  app.post(
    '/api/internal/testimonials',
    {
      config,
      schema: {
        tags,
        body: testimonialInputSchema,
        response: answers({ 201: testimonialSchema }, 400, 401, 403),
      },
    },
    async (request, reply) => {
      const staff = await requirePermission(request, 'manage_marketing');
      const created = await testimonials.createTestimonial(deps.db, actorOf(staff), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/internal/testimonials/:id',
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: testimonialInputSchema,
        response: answers({ 200: testimonialSchema }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const staff = await requirePermission(request, 'manage_marketing');
      return testimonials.updateTestimonial(deps.db, actorOf(staff), request.params.id, request.body);
    },
  );

  app.delete(
    '/api/internal/testimonials/:id',
    {
      config,
      schema: { tags, params: idParams, response: answers({ 204: noContent }, 400, 401, 403, 404) },
    },
    async (request, reply) => {
      const staff = await requirePermission(request, 'manage_marketing');
      await testimonials.deleteTestimonial(deps.db, actorOf(staff), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
