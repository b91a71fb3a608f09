import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Every operation declares its answers in /api/docs/json: a success status with a body schema (or a
 * file's media type, or 204), and the error envelope for each failure it sends. The web client is
 * generated from these, so an operation without one would leave the web guessing.
 */

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('declared answers', () => {
  it('has a response schema for every operation', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThan(140);
    const undeclared = operations
      .filter(({ operation }) => {
        const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
          status.startsWith('2'),
        );
        return (
          success.length === 0 ||
          success.some(
            ([status, answer]) => status !== '204' && !Object.values(answer.content ?? {})[0]?.schema,
          )
        );
      })
      .map(({ name }) => name);
    expect(undeclared).toEqual([]);
    // Shared views are named components the web client is generated from.
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Cart',
        'CartSummary',
        'Hubsheet',
        'Order',
        'OrderListItem',
        'CurrentUser',
        'ProductPage',
        'ErrorBody',
      ]),
    );
  });
});
