import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import {
  CUSTOM_MESSAGE_MESSAGES,
  customMessageQueuedSchema,
  customMessageSchema,
  messageRecipientSchema,
  recipientsQuerySchema,
  SMS_PAGE_SIZE,
  smsHistoryFiltersSchema,
  smsHistoryPageSchema,
} from '@domain/sms-history';
import { pageParams } from '@core/http/paginate';
import { textQuery } from '@core/http/query';
import { findRecipients, listSmsHistory, queueCustomMessage } from './sms-history';

/** Spec §7 GET /sms-history (history filter of §3, page size 10) and the 'Send message' action (a CUSTOM message). */
const smsHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sms-history',
    {
      schema: {
        summary: 'SMS notifications history (filtered, 10 per page)',
        querystring: smsHistoryFiltersSchema,
        response: { 200: apiSuccess(smsHistoryPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listSmsHistory(app.db, request.query, pageParams(request.query, SMS_PAGE_SIZE), app.config.schoolTimezone),
    }),
  );

  app.get(
    '/sms-history/recipients',
    {
      schema: {
        summary: "Students the 'Send message' dialog can pick",
        querystring: recipientsQuerySchema,
        response: { 200: apiSuccess(z.array(messageRecipientSchema)) },
      },
    },
    async (request) => {
      const search = textQuery(request.query.search, 60);
      return { success: true as const, data: search ? await findRecipients(app.db, search) : [] };
    },
  );

  app.post(
    '/sms-history/messages',
    {
      schema: {
        summary: "Queue a CUSTOM message to one student's parent",
        body: customMessageSchema,
        response: { 202: apiSuccess(customMessageQueuedSchema) },
      },
    },
    async (request, reply) => {
      const data = await queueCustomMessage(app.db, request.body, request.actor());
      app.outbox.kick();
      return reply.status(202).send({ success: true, data, message: CUSTOM_MESSAGE_MESSAGES.queued });
    },
  );
};
export default smsHistoryRoutes;
