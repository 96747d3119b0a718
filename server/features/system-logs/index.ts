import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { systemLogRoutes } from './routes';

/** The system-logs feature: the whole log for the super admin, a school's activity log for its admins. */
export const systemLogsFeature: Feature = {
  name: 'system-logs',
  superAdmin: [systemLogRoutes(SUPER_ADMIN_SCOPE)],
  admin: [systemLogRoutes(ADMIN_SCOPE)],
};
