import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createTestApp, testConfig } from './test/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
// A second app on the same database with a small body limit and a route that fails unexpectedly.
let small: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  small = await buildApp({
    config: testConfig({ bodyLimitBytes: 2048 }),
    database: t.database,
    logger: false,
  });
  // Outside /api: API routes answer anonymous callers 401 before running (http/sign-in-gate.ts).
  small.get('/test/explode', async () => {
    throw new Error('secret connection string postgres://admin:hunter2@db');
  });
  await small.ready();
});
afterAll(async () => {
  await small?.close();
  await t?.close();
});

const stackTrace = /\n\s+at |\.ts:\d+/;

describe('GET /api/health', () => {
  it('answers 200 with the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { kind: t.database.kind, reachable: true },
      // Tests load the index at the first search, not at start.
      searchIndex: { ready: false },
    });
  });
});

describe('errors', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/nope?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: `No route for ${method} /api/nope`, code: 'not_found' });
    }
  });

  it('answers a malformed JSON body with 400 and a plain message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "rosa@example.com",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON', code: 'invalid_data' });
  });

  it('answers a body in an unsupported format with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>rosa@example.com</email>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported content type', code: 'unsupported_media_type' });
  });

  it('answers a body over the configured limit with 413', async () => {
    const payload = { email: 'rosa@example.com', password: 'x'.repeat(3000) };
    const tooLarge = await small.inject({ method: 'POST', url: '/api/v1/sessions', payload });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'The request is too large', code: 'payload_too_large' });
    // The same request is read normally under the default limit.
    const normal = await t.app.inject({ method: 'POST', url: '/api/v1/sessions', payload });
    expect(normal.statusCode).toBe(401);
  });

  it('hides the message of an unexpected error behind a 500', async () => {
    const response = await small.inject({ method: 'GET', url: '/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'An error occurred - please contact support.',
      code: 'internal',
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('never includes a stack trace', async () => {
    const responses = await Promise.all([
      small.inject({ method: 'GET', url: '/test/explode' }),
      t.app.inject({ method: 'GET', url: '/api/nope' }),
      t.app.inject({ method: 'GET', url: '/api/v1/users/current' }),
      t.app.inject({ method: 'POST', url: '/api/v1/sessions', payload: { email: 'x' } }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/sessions',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      small.inject({ method: 'POST', url: '/api/v1/sessions', payload: { password: 'x'.repeat(3000) } }),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.json()).not.toHaveProperty('stack');
      expect(response.body).not.toMatch(stackTrace);
    }
  });
});

describe('headers', () => {
  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers).toHaveProperty('strict-transport-security');
  });

  it('sends an x-request-id on every answer, keeping a well-formed one the client sent', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/nope' }),
      t.app.inject({ method: 'GET', url: '/api/v1/users/current' }),
      t.app.inject({ method: 'POST', url: '/api/v1/sessions', payload: {} }),
    ]);
    const ids = answers.map((response) => response.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);

    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/docs/json', () => {
  it('is an OpenAPI document listing the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Hedgerow API');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/sessions',
        '/api/v1/users/current',
        '/api/v1/invite_requests',
        '/api/internal/users',
      ]),
    );
    expect(
      document.paths['/api/v1/sessions'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });
});
