import type { FastifyInstance } from 'fastify';

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls `listener` when every write request (anything but GET, HEAD and OPTIONS) starts and again once
 * its handler is done, before its answer is sent: what an in-process cache needs to never serve a
 * request something older than a write this process has answered.
 */
export function onWrites(app: FastifyInstance, listener: () => void) {
  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!readMethods.has(request.method)) listener();
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!readMethods.has(request.method)) listener();
    done(null, payload);
  });
}
