import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../core/errors';
import { type ErrorBody, ResponseContractError } from './contract';

function fieldsFromIssues(issues: { instancePath?: string; message?: string; params?: unknown }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const pathParts = params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const key = pathParts.map(String).join('.') || '_';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** One error handler: AppError by type, validation to 400 with fields, anything else hidden as 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status: number;
    let body: ErrorBody;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = {
        message: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.details ? { details: error.details } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const fields = fieldsFromIssues(error.validation);
      body = { message: Object.values(fields)[0] ?? 'Invalid request', code: 'invalid_data', fields };
    } else if ((error as FastifyError).validation) {
      status = 400;
      body = { message: error.message, code: 'invalid_data' };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: clientErrorMessage(error as FastifyError), code: clientErrorCode(status) };
    } else {
      status = 500;
      body = { message: 'An error occurred - please contact support.', code: 'internal' };
      // A broken contract is a programming error; tests (the only place answers are checked by
      // default) are told which keys, so the failing assertion names the cause.
      if (error instanceof ResponseContractError && request.server.deps.config.env === 'test') {
        body.details = { contract: error.message };
      }
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: body.code }, body.message);
    return reply.status(status).send(body);
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
  }
}

function clientErrorCode(status: number): string {
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'rate_limited';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  return 'invalid_data';
}
