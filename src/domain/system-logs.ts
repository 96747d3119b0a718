import { z } from 'zod';
import { checkDateOrder, dateQuery, idQuery, listQueryFields, textQuery } from './list-filters';
import { paginationSchema } from './api';

/** System Logs. */

/** Page size 20 for logs. */
export const LOG_PAGE_SIZE = 20;

/** UserType filter values, and the role each one names. */
export const LOG_USER_TYPES = ['superAdmin', 'admin', 'student'] as const;
export type LogUserType = (typeof LOG_USER_TYPES)[number];
export const USER_TYPE_ROLE: Record<LogUserType, 'SUPER_ADMIN' | 'ADMIN' | 'STUDENT'> = {
  superAdmin: 'SUPER_ADMIN',
  admin: 'ADMIN',
  student: 'STUDENT',
};
export const USER_TYPE_MESSAGE = 'User type must be superAdmin, admin or student';

export const performedBySchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  employeeId: z.string().nullable(),
  lrn: z.string().nullable(),
});
export type PerformedBy = z.infer<typeof performedBySchema>;

export const systemLogSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** Free structure (e.g. { changes: { field: { from, to } } }), secrets redacted; null when none. */
  details: z.unknown(),
  /** SUPER_ADMIN, ADMIN, STUDENT — or PUBLIC, DEVICE, SYSTEM for entries no user made. */
  userRole: z.string().nullable(),
  userId: z.number().nullable(),
  performedBy: performedBySchema,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The zone its time is read in: its school's (the platform's default for an entry of no school, or a school without one). */
  timeZone: z.string(),
});
export type SystemLog = z.infer<typeof systemLogSchema>;

/** GET /api/super-admin/system-logs → data */
export const systemLogPageSchema = z.object({ logs: z.array(systemLogSchema), pagination: paginationSchema });
export type SystemLogPage = z.infer<typeof systemLogPageSchema>;

/**
 * The filters of the list (page and limit are read by pageParams). action is matched exactly after
 * upper-casing (actions are UPPER_SNAKE: 'create school' finds CREATE_SCHOOL); entity exactly.
 * userType alone filters by role, with userId one user; userId alone is ignored.
 */
const logFilterFields = z.object({
  action: textQuery('Action').transform((v) => v?.toUpperCase().replace(/\s+/g, '_')),
  entity: textQuery('Entity'),
  startDate: dateQuery('Start date'),
  endDate: dateQuery('End date'),
  userType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LOG_USER_TYPES, { error: USER_TYPE_MESSAGE }).optional()),
  userId: idQuery('User ID'),
});
export const logFiltersSchema = logFilterFields.superRefine(checkDateOrder);
export type LogFilters = z.output<typeof logFiltersSchema>;

/** The whole query string of GET /api/super-admin/system-logs: filters, page, sort and `format=csv`. */
export const logQuerySchema = logFilterFields.extend(listQueryFields).superRefine(checkDateOrder);

/** Filter choices for the screen: the actions and entities present in the log. */
export const logFilterOptionsSchema = z.object({ actions: z.array(z.string()), entities: z.array(z.string()) });
export type LogFilterOptions = z.infer<typeof logFilterOptionsSchema>;
