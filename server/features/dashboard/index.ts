import type { Feature } from '@core/feature';
import dashboardRoutes from './routes';
import schoolDayRoutes from './admin-routes';

/** The dashboard feature: the super admin's statistics, and a school admin's day at their school. */
export const dashboardFeature: Feature = {
  name: 'dashboard',
  superAdmin: [dashboardRoutes],
  admin: [schoolDayRoutes],
};
