import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { hasBody } from './contract';
import { redactQuery } from './log-redaction';

/*
 * Load and slow clients: an overloaded process answers 503 (Retry-After) instead of queueing
 * without end, and a JSON body that trickles in (1 byte a second) is cut off after JSON_BODY_TIMEOUT_MS.
 * Upload routes are bounded by the server's requestTimeout instead (REQUEST_TIMEOUT_MS, set in app.ts).
 */

/** Fastify never reads a body for these methods, so there is nothing to time. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'TRACE']);

export const loadPlugin = fp(async (app: FastifyInstance) => {
  await app.register(underPressure, {
    maxEventLoopDelay: app.config.maxEventLoopDelayMs,
    sampleInterval: app.config.pressureSampleMs,
    retryAfter: 5,
  });

  // A callback hook that returns at once for a request without a body (every list and page): the clock
  // is only started, and then stopped by the request's own events, when there is a body to wait for.
  app.addHook('onRequest', (request, reply, done) => {
    if (BODYLESS_METHODS.has(request.method) || !hasBody(request) || request.routeOptions.config.upload) return done();
    const timer = setTimeout(() => {
      request.log.warn({ url: redactQuery(request.url) }, 'request body too slow: connection closed');
      request.raw.socket?.destroy();
    }, app.config.jsonBodyTimeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    // The body has arrived (the parser read it to its end), or the request is over (answered or abandoned).
    request.raw.once('end', stop);
    reply.raw.once('close', stop);
    done();
  });
});
