import type { Feature } from '@core/feature';
import attendanceRoutes from './routes';
import { setupAttendance } from './setup';

/** The attendance feature: its routes and the work it runs with the server (server/features/index.ts lists it). */
export const attendanceFeature: Feature = {
  name: 'attendance',
  setup: setupAttendance,
  superAdmin: [attendanceRoutes],
};

// What other features may use of it: its door (lint allows no other way in).
export { decideTap } from './rules';
export type { DayRecord, SchoolRules } from './rules';
export { recordsByIds, schoolRules } from './service';
export { cancelAbsences, noClassReason } from './no-class';
