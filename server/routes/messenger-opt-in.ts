import type { FastifyInstance } from 'fastify';
import { idParam } from '../lib/query';
import { messengerOptIn } from '../services/messenger-opt-in';

/** GET /api/super-admin/students/{id}/messenger-opt-in: the parent's m.me link and its QR code (student detail). */
export default async function messengerOptInRoutes(app: FastifyInstance) {
  app.get('/students/:id/messenger-opt-in', async (request) => {
    const id = idParam((request.params as { id: string }).id, 'Student not found');
    return { success: true, data: await messengerOptIn(app.db, id, request.actor()) };
  });
}
