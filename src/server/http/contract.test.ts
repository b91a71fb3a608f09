import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answers, noContent, responseSerializer } from './contract';

function appAnswering(check: boolean, body: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ check }));
  app.get(
    '/thing',
    { schema: { response: answers({ 200: z.object({ id: z.number(), name: z.string() }) }, 404) } },
    async () => body as never,
  );
  app.delete('/thing', { schema: { response: { 204: noContent } } }, async (_request, reply) =>
    reply.status(204).send(null),
  );
  return app;
}

describe('the response contract', () => {
  it('sends an answer that matches its schema as it is', async () => {
    const response = await appAnswering(true, { id: 1, name: 'Acer' }).inject({ url: '/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'Acer' });
  });

  it('refuses an answer of the wrong shape when checking', async () => {
    const response = await appAnswering(true, { id: 'one', name: 'Acer' }).inject({ url: '/thing' });
    expect(response.statusCode).toBe(500);
  });

  it('refuses an answer with a key the schema does not declare, rather than dropping it', async () => {
    const app = appAnswering(true, { id: 1, name: 'Acer', secret: 'x' });
    let failure: unknown;
    app.setErrorHandler((error, _request, reply) => {
      failure = error;
      return reply.status(500).send({ message: 'failed', code: 'internal' });
    });
    expect((await app.inject({ url: '/thing' })).statusCode).toBe(500);
    expect(String(failure)).toContain('$.secret');
  });

  it('sends answers unchecked and whole when checking is off', async () => {
    const response = await appAnswering(false, { id: 1, name: 'Acer', extra: true }).inject({
      url: '/thing',
    });
    expect(response.json()).toEqual({ id: 1, name: 'Acer', extra: true });
  });

  it('answers 204 with no body', async () => {
    const response = await appAnswering(true, null).inject({ method: 'DELETE', url: '/thing' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });
});
