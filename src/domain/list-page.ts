import { z } from 'zod';

/** The envelope every list answers with (DESIGN.md §4): one page of results and where it sits. */
export const listEnvelopeSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    totalCount: z.number(),
    currentPage: z.number(),
    totalPages: z.number(),
  });
