import type { Feature } from '@core/feature';
import adminRoutes from './routes';
import permissionRoutes from './permissions-routes';
import adminSelfRoutes from './admin-routes';

/** The admins feature: its routes (server/features/index.ts lists it). */
export const adminsFeature: Feature = {
  name: 'admins',
  superAdmin: [adminRoutes, permissionRoutes],
  admin: [adminSelfRoutes],
  uploads: [{ table: 'admins', urls: (db) => db.selectFrom('admins').select(['id', 'profilePictureUrl as url']).execute() }],
};
