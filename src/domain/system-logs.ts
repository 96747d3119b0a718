import { z } from 'zod';
import { checkDateOrder, dateQuery, idQuery, textQuery } from './list-filters';

/** System Logs (spec §2, §3 "System log entry", §7 GET /api/super-admin/system-logs). */

/** Spec §9: page size 20 for logs. */
export const LOG_PAGE_SIZE = 20;

/** Spec §3: userType filter values, and the role each one names. */
export const LOG_USER_TYPES = ['superAdmin', 'admin', 'student'] as const;
export type LogUserType = (typeof LOG_USER_TYPES)[number];
export const USER_TYPE_ROLE: Record<LogUserType, 'SUPER_ADMIN' | 'ADMIN' | 'STUDENT'> = {
  superAdmin: 'SUPER_ADMIN',
  admin: 'ADMIN',
  student: 'STUDENT',
};
export const USER_TYPE_MESSAGE = 'User type must be superAdmin, admin or student';

export interface PerformedBy {
  name: string | null;
  email: string | null;
  employeeId: string | null;
  lrn: string | null;
}

export interface SystemLog {
  id: number;
  createdAt: string;
  action: string;
  entity: string;
  entityId: string | null;
  /** Free structure (e.g. { changes: { field: { from, to } } }), secrets redacted; null when none. */
  details: unknown;
  /** SUPER_ADMIN, ADMIN, STUDENT — or PUBLIC, DEVICE, SYSTEM for entries no user made. */
  userRole: string | null;
  userId: number | null;
  performedBy: PerformedBy;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The filters of the list (page and limit are read by pageParams). action is matched exactly after
 * upper-casing (actions are UPPER_SNAKE: 'create school' finds CREATE_SCHOOL); entity exactly.
 * userType and userId filter only together (either alone is ignored, spec §7).
 */
export const logFiltersSchema = z
  .object({
    action: textQuery('Action').transform((v) => v?.toUpperCase().replace(/\s+/g, '_')),
    entity: textQuery('Entity'),
    startDate: dateQuery('Start date'),
    endDate: dateQuery('End date'),
    userType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LOG_USER_TYPES, { error: USER_TYPE_MESSAGE }).optional()),
    userId: idQuery('User ID'),
  })
  .superRefine(checkDateOrder);
export type LogFilters = z.output<typeof logFiltersSchema>;

/** Filter choices for the screen: the actions and entities present in the log. */
export interface LogFilterOptions {
  actions: string[];
  entities: string[];
}
