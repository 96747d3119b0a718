import type { FastifyInstance } from 'fastify';
import { getDashboardStats } from '../services/dashboard';

/** GET /api/super-admin/dashboard-stats — spec §3 "Dashboard stats" (read-only, no log entry). */
export default async function dashboardRoutes(app: FastifyInstance) {
  app.get('/dashboard-stats', async () => ({ success: true, data: await getDashboardStats(app.db, app.config.schoolTimezone) }));
}
