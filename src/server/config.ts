import path from 'node:path';
import { z } from 'zod';
import { parseS3Url } from './storage/s3-storage';

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  APP_URL: z.url({ error: 'must be a URL such as http://localhost:3000' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  DEMO_SEED: booleanSetting.default(true),
  DEMO_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).default('hedgerow-demo'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Hedgerow <no-reply@hedgerow.test>'),
  // Tries of one e-mail's delivery to SMTP before it shows as failed, and the wait before the first
  // retry (doubled at each further retry; 0 retries at once).
  MAIL_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // Text messages through Twilio when all three are set; otherwise the sandbox keeps them in the outbox.
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM_NUMBER: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  TRUST_PROXY: booleanSetting.default(false),
  // How long a product search answer may be reused (0 turns the cache off; tests always run without it).
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  // How long a signed-in session's lookup may be reused between write requests (0 turns it off; tests
  // run without it unless they ask).
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
  // Requests one integrator's API key may make per minute (issue 20); more answer 429 with Retry-After.
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  // Uploaded files in an S3-compatible bucket instead of DATA_DIR/uploads (storage/s3-storage.ts).
  S3_URL: z
    .string()
    .optional()
    .superRefine((value, context) => {
      const parsed = value === undefined ? null : parseS3Url(value);
      if (typeof parsed === 'string') context.addIssue({ code: 'custom', message: parsed });
    }),
  // Hold every answer to its declared schema (on in tests; costs time on hot lists, so off elsewhere).
  CHECK_RESPONSES: booleanSetting.optional(),
  // Stripe (issue 18): with a secret key payments go to Stripe's API; without, to the labelled sandbox.
  STRIPE_SECRET_KEY: z
    .string()
    .startsWith('sk_', { error: 'must be a Stripe secret key (sk_...)' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .startsWith('pk_', { error: 'must be a Stripe publishable key (pk_...)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', { error: 'must be a Stripe webhook secret (whsec_...)' })
    .optional(),
  // Where Stripe's API answers: its own by default; stripe-mock or a test's fake when set.
  STRIPE_API_BASE: z.url({ error: 'must be a URL such as https://api.stripe.com/v1' }).optional(),
  // QuickBooks Online (issue 20): with both keys Beehive's accounting page links the company; without, CSV.
  QBO_CLIENT_ID: z.string().optional(),
  QBO_CLIENT_SECRET: z.string().optional(),
  QBO_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
});

/** The validated settings the server runs with. */
export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoSeed: boolean;
  demoPassword: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailAttempts: number;
  mailRetryDelaySeconds: number;
  twilioAccountSid: string | undefined;
  twilioAuthToken: string | undefined;
  twilioFromNumber: string | undefined;
  logLevel: string;
  sessionTtlDays: number;
  bodyLimitBytes: number;
  trustProxy: boolean;
  searchCacheSeconds: number;
  sessionCacheSeconds: number;
  /** Requests per minute one API key may make. */
  apiKeyRequestsPerMinute: number;
  /** An S3-compatible bucket for uploaded files; unset, they go to DATA_DIR/uploads. */
  s3Url: string | undefined;
  /** Refuse (500) an answer that does not match its route's response schema. */
  checkResponses: boolean;
  /** Stripe keys; unset, the sandbox payment provider is used. */
  stripe: {
    secretKey: string;
    publishableKey: string | null;
    webhookSecret: string | null;
    /** Stripe's API base (https://api.stripe.com/v1 unless STRIPE_API_BASE says otherwise). */
    apiBase?: string;
  } | null;
  /** QuickBooks Online app keys; unset, accounting is exported as QuickBooks import CSV files. */
  quickbooks: {
    clientId: string;
    clientSecret: string;
    environment: 'sandbox' | 'production';
    /** Intuit's addresses replaced (tests point them at a local server); never read from the environment. */
    urls?: { authorize?: string; token?: string; api?: string };
  } | null;
};

/** Thrown when a setting is invalid; the message names every bad setting. */
export class ConfigError extends Error {}

/** Reads and validates settings from the environment (empty values count as unset). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = settingsSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const s = parsed.data;
  return {
    env: s.NODE_ENV,
    port: s.PORT,
    host: s.HOST,
    appUrl: (s.APP_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(s.DATA_DIR),
    databaseUrl: s.DATABASE_URL,
    demoSeed: s.DEMO_SEED,
    demoPassword: s.DEMO_PASSWORD,
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    mailAttempts: s.MAIL_ATTEMPTS,
    mailRetryDelaySeconds: s.MAIL_RETRY_DELAY_SECONDS,
    twilioAccountSid: s.TWILIO_ACCOUNT_SID,
    twilioAuthToken: s.TWILIO_AUTH_TOKEN,
    twilioFromNumber: s.TWILIO_FROM_NUMBER,
    logLevel: s.LOG_LEVEL,
    sessionTtlDays: s.SESSION_TTL_DAYS,
    bodyLimitBytes: s.BODY_LIMIT_BYTES,
    trustProxy: s.TRUST_PROXY,
    searchCacheSeconds: s.NODE_ENV === 'test' ? 0 : s.SEARCH_CACHE_SECONDS,
    sessionCacheSeconds: s.NODE_ENV === 'test' ? 0 : s.SESSION_CACHE_SECONDS,
    apiKeyRequestsPerMinute: s.API_KEY_REQUESTS_PER_MINUTE,
    s3Url: s.S3_URL,
    checkResponses: s.CHECK_RESPONSES ?? s.NODE_ENV === 'test',
    stripe: s.STRIPE_SECRET_KEY
      ? {
          secretKey: s.STRIPE_SECRET_KEY,
          publishableKey: s.STRIPE_PUBLISHABLE_KEY ?? null,
          webhookSecret: s.STRIPE_WEBHOOK_SECRET ?? null,
          apiBase: s.STRIPE_API_BASE,
        }
      : null,
    quickbooks:
      s.QBO_CLIENT_ID && s.QBO_CLIENT_SECRET
        ? { clientId: s.QBO_CLIENT_ID, clientSecret: s.QBO_CLIENT_SECRET, environment: s.QBO_ENVIRONMENT }
        : null,
  };
}
