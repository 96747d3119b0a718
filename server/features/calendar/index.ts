import type { Feature } from '@core/feature';
import calendarRoutes from './routes';

/** The school calendar feature (issue #23): its routes (server/features/index.ts lists it). */
export const calendarFeature: Feature = {
  name: 'calendar',
  superAdmin: [calendarRoutes],
};

// What other features may use of it: its door (lint allows no other way in).
export { declareNoClassDay, getCalendar, putSchoolYear, removeNoClassDay } from './service';
