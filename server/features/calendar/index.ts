import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import calendarRoutes from './routes';

/** The school calendar feature: the same routes for the super admin (every school) and a school admin (their own). */
export const calendarFeature: Feature = {
  name: 'calendar',
  superAdmin: [calendarRoutes(SUPER_ADMIN_SCOPE)],
  admin: [calendarRoutes(ADMIN_SCOPE)],
};

// What other features may use of it: its door (lint allows no other way in).
export { declareNoClassDay, getCalendar, loadYearHolidays, putSchoolYear, removeNoClassDay } from './service';
