import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { gradeRoutes } from './grades-routes';
import { sectionRoutes } from './sections-routes';

/** The grades-sections feature: the same routes for the super admin (every school) and a school admin (their own). */
export const gradesSectionsFeature: Feature = {
  name: 'grades-sections',
  superAdmin: [gradeRoutes(SUPER_ADMIN_SCOPE), sectionRoutes(SUPER_ADMIN_SCOPE)],
  admin: [gradeRoutes(ADMIN_SCOPE), sectionRoutes(ADMIN_SCOPE)],
};

// What other features may use of it: its door (lint allows no other way in).
export { GRADE_NOT_FOUND } from './grades';
export { SECTION_NOT_FOUND } from './sections';
