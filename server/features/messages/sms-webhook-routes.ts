import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { smsWebhookEventSchema, webhookResultSchema } from '@domain/webhooks';
import { unauthorized } from '@core/http/errors';
import { webhookTokenProblem } from './webhook-jwt';
import { applySmsEvent } from './sms-webhook';

/**
 * POST /api/webhooks/sms, public (no session): httpSMS events with `Authorization: Bearer <HS256 JWT signed with the
 * shared secret>` (webhook-jwt.ts: exp, iat, issuer, audience), checked BEFORE the body is validated or used, so a
 * bad token is always 401 and changes nothing; an event dated in the future is refused (400). The secret is
 * SMS_WEBHOOK_SECRET, else derived from the secrets key (stable per install).
 */
const smsWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.smsWebhookSecret ?? app.secrets.derive('sms-webhook');
  // An empty body reads as {} (the schema then answers), a malformed one is 400 (this scope only).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
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
        const rules = { secret, issuer: app.config.smsWebhookIssuer, audience: app.config.smsWebhookAudience };
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
};
export default smsWebhookRoutes;
