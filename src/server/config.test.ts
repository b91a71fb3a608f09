import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      env: 'development',
      port: 3000,
      host: 'localhost',
      appUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      demoSeed: true,
      demoPassword: 'hedgerow-demo',
      smtpUrl: undefined,
      mailFrom: 'Hedgerow <no-reply@hedgerow.test>',
      mailAttempts: 5,
      mailRetryDelaySeconds: 30,
      logLevel: 'info',
      sessionTtlDays: 30,
      bodyLimitBytes: 1_048_576,
      trustProxy: false,
      searchCacheSeconds: 20,
      sessionCacheSeconds: 2,
      apiKeyRequestsPerMinute: 120,
      checkResponses: false,
      stripe: null,
      quickbooks: null,
    });
  });

  it('holds answers to their schemas in tests, and elsewhere only when asked', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', CHECK_RESPONSES: 'true' }).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', CHECK_RESPONSES: 'false' }).checkResponses).toBe(false);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('reads the settings it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_URL: 'https://hedgerow.example/',
      DATABASE_URL: 'postgresql://app@db:5432/hedgerow',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      DEMO_SEED: 'no',
      TRUST_PROXY: '1',
      SESSION_TTL_DAYS: '7',
    });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'https://hedgerow.example',
      databaseUrl: 'postgresql://app@db:5432/hedgerow',
      smtpUrl: 'smtps://user:pass@mail.example:465',
      demoSeed: false,
      trustProxy: true,
      sessionTtlDays: 7,
    });
  });

  it('derives the app URL from the port when APP_URL is unset', () => {
    expect(loadConfig({ PORT: '4100' }).appUrl).toBe('http://localhost:4100');
  });

  it.each([
    ['PORT', 'eighty', 'PORT: must be a port number'],
    ['PORT', '70000', 'PORT:'],
    ['DATABASE_URL', 'mysql://db/hedgerow', 'DATABASE_URL: must start with postgres:// or postgresql://'],
    ['SMTP_URL', 'mail.example.com:25', 'SMTP_URL: must start with smtp:// or smtps://'],
    ['APP_URL', 'hedgerow', 'APP_URL: must be a URL such as http://localhost:3000'],
    ['DEMO_SEED', 'maybe', 'DEMO_SEED: must be true or false'],
  ])('refuses a bad %s (%s) with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('names every bad setting in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'x', DATABASE_URL: 'sqlite://file', SMTP_URL: 'http://mail' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { message } = error as ConfigError;
    expect(message).toMatch(/^Invalid settings:/);
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL']) expect(message).toContain(`${name}:`);
  });
});
