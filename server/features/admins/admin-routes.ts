import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { adminSchema } from '@domain/admins';
import { getAdmin } from './service';

/** GET /api/admin/me: the signed-in school admin, their school and their CURRENT permissions (the console's nav). */
const adminSelfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: { summary: 'My account, school and permissions (school admin)', response: { 200: apiSuccess(adminSchema) } },
      config: { permission: 'OWN_ACCOUNT' },
    },
    async (request) => ({ success: true as const, data: await getAdmin(app.db, request.admin!.adminId) }),
  );
};
export default adminSelfRoutes;
