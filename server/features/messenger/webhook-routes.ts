import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { messengerVerifyQuerySchema, messengerWebhookSchema, webhookResultSchema } from '@domain/webhooks';
import { forbidden, unauthorized } from '@core/http/errors';
import { safeEqual } from '@core/secrets/hmac';
import { verifyHubSignature } from './hub-signature';
import { applyMessengerEvents } from './webhook';

const rawBody = (request: FastifyRequest) => (request as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);

/**
 * GET/POST /api/webhooks/messenger, public (no session): Facebook's verify handshake (MESSENGER_VERIFY_TOKEN, else
 * derived from the secrets key), then events signed with X-Hub-Signature-256 (MESSENGER_APP_SECRET), checked BEFORE
 * the body is validated or used, so a bad signature is always 401 and changes nothing.
 */
const messengerWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const verifyToken = app.config.messengerVerifyToken ?? app.secrets.derive('messenger-verify');
  const appSecret = app.config.messengerAppSecret;
  // The signature covers the exact bytes, so JSON is parsed here from the raw body (this scope only).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    (request as { rawBody?: Buffer }).rawBody = body as Buffer;
    try {
      done(null, (body as Buffer).length ? JSON.parse((body as Buffer).toString('utf8')) : {});
    } catch {
      done(Object.assign(new Error('Malformed JSON body'), { statusCode: 400 }), undefined);
    }
  });
  const rateLimit = { rateLimit: { max: 600, timeWindow: '1 minute' } };

  app.get(
    '/messenger',
    {
      schema: {
        security: [],
        summary: 'Messenger webhook verification',
        querystring: messengerVerifyQuerySchema,
        response: { 200: z.string() },
      },
      config: rateLimit,
    },
    async (request, reply) => {
      const q = request.query;
      const token = q['hub.verify_token'];
      if (q['hub.mode'] !== 'subscribe' || !token || !safeEqual(token, verifyToken)) throw forbidden('Verification failed');
      return reply.type('text/plain').send(q['hub.challenge'] ?? '');
    },
  );

  app.post(
    '/messenger',
    {
      schema: {
        security: [],
        summary: 'Messenger events (parent opt-in); X-Hub-Signature-256',
        body: messengerWebhookSchema,
        response: { 200: apiSuccess(webhookResultSchema) },
      },
      config: rateLimit,
      preValidation: async (request) => {
        const sig = request.headers['x-hub-signature-256'];
        if (!appSecret || !verifyHubSignature(appSecret, rawBody(request), typeof sig === 'string' ? sig : undefined)) {
          throw unauthorized('Invalid webhook signature');
        }
      },
    },
    async (request) => {
      const entries = request.body.object === 'page' ? (request.body.entry ?? []) : [];
      const deps = {
        db: app.db,
        secrets: app.secrets,
        graphApiUrl: app.config.graphApiUrl,
        timeoutMs: app.config.outbox.sendTimeoutMs,
        log: request.log,
        clock: app.clock,
      };
      return { success: true as const, data: await applyMessengerEvents(deps, entries) };
    },
  );
};
export default messengerWebhookRoutes;
