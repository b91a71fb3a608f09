import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors';

/** The request's Idempotency-Key header (DESIGN.md §4), or null; 400 when it is malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!/^[\w.:-]{8,200}$/.test(key)) {
    throw new AppError(
      'invalid_data',
      'Idempotency-Key must be 8 to 200 letters, digits, dots, colons, dashes or underscores',
      {
        fields: { 'idempotency-key': 'Use 8 to 200 letters, digits, dots, colons, dashes or underscores' },
      },
    );
  }
  return key;
}
