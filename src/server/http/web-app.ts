import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** An image a page's HTML asks for before its script runs, on the screens `media` matches (all when absent). */
export type ImagePreload = { href: string; media?: string };

type WebAppOptions = {
  /** The built web app (index.html and assets/). */
  distDir: string;
  /**
   * The images on the first screen of the page at a path (most pages: none). Named in the page's HTML, a
   * phone fetches them while the script loads instead of after the script has asked which they are.
   */
  firstScreenImages: (pathname: string, request: FastifyRequest) => Promise<ImagePreload[]>;
};

const attribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** index.html with a high-priority preload for each image, just before `</head>`. */
export function withImagePreloads(html: string, images: ImagePreload[]): string {
  if (images.length === 0) return html;
  const links = images
    .map(
      ({ href, media }) =>
        `<link rel="preload" as="image" href="${attribute(href)}"${media ? ` media="${attribute(media)}"` : ''} fetchpriority="high">`,
    )
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

/** Serves the built web app, answering any unknown non-API GET with index.html (history fallback). */
export async function registerWebApp(app: FastifyInstance, { distDir, firstScreenImages }: WebAppOptions) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = await fs.access(indexFile).then(
    () => true,
    () => false,
  );
  if (hasBuild) {
    // wildcard: files are looked up per request, so a rebuild is served without a restart.
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // The build writes .br and .gz beside each file; the one the browser accepts is sent.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fetched anew.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET' || !hasBuild) {
      return reply
        .status(404)
        .send({ message: `No route for ${request.method} ${pathname}`, code: 'not_found' });
    }
    if (pathname.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.type('text/html').header('cache-control', 'no-cache');
    // Preloads are a head start, never a reason to fail the page: without them it loads as before.
    const images = await firstScreenImages(pathname, request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not name the first screen images');
      return [];
    });
    if (images.length === 0) return reply.sendFile('index.html');
    return reply.send(withImagePreloads(await fs.readFile(indexFile, 'utf8'), images));
  });
}
