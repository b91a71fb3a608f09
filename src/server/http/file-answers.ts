import { z } from 'zod';

/**
 * The bytes of a downloaded file, as OpenAPI names a binary body. Typed as what handlers send (a
 * Buffer, or the text of a CSV): Fastify never hands either to the serializer, so the schema only
 * describes the document.
 */
const fileBody = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Buffer | string>;

/**
 * The success answer of a download route (`200: fileAnswer('application/pdf', 'The quote as a PDF')`):
 * the file under its media type, so /api/docs/json says what comes back. The handler sends a Buffer
 * or a string with a non-JSON content type, which Fastify passes through without the serializer, so
 * the contract check never parses the file.
 */
export function fileAnswer(mediaTypes: string | string[], description: string) {
  const types = Array.isArray(mediaTypes) ? mediaTypes : [mediaTypes];
  return {
    description,
    content: Object.fromEntries(types.map((type) => [type, { schema: fileBody }])),
  };
}
