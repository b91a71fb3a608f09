import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer } from '../../http/file-answers';
import * as seo from './seo.service';

/**
 * For search engines: robots.txt and the gzipped sitemap of public pages. Outside /api, so the
 * sign-in gate lets everyone through; left out of the API document (they are not API operations).
 */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/robots.txt',
    { schema: { hide: true, response: { 200: fileAnswer('text/plain', 'Crawling rules') } } },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(seo.robotsTxt(deps.config.appUrl)),
  );

  app.get(
    '/sitemap.xml.gz',
    {
      schema: {
        hide: true,
        response: { 200: fileAnswer('application/gzip', 'The public pages, gzipped') },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/gzip')
        .header('cache-control', 'public, max-age=3600')
        .send(await seo.sitemapGz(deps.db, deps.config.appUrl)),
  );
};
