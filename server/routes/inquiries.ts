import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INQUIRY_MESSAGES, inquirySchema } from '../../src/domain/inquiries';
import { ORDER_MESSAGES, orderSchema } from '../../src/domain/orders';
import { honeypotFilled } from '../../src/domain/public-forms';
import { bodyFields, idParam } from '../lib/query';
import { createInquiry, deleteInquiry, getInquiry, listInquiries } from '../services/inquiries';
import { createOrder } from '../services/orders';
import { listSystems } from '../services/systems';

/**
 * /api/inquiries (spec §7): the public site's calls (systems catalogue, contact form, orders) and the
 * console's inquiry list, detail and delete (super admin only).
 */
export default async function inquiryRoutes(app: FastifyInstance) {
  const publicForm = { config: { rateLimit: { max: app.config.rateLimits.publicFormsPerMinute, timeWindow: '1 minute' } } };
  const superAdmin = { onRequest: app.requireSuperAdmin };

  /**
   * A public form post: a filled honeypot gets the same answer as a real submission, and nothing is
   * stored or validated (bots learn nothing). Otherwise `save` stores the parsed input.
   */
  async function publicSubmission(request: FastifyRequest, save: (fields: Record<string, unknown>) => Promise<unknown>) {
    const fields = bodyFields(request.body);
    if (!honeypotFilled(fields)) await save(fields);
  }

  app.get('/systems', async () => ({ success: true, data: await listSystems(app.db) }));

  app.post('/', publicForm, async (request, reply) => {
    await publicSubmission(request, (fields) => createInquiry(app.db, inquirySchema.parse(fields), request.actor()));
    return reply.status(201).send({ success: true, data: null, message: INQUIRY_MESSAGES.sent });
  });

  app.post('/orders', publicForm, async (request, reply) => {
    await publicSubmission(request, (fields) => createOrder(app.db, orderSchema.parse(fields), request.actor()));
    return reply.status(201).send({ success: true, data: null, message: ORDER_MESSAGES.submitted });
  });

  app.get('/', superAdmin, async () => ({ success: true, data: await listInquiries(app.db) }));

  app.get('/:id', superAdmin, async (request) => {
    const id = idParam((request.params as { id: string }).id, INQUIRY_MESSAGES.notFound);
    return { success: true, data: await getInquiry(app.db, id) };
  });

  app.delete('/:id', superAdmin, async (request) => {
    const id = idParam((request.params as { id: string }).id, INQUIRY_MESSAGES.notFound);
    await deleteInquiry(app.db, id, request.actor());
    return { success: true, data: null, message: INQUIRY_MESSAGES.deleted };
  });
}
