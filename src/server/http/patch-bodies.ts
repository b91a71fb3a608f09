import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors';

export const nothingToChangeMessage = 'Change at least one detail before saving';

/**
 * A PATCH changes the fields it names; one that names none (an empty body, or only keys the route
 * does not know, which its schema drops) is a mistake of the caller, refused with 400 for every route
 * before a handler asks the database to update nothing.
 */
export function registerPatchBodyCheck(app: FastifyInstance) {
  // preHandler: after validation, so the body is the route schema's output (unknown keys dropped).
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'PATCH' || !request.routeOptions.url?.startsWith('/api/')) return;
    assertNamesAField(request.body);
  });
}

/**
 * The same rule for a handler that parses its body itself (its schema depends on the request): call
 * it with the parsed input.
 */
export function assertNamesAField(input: unknown) {
  const namesNone =
    input === undefined ||
    input === null ||
    (typeof input === 'object' && Object.values(input).every((value) => value === undefined));
  if (namesNone) throw new AppError('invalid_data', nothingToChangeMessage, { code: 'nothing_to_change' });
}
