import type { FastifyInstance } from 'fastify';
import { bodyFields } from '../lib/query';
import { syncMessage, syncPermissionsSchema } from '../../src/domain/admins';
import { listPermissions, syncPermissions } from '../services/permissions';

/** The school-admin permission catalogue (spec §6, §7): list, and sync (upsert by name, idempotent). */
export default async function permissionRoutes(app: FastifyInstance) {
  app.get('/permissions', async () => ({ success: true, data: await listPermissions(app.db) }));

  app.post('/permissions/sync', async (request) => {
    const fields = bodyFields(request.body);
    const { additionalPermissions } = syncPermissionsSchema.parse(fields);
    const data = await syncPermissions(app.db, additionalPermissions, request.actor());
    return { success: true, data, message: syncMessage(data) };
  });
}
