import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { permissionCatalogueSchema, syncMessage, syncPermissionsSchema, syncResultSchema } from '@domain/admins';
import { listPermissions, syncPermissions } from './permissions';

/** The school-admin permission catalogue: list, and sync (upsert by name, idempotent). */
const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/permissions',
    { schema: { summary: 'Permission catalogue', response: { 200: apiSuccess(permissionCatalogueSchema) } } },
    async () => ({ success: true as const, data: await listPermissions(app.db) }),
  );

  app.post(
    '/permissions/sync',
    { schema: { summary: 'Sync permissions', body: syncPermissionsSchema, response: { 200: apiSuccess(syncResultSchema) } } },
    async (request) => {
      const data = await syncPermissions(app.db, request.body.additionalPermissions, request.actor());
      return { success: true as const, data, message: syncMessage(data) };
    },
  );
};
export default permissionRoutes;
