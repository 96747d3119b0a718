import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { accessHelpSchema, adminSchema } from '@domain/admins';
import { getAdmin } from './service';

/**
 * GET /api/admin/me: the signed-in school admin, their school and their CURRENT permissions (the console's nav).
 * GET /api/admin/access-help: who can grant them access (an admin without any is told whom to ask).
 */
const adminSelfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: { summary: 'My account, school and permissions (school admin)', response: { 200: apiSuccess(adminSchema) } },
      config: { permission: 'OWN_ACCOUNT' },
    },
    async (request) => ({ success: true as const, data: await getAdmin(app.db, request.admin!.adminId) }),
  );

  app.get(
    '/access-help',
    {
      schema: { summary: 'Who can give me permissions and a school', response: { 200: apiSuccess(accessHelpSchema) } },
      config: { permission: 'OWN_ACCOUNT' },
    },
    async () => {
      const rows = await app.db
        .selectFrom('superAdmins')
        .select(['firstName', 'lastName', 'email'])
        .where('isActive', '=', 1)
        .orderBy('id')
        .limit(5)
        .execute();
      const superAdmins = rows.map((r) => ({ name: `${r.firstName} ${r.lastName}`.trim(), email: r.email }));
      return { success: true as const, data: { grantedBy: 'SUPER_ADMIN' as const, superAdmins } };
    },
  );
};
export default adminSelfRoutes;
