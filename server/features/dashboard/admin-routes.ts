import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { schoolDaySchema } from '@domain/dashboard';
import { adminSchoolId } from '@core/auth/admin-scope';
import { getSchoolDay } from './school-day';

/** GET /api/admin/dashboard: the school admin's school today (figures and who is still missing; read-only). */
const schoolDayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        summary: "My school's day so far: figures and students not arrived",
        response: { 200: apiSuccess(schoolDaySchema) },
      },
      config: { permission: 'VIEW_ATTENDANCE' },
    },
    async (request) => ({
      success: true as const,
      data: await getSchoolDay(app.db, adminSchoolId(request), app.config.schoolTimezone, app.clock.now()),
    }),
  );
};
export default schoolDayRoutes;
