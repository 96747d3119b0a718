import type { FastifyInstance } from 'fastify';
import { ORDER_MESSAGES, orderStatusSchema } from '../../src/domain/orders';
import { bodyFields, idParam } from '../lib/query';
import { listOrders, updateOrderStatus } from '../services/orders';

/** /api/super-admin/orders (spec §7). Public order submission is POST /api/inquiries/orders. */
export default async function orderRoutes(app: FastifyInstance) {
  app.get('/orders', async () => ({ success: true, data: await listOrders(app.db) }));

  app.patch('/orders/:id/status', async (request) => {
    const id = idParam((request.params as { id: string }).id, ORDER_MESSAGES.notFound);
    const fields = bodyFields(request.body);
    const { status } = orderStatusSchema.parse(fields);
    const data = await updateOrderStatus(app.db, id, status, request.actor());
    return { success: true, data, message: ORDER_MESSAGES.statusUpdated };
  });
}
