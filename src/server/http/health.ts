import { z } from 'zod';

/** `GET /api/health`: 200 when the database answers, 503 when it does not; the index may still load. */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
    searchIndex: z.object({ ready: z.boolean() }),
  })
  .meta({ id: 'Health' });
