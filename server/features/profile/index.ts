import type { Feature } from '@core/feature';
import profileRoutes from './routes';

/** The profile feature: its routes (server/features/index.ts lists it). */
export const profileFeature: Feature = {
  name: 'profile',
  superAdmin: [profileRoutes],
  uploads: [
    { table: 'super_admins', urls: (db) => db.selectFrom('superAdmins').select(['id', 'profilePictureUrl as url']).execute() },
  ],
};
