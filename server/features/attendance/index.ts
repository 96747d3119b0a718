import type { Feature } from '@core/feature';
import { ADMIN_SCOPE, SUPER_ADMIN_SCOPE } from '@core/http/school-scope';
import { attendanceRoutes } from './routes';
import { setupAttendance } from './setup';
import { schoolSettingsRoutes } from './settings-routes';

/** The attendance feature: its routes (super admin: every school; school admin: their own) and its jobs. */
export const attendanceFeature: Feature = {
  name: 'attendance',
  setup: setupAttendance,
  superAdmin: [attendanceRoutes(SUPER_ADMIN_SCOPE), schoolSettingsRoutes(SUPER_ADMIN_SCOPE)],
  // A school's own settings (class days, cutoffs, School ID, head) under MANAGE_SCHOOL_SETTINGS.
  admin: [attendanceRoutes(ADMIN_SCOPE), schoolSettingsRoutes(ADMIN_SCOPE)],
};

// What other features may use of it: its door (lint allows no other way in).
export { decideTap, forgetSchoolRules, isSchoolDay, lastMarkedDay, RULES_TTL_MS, schoolRulesChanges } from './rules';
export type { DayRecord, SchoolRules } from './rules';
export { insertDays, pgChangedDays, pgNewDays, updateDays, type BindColumn, type DayState } from './day-writes';
export { recordsByIds, schoolRules } from './service';
export { cancelAbsences, noClassReason } from './no-class';
export { absentRuns } from './absent-runs';
