import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSuccess } from '@domain/api';
import { dashboardStatsSchema } from '@domain/dashboard';
import { getDashboardStats } from './service';

/** GET /api/super-admin/dashboard-stats — "Dashboard stats" (read-only, no log entry). */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard-stats',
    { schema: { summary: 'Dashboard statistics', response: { 200: apiSuccess(dashboardStatsSchema) } } },
    async () => ({
      success: true as const,
      data: await getDashboardStats(app.db, app.config.schoolTimezone, new Date(), app.clock.now()),
    }),
  );
};
export default dashboardRoutes;
