import { z } from 'zod';

/**
 * Record ids are PostgreSQL bigserials read as JavaScript numbers, exact up to 2^53 - 1: the largest
 * id the API accepts, so a longer one is a field message, not a database error.
 */
export const maxRecordId = Number.MAX_SAFE_INTEGER;

export const recordIdMessage = 'Choose a record';

/** A record id in a JSON body. */
export const recordIdSchema = (message = recordIdMessage) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(maxRecordId, { error: message });

/** A record id in a path or query string (text read as a number). */
export const recordIdParam = (message = recordIdMessage) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(maxRecordId, { error: message });

/** The `:id` path parameter of a route about one record. */
export const idParamsSchema = (message = recordIdMessage) => z.object({ id: recordIdParam(message) });

/** Version counters (optimistic locking) are PostgreSQL integers: at most 2,147,483,647. */
export const maxVersion = 2_147_483_647;

export const versionMessage = 'Give the version of the record you saw';

/** The version of a record the caller saw, sent back so a stale write answers 409. */
export const versionSchema = (message = versionMessage) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(maxVersion, { error: message });

/** The same, from a query string. */
export const versionParam = (message = versionMessage) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(maxVersion, { error: message });
