import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiDone, apiSuccess } from '@domain/api';
import { INQUIRY_MESSAGES, inquiryRecordSchema, inquirySchema } from '@domain/inquiries';
import { ORDER_MESSAGES, orderSchema } from '@domain/systems/orders';
import { honeypotFilled, PUBLIC_FORM_BODY_LIMIT } from '@domain/public-forms';
import { systemSchema } from '@domain/systems';
import { idParams } from '@domain/validation';
import { createInquiry, deleteInquiry, getInquiry, listInquiries } from './service';
import { createOrder } from '../systems';
import { listSystems } from '../systems';

/**
 * /api/inquiries: the public site's calls (systems catalogue, contact form, orders) and the
 * console's inquiry list, detail and delete (super admin only).
 */
const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const superAdmin = { onRequest: app.requireSuperAdmin };
  const params = idParams(INQUIRY_MESSAGES.notFound);

  /**
   * A public form: JSON only, at most 16 KB, rate-limited per address. A filled honeypot gets the same
   * answer as a real submission before anything is validated or stored (bots learn nothing).
   */
  const publicForm = (message: string) => ({
    bodyLimit: PUBLIC_FORM_BODY_LIMIT,
    config: { rateLimit: { max: app.config.rateLimits.publicFormsPerMinute, timeWindow: '1 minute' } },
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      if (honeypotFilled(request.body ?? {})) return reply.status(201).send({ success: true, data: null, message });
    },
  });

  app.get(
    '/systems',
    { schema: { summary: 'Public systems catalogue', security: [], response: { 200: apiSuccess(z.array(systemSchema)) } } },
    async () => ({ success: true as const, data: await listSystems(app.db) }),
  );

  app.post(
    '/',
    {
      ...publicForm(INQUIRY_MESSAGES.sent),
      schema: { summary: 'Send a contact-form message', security: [], body: inquirySchema, response: { 201: apiDone } },
    },
    async (request, reply) => {
      await createInquiry(app.db, request.body, request.actor());
      return reply.status(201).send({ success: true, data: null, message: INQUIRY_MESSAGES.sent });
    },
  );

  app.post(
    '/orders',
    {
      ...publicForm(ORDER_MESSAGES.submitted),
      schema: { summary: 'Order a system (public site)', security: [], body: orderSchema, response: { 201: apiDone } },
    },
    async (request, reply) => {
      await createOrder(app.db, request.body, request.actor());
      return reply.status(201).send({ success: true, data: null, message: ORDER_MESSAGES.submitted });
    },
  );

  app.get(
    '/',
    { ...superAdmin, schema: { summary: 'List inquiries', response: { 200: apiSuccess(z.array(inquiryRecordSchema)) } } },
    async () => ({ success: true as const, data: await listInquiries(app.db) }),
  );

  app.get(
    '/:id',
    { ...superAdmin, schema: { summary: 'One inquiry', params, response: { 200: apiSuccess(inquiryRecordSchema) } } },
    async (request) => ({ success: true as const, data: await getInquiry(app.db, request.params.id) }),
  );

  app.delete(
    '/:id',
    { ...superAdmin, schema: { summary: 'Delete an inquiry', params, response: { 200: apiDone } } },
    async (request) => {
      await deleteInquiry(app.db, request.params.id, request.actor());
      return { success: true as const, data: null, message: INQUIRY_MESSAGES.deleted };
    },
  );
};
export default inquiryRoutes;
