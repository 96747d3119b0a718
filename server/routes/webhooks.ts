import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../lib/errors';
import { safeEqual, verifyHubSignature, verifyJwt } from '../lib/hmac';
import { applyMessengerEvents, applySmsEvent, type SmsGatewayEvent } from '../services/webhooks';

/** The shared secrets of the two webhooks: configured, else derived from the secrets key (stable per install). */
export function webhookSecrets(app: FastifyInstance) {
  return {
    sms: app.config.smsWebhookSecret ?? app.secrets.derive('sms-webhook'),
    messengerVerify: app.config.messengerVerifyToken ?? app.secrets.derive('messenger-verify'),
    messengerApp: app.config.messengerAppSecret,
  };
}

/**
 * Public webhooks (no session; each verifies its sender before reading the body's meaning):
 * - POST /api/webhooks/sms: httpSMS events, `Authorization: Bearer <HS256 JWT signed with the shared secret>`;
 * - GET/POST /api/webhooks/messenger: Facebook's verify handshake, then events signed with X-Hub-Signature-256.
 * A bad signature is 401 and changes nothing.
 */
export default async function webhookRoutes(app: FastifyInstance) {
  const secrets = webhookSecrets(app);
  // The signature covers the exact bytes, so JSON is parsed here from the raw body (this scope only).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    (request as { rawBody?: Buffer }).rawBody = body as Buffer;
    try {
      done(null, (body as Buffer).length ? JSON.parse((body as Buffer).toString('utf8')) : {});
    } catch {
      const err = Object.assign(new Error('Malformed JSON body'), { statusCode: 400 });
      done(err, undefined);
    }
  });
  const limit = { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } };

  app.post('/sms', limit, async (request) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token || !verifyJwt(secrets.sms, token)) throw unauthorized('Invalid webhook signature');
    const body = (request.body ?? {}) as Partial<SmsGatewayEvent>;
    const type = typeof body.type === 'string' ? body.type : String(request.headers['x-event-type'] ?? '');
    const data = body.data && typeof body.data === 'object' ? body.data : {};
    const changed = await applySmsEvent(app.db, { type, data });
    if (changed) app.realtime.emitToSuperAdmins('sms:sent', changed);
    return { success: true, data: { updated: Boolean(changed) } };
  });

  app.get('/messenger', limit, async (request, reply) => {
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    if (q['hub.mode'] === 'subscribe' && q['hub.verify_token'] && safeEqual(q['hub.verify_token'], secrets.messengerVerify)) {
      return reply.type('text/plain').send(q['hub.challenge'] ?? '');
    }
    return reply.status(403).send({ success: false, message: 'Verification failed' });
  });

  app.post('/messenger', limit, async (request) => {
    const raw = (request as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
    const sig = request.headers['x-hub-signature-256'];
    if (!secrets.messengerApp || !verifyHubSignature(secrets.messengerApp, raw, typeof sig === 'string' ? sig : undefined)) {
      throw unauthorized('Invalid webhook signature');
    }
    const body = (request.body ?? {}) as { object?: string; entry?: unknown };
    const entries = body.object === 'page' && Array.isArray(body.entry) ? (body.entry as Array<{ messaging?: [] }>) : [];
    const bound = await applyMessengerEvents(app.db, entries);
    return { success: true, data: { bound } };
  });
}
