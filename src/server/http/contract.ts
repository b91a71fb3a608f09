import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';
import type { ErrorDetails } from '../../domain/api-errors';

/**
 * The API contract's shared parts: the error envelope every failure answers with, the answer sets
 * a route declares, and the serializer that holds answers to their declared schemas.
 *
 * A response schema describes the wire (what JSON.stringify sends: dates as ISO strings, money as
 * the domain's strings or cents), never a transform; the web client's types are generated from it.
 */

/**
 * Every failure: a message for the person, a code for the program, `fields` (only messages by field
 * name) and `details`, an object whose type depends on `code` (ErrorDetailsByCode in
 * src/domain/api-errors.ts; read it with errorDetailsOf).
 */
export const errorBodySchema = z
  .object({
    message: z.string(),
    code: z.string(),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('A message per field name, and nothing else'),
    details: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Typed per code: ErrorDetailsByCode in src/domain/api-errors.ts'),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = Omit<z.infer<typeof errorBodySchema>, 'details'> & { details?: ErrorDetails };

const errorStatuses = [400, 401, 403, 404, 409, 413, 422, 429] as const;
type ErrorStatus = (typeof errorStatuses)[number];

/**
 * A route's answers: its success schemas plus the error envelope for every failure status it may
 * send (`answers({ 200: orderSchema }, 400, 401, 404)`). 500 is always possible and never declared.
 */
export function answers<S extends Record<number, z.ZodType>, E extends ErrorStatus[]>(
  success: S,
  ...failures: E
): S & Record<E[number], typeof errorBodySchema> {
  const errors = Object.fromEntries(failures.map((status) => [status, errorBodySchema]));
  return { ...success, ...errors } as S & Record<E[number], typeof errorBodySchema>;
}

/** The answer of a 204: no body. */
export const noContent = z.null().describe('No content');

/** Thrown (and answered as a 500) when a route's answer does not match its declared schema. */
export class ResponseContractError extends Error {}

/**
 * Serializes answers as plain JSON. With `check` on (tests, and whoever sets CHECK_RESPONSES), the
 * answer must parse under its schema and carry no key the schema leaves out, so the contract the web
 * client is generated from is the answer the server really sends. Off, nothing is parsed: the
 * check costs time on hot lists and the tests already hold every route to it.
 */
export function responseSerializer(options: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    if (!options.check) return (data) => JSON.stringify(data);
    return (data) => {
      const json = JSON.stringify(data);
      const wire = json === undefined ? null : JSON.parse(json);
      const result = schema.safeParse(wire);
      if (!result.success) {
        throw new ResponseContractError(
          `${method} ${url}: the answer does not match its schema: ${z.prettifyError(result.error)}`,
        );
      }
      const undeclared = undeclaredPaths(wire, result.data);
      if (undeclared.length > 0) {
        throw new ResponseContractError(
          `${method} ${url}: the answer has keys its schema does not declare: ${undeclared.slice(0, 10).join(', ')}`,
        );
      }
      return json ?? 'null';
    };
  };
}

/** Paths present in what was sent but stripped by the schema's parse (undeclared keys). */
function undeclaredPaths(sent: unknown, parsed: unknown, at = '$'): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, index) => undeclaredPaths(item, parsed[index], `${at}[${index}]`));
  }
  if (isPlainObject(sent) && isPlainObject(parsed)) {
    return Object.keys(sent).flatMap((key) =>
      key in parsed ? undeclaredPaths(sent[key], parsed[key], `${at}.${key}`) : [`${at}.${key}`],
    );
  }
  return [];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
