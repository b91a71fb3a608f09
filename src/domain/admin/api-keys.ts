import { z } from 'zod';
import { productName } from '../brand';

/** Integrators' API keys (issue 20): staff generate them per organisation; a key reads as it. */

/** Every key starts with this, so a bearer token tells at once whether it is a key or a session. */
export const apiKeyPrefix = 'hk_';

/**
 * A key's length: `hk_` and 32 characters. Session tokens are 43 characters, so one that happens to
 * start with `hk_` is never taken for a key.
 */
export const apiKeyLength = 35;

/** How many characters of a key are kept (and shown) to tell keys apart: `hk_` and six more. */
export const apiKeyShownLength = 9;

export const apiKeyInputSchema = z.object({
  label: z
    .string({ error: 'Enter a label for the key' })
    .trim()
    .min(1, { error: 'Enter a label for the key' })
    .max(80, { error: 'Keep the label under 80 characters' }),
});
export type ApiKeyInput = z.infer<typeof apiKeyInputSchema>;

/** A key as staff see it in the list: never the key itself. */
export const apiKeySchema = z
  .object({
    id: z.number(),
    organizationId: z.number(),
    label: z.string(),
    /** The key's first characters (`hk_AbC123`), to match it with the one an integrator holds. */
    prefix: z.string(),
    createdAt: z.string(),
    createdByName: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to generating a key: the only time the key is ever shown. */
export const generatedApiKeySchema = z
  .object({ id: z.number(), key: z.string(), prefix: z.string(), label: z.string() })
  .meta({ id: 'GeneratedApiKey' });
export type GeneratedApiKey = z.infer<typeof generatedApiKeySchema>;

export const apiKeyRefusedMessage = 'This API key is not valid or has been revoked.';
export const apiKeyRouteMessage =
  'API keys may only read the catalogue, availability and your organisation’s orders.';
export const apiKeyRateLimitMessage = 'Too many requests with this API key. Try again in a minute.';
export const apiKeyNotFoundMessage = 'API key not found';
export const apiKeyShownOnceWarning = `Copy this key now: it is shown only once. ${productName} keeps only a fingerprint of it.`;
