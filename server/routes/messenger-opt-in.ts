import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '../../src/domain/api';
import { messengerOptInSchema } from '../../src/domain/facebook-pages';
import { idParams } from '../../src/domain/validation';
import { messengerOptIn } from '../services/messenger-opt-in';

/** GET /api/super-admin/students/{id}/messenger-opt-in: the parent's m.me link and its QR code (student detail). */
const messengerOptInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/:id/messenger-opt-in',
    {
      schema: {
        summary: "A student's parent Messenger opt-in link and QR code",
        params: idParams('Student not found'),
        response: { 200: apiSuccess(messengerOptInSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await messengerOptIn(app.db, request.params.id, request.actor()) }),
  );
};
export default messengerOptInRoutes;
