import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { messengerVerifyQuerySchema, messengerWebhookSchema, smsWebhookEventSchema, webhookResultSchema } from '@domain/webhooks';
import { forbidden, unauthorized } from '@core/http/errors';
import { safeEqual, verifyHubSignature } from '@core/secrets/hmac';
import { webhookTokenProblem } from './webhook-jwt';
import { applySmsEvent } from './webhooks';
import { applyMessengerEvents } from './messenger-webhook';

/** The shared secrets of the two webhooks: configured, else derived from the secrets key (stable per install). */
export function webhookSecrets(app: FastifyInstance) {
  return {
    sms: app.config.smsWebhookSecret ?? app.secrets.derive('sms-webhook'),
    messengerVerify: app.config.messengerVerifyToken ?? app.secrets.derive('messenger-verify'),
    messengerApp: app.config.messengerAppSecret,
  };
}

const rawBody = (request: FastifyRequest) => (request as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);

/**
 * Public webhooks (no session). Each verifies its sender BEFORE the body is validated or used, so a bad
 * signature is always 401 and changes nothing:
 * - POST /api/webhooks/sms: httpSMS events, `Authorization: Bearer <HS256 JWT signed with the shared secret>`
 *   (server/features/notifications/webhook-jwt.ts: exp, iat, issuer, audience); an event dated in the future is refused (400);
 * - GET/POST /api/webhooks/messenger: Facebook's verify handshake, then events signed with X-Hub-Signature-256.
 */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const secrets = webhookSecrets(app);
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

  app.post(
    '/sms',
    {
      schema: {
        security: [],
        summary: 'SMS gateway events (delivered, failed, heartbeat); HS256 JWT bearer',
        body: smsWebhookEventSchema,
        response: { 200: apiSuccess(webhookResultSchema) },
      },
      config: rateLimit,
      preValidation: async (request) => {
        const header = request.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice(7) : '';
        const rules = { secret: secrets.sms, issuer: app.config.smsWebhookIssuer, audience: app.config.smsWebhookAudience };
        const problem = token ? await webhookTokenProblem(token, rules) : 'no bearer token';
        if (problem) {
          request.log.warn({ problem }, 'SMS webhook token refused');
          throw unauthorized('Invalid webhook signature');
        }
      },
    },
    async (request) => {
      const type = request.body.type ?? String(request.headers['x-event-type'] ?? '');
      const changed = await applySmsEvent(app.db, { type, data: request.body.data ?? {} }, app.config.schoolTimezone);
      if (changed) {
        app.realtime.emitToSchool(changed.schoolId, 'sms:sent', changed);
        if (changed.student) app.realtime.emitToStudent(changed.student.id, 'sms:sent', { id: changed.id });
      }
      return { success: true as const, data: { updated: Boolean(changed) } };
    },
  );

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
      if (q['hub.mode'] !== 'subscribe' || !token || !safeEqual(token, secrets.messengerVerify))
        throw forbidden('Verification failed');
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
        if (
          !secrets.messengerApp ||
          !verifyHubSignature(secrets.messengerApp, rawBody(request), typeof sig === 'string' ? sig : undefined)
        ) {
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
      };
      return { success: true as const, data: await applyMessengerEvents(deps, entries) };
    },
  );
};
export default webhookRoutes;
