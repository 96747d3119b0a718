import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { absentRunsSchema, schoolDaySchema } from '@domain/dashboard';
import { adminSchoolId } from '@core/auth/admin-scope';
import { getSchoolDay } from './school-day';
import { absentRuns } from '../attendance';

/**
 * GET /api/admin/dashboard: the school admin's school today (figures and who is still missing; read-only), and the
 * learners absent five class days in a row lately.
 */
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

  app.get(
    '/dashboard/absent-five-days',
    {
      schema: {
        summary: 'Learners absent five class days or more in a row lately, with the days (for a home visit)',
        response: { 200: apiSuccess(absentRunsSchema) },
      },
      config: { permission: 'VIEW_ATTENDANCE' },
    },
    async (request) => ({
      success: true as const,
      data: await absentRuns(app.db, { schoolId: adminSchoolId(request) }, app.config.schoolTimezone, app.clock.now()),
    }),
  );
};
export default schoolDayRoutes;
