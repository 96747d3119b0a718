import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiSuccess } from '@domain/api';
import { ORDER_MESSAGES, orderRecordSchema, orderStatusSchema } from '@domain/systems/orders';
import { idParams } from '@domain/validation';
import { listOrders, updateOrderStatus } from './orders';

/** /api/super-admin/orders. Public order submission is POST /api/inquiries/orders. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    { schema: { summary: 'List orders', response: { 200: apiSuccess(z.array(orderRecordSchema)) } } },
    async () => ({
      success: true as const,
      data: await listOrders(app.db),
    }),
  );

  app.patch(
    '/orders/:id/status',
    {
      schema: {
        summary: 'Change an order status',
        params: idParams(ORDER_MESSAGES.notFound),
        body: orderStatusSchema,
        response: { 200: apiSuccess(orderRecordSchema) },
      },
    },
    async (request) => {
      const data = await updateOrderStatus(app.db, request.params.id, request.body.status, request.actor());
      return { success: true as const, data, message: ORDER_MESSAGES.statusUpdated };
    },
  );
};
export default orderRoutes;
