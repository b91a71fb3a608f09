import type { FastifyInstance } from 'fastify';
import { controlCharacterMessage, hasNulCharacter } from '../../domain/text/control-characters';
import { AppError } from '../core/errors';

export const bodyNotObjectMessage = 'Send the details as a JSON object';

/**
 * Input no route can store, refused for every route before its schema runs: text with a NUL
 * character anywhere (path, query string or JSON body; PostgreSQL refuses it in text) and a JSON body
 * that is not an object (every write takes an object, so `[[…]]` or `null` is never meant). Each
 * answers 400 with a field message, where otherwise a handler could reach the database with it.
 */
export function registerHostileInputChecks(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body !== undefined && isJsonRequest(request.headers['content-type']) && !isPlainObject(body)) {
      throw new AppError('invalid_data', bodyNotObjectMessage);
    }
    refuseNulText(request.params, request.query, body);
  });
}

/**
 * 400 naming every field whose text (at any depth) carries a NUL character. The hook above checks
 * path, query and JSON body; handlers that read a multipart form call it with its fields and file names.
 */
export function refuseNulText(...parts: unknown[]) {
  const fields: Record<string, string> = {};
  for (const part of parts) {
    for (const path of nulPaths(part)) fields[path] ??= controlCharacterMessage;
  }
  if (Object.keys(fields).length > 0) throw new AppError('invalid_data', controlCharacterMessage, { fields });
}

function isJsonRequest(contentType: string | undefined) {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/** The paths (`notes.0.text`, as field messages name them) of text carrying a NUL character. */
function nulPaths(value: unknown, at: string[] = []): string[] {
  if (typeof value === 'string') return hasNulCharacter(value) ? [fieldName(at)] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => nulPaths(item, [...at, String(index)]));
  if (isPlainObject(value)) {
    return Object.entries(value).flatMap(([key, item]) =>
      hasNulCharacter(key) ? [fieldName([...at, key])] : nulPaths(item, [...at, key]),
    );
  }
  return [];
}

// Query arrays arrive as `ids[]`; the field is `ids`, as the schema and the form name it.
const fieldName = (path: string[]) =>
  path.map((part) => part.replaceAll('\u0000', '').replace(/\[\]$/, '')).join('.') || '_';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
