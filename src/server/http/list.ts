import { z } from 'zod';

/** Paging parameters every list takes (DESIGN.md §4). */
export const pagingQuery = {
  page: z.coerce.number().int().min(1, { error: 'Page must be 1 or more' }).default(1),
  perPage: z.coerce.number().int().min(1).max(100, { error: 'perPage must be 100 or less' }).default(25),
  query: z.string().trim().max(200, { error: 'Limit query to 200 characters' }).optional(),
};

/** The list envelope every list answers with. */
export function listResponse<T>(results: T[], totalCount: number, page: number, perPage: number) {
  return { results, totalCount, currentPage: page, totalPages: Math.max(1, Math.ceil(totalCount / perPage)) };
}

// Declared in src/domain so view schemas there can nest a page (a brand's products).
export { listEnvelopeSchema } from '../../domain/list-page';
