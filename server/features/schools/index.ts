import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { schoolRoutes } from './routes';
import contractFileRoutes from './contract-files-routes';
import { noticeTemplateRoutes } from './notice-templates-routes';

/** The schools feature: its routes (server/features/index.ts lists it). */
export const schoolsFeature: Feature = {
  name: 'schools',
  superAdmin: [schoolRoutes(SUPER_ADMIN_SCOPE), contractFileRoutes, noticeTemplateRoutes(SUPER_ADMIN_SCOPE)],
  // A school admin: their own school's profile, logo and notice templates (MANAGE_SCHOOL_PROFILE).
  admin: [schoolRoutes(ADMIN_SCOPE), noticeTemplateRoutes(ADMIN_SCOPE)],
  uploads: [
    { table: 'schools', urls: (db) => db.selectFrom('schools').select(['id', 'logoUrl as url']).execute() },
    { table: 'contract_files', urls: (db) => db.selectFrom('contractFiles').select(['id', 'fileUrl as url']).execute() },
  ],
};

// What other features may use of it: its door (lint allows no other way in).
export { SCHOOL_NOT_FOUND, requireSchool } from './service';
