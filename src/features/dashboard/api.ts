import { request } from '@kit/http';
import type { DashboardStats } from '@domain/dashboard';

export type { DashboardStats };

/** GET /api/super-admin/dashboard-stats ("Dashboard stats"). */
export const fetchDashboardStats = () =>
  request<DashboardStats>('Failed to fetch dashboard statistics', (api) => api.get('super-admin/dashboard-stats'));
