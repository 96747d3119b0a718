import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { studentRoutes } from './routes';
import { studentImportRoutes } from './import-routes';
import { matchingRoutes } from './matching-routes';

/** The students feature: the same routes for the super admin (every school) and a school admin (their own). */
export const studentsFeature: Feature = {
  name: 'students',
  superAdmin: [studentRoutes(SUPER_ADMIN_SCOPE), studentImportRoutes(SUPER_ADMIN_SCOPE), matchingRoutes(SUPER_ADMIN_SCOPE)],
  admin: [studentRoutes(ADMIN_SCOPE), studentImportRoutes(ADMIN_SCOPE), matchingRoutes(ADMIN_SCOPE)],
  uploads: [{ table: 'students', urls: (db) => db.selectFrom('students').select(['id', 'profilePictureUrl as url']).execute() }],
};

// What other features may use of it: its door.
export { resolveSearch, studentSearch, type ResolvedSearch } from './search';
