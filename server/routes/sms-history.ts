import type { FastifyInstance } from 'fastify';
import { CUSTOM_MESSAGE_MESSAGES, customMessageSchema, SMS_PAGE_SIZE, smsHistoryFiltersSchema } from '../../src/domain/sms-history';
import { pageParams } from '../lib/paginate';
import { textQuery } from '../lib/query';
import { findRecipients, listSmsHistory, queueCustomMessage } from '../services/sms-history';

/** Spec §7 GET /sms-history (history filter of §3, page size 10) and the 'Send message' action (a CUSTOM message). */
export default async function smsHistoryRoutes(app: FastifyInstance) {
  app.get('/sms-history', async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const filters = smsHistoryFiltersSchema.parse(query);
    return { success: true, data: await listSmsHistory(app.db, filters, pageParams(query, SMS_PAGE_SIZE), app.config.schoolTimezone) };
  });

  app.get('/sms-history/recipients', async (request) => {
    const search = textQuery((request.query as { search?: unknown } | undefined)?.search, 60);
    return { success: true, data: search ? await findRecipients(app.db, search) : [] };
  });

  app.post('/sms-history/messages', async (request, reply) => {
    const data = await queueCustomMessage(app.db, customMessageSchema.parse(request.body ?? {}), request.actor());
    app.outbox.kick();
    return reply.status(202).send({ success: true, data, message: CUSTOM_MESSAGE_MESSAGES.queued });
  });
}
