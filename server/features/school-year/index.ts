import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { schoolYearRoutes } from './routes';

/** The school year: its rollover (with undo); the same routes for the super admin and a school admin (their own school). */
export const schoolYearFeature: Feature = {
  name: 'school-year',
  superAdmin: [schoolYearRoutes(SUPER_ADMIN_SCOPE)],
  admin: [schoolYearRoutes(ADMIN_SCOPE)],
};

// What other features may use of it: its door (the forms read closed years through it).
export {
  closedYearAt,
  closedYearLabels,
  closedYearLearners,
  closedYearOf,
  closedYearSections,
  type ClosedSection,
  type ClosedYear,
} from './closed-years';
