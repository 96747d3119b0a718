import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import reportRoutes from './routes';

/** The reports feature (DepEd School Forms 1, 2 and 4): the same routes for the super admin and a school admin (own school). */
export const reportsFeature: Feature = {
  name: 'reports',
  superAdmin: [reportRoutes(SUPER_ADMIN_SCOPE)],
  admin: [reportRoutes(ADMIN_SCOPE)],
};

// What other features may use of it: its door (a school admin's routes call these with their own school).
export { sectionSf2, renderSf2, schoolSf2Zip, sf2Choices, sf2Filename } from './sf2-service';
export { buildSf2 } from './sf2-form';
export { buildSf1 } from './sf1-form';
export { loadSf1Learners, sectionSf1 } from './sf1-data';
