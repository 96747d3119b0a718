import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { hasBody } from './contract';

/*
 * Load and slow clients (issue #9): an overloaded process answers 503 (Retry-After) instead of queueing
 * without end, and a JSON body that trickles in (1 byte a second) is cut off after JSON_BODY_TIMEOUT_MS.
 * Upload routes are bounded by the server's requestTimeout instead (REQUEST_TIMEOUT_MS, set in app.ts).
 */

const bodyTimers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
const clearBodyTimer = async (request: FastifyRequest) => {
  clearTimeout(bodyTimers.get(request));
  bodyTimers.delete(request);
};

export const loadPlugin = fp(async (app: FastifyInstance) => {
  await app.register(underPressure, {
    maxEventLoopDelay: app.config.maxEventLoopDelayMs,
    sampleInterval: app.config.pressureSampleMs,
    retryAfter: 5,
  });

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.upload || !hasBody(request)) return;
    const timer = setTimeout(() => {
      request.log.warn({ url: request.url }, 'request body too slow: connection closed');
      request.raw.socket?.destroy();
    }, app.config.jsonBodyTimeoutMs);
    timer.unref();
    bodyTimers.set(request, timer);
  });
  // The body has arrived (or the request is over): the clock stops.
  app.addHook('preValidation', clearBodyTimer);
  app.addHook('onResponse', clearBodyTimer);
  app.addHook('onRequestAbort', clearBodyTimer);
});
