import type { ErrorDetails } from '../../domain/api-errors';

// Every module throws these; the one handler that turns them into answers is src/server/http/errors.ts.

/** The HTTP status each failure type answers with. */
export const statusByType = {
  invalid_data: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
} as const;

/** The closed set of failures the API reports on purpose. */
export type AppErrorType = keyof typeof statusByType;

/** An expected failure with a message the user may read. */
export class AppError extends Error {
  readonly type: AppErrorType;
  readonly code: string;
  /** Messages by field name; nothing but field messages (the web shows them beside the fields). */
  readonly fields: Record<string, string> | undefined;
  /** Data the caller needs to recover, typed per code in src/domain/api-errors.ts. */
  readonly details: ErrorDetails | undefined;

  constructor(
    type: AppErrorType,
    message: string,
    options: { code?: string; fields?: Record<string, string>; details?: ErrorDetails } = {},
  ) {
    super(message);
    this.type = type;
    this.code = options.code ?? type;
    this.fields = options.fields;
    this.details = options.details;
  }

  get statusCode(): number {
    return statusByType[this.type];
  }
}

export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found`);

/** The answer to a signed-in caller who may not do what they asked. */
export const forbiddenMessage = 'You do not have permission to do that.';
