import type { Executor } from '@core/db/index';
import type { Selectable } from 'kysely';
import type { SystemLogTable } from '@core/db/schema';
import { paginate, type CsvColumn, type Pagination, type SortOrder } from '@core/http/paginate';
import { dayRangeUtc } from '@core/time/day-range';
import { isTimeZone } from '@domain/attendance';
import { USER_TYPE_ROLE, type LogFilterOptions, type LogFilters, type PerformedBy, type SystemLog } from '@domain/system-logs';

/** Columns a client may sort the log by (newest first unless asked otherwise). */
export const LOG_SORTS = {
  createdAt: 'systemLogs.createdAt',
  action: 'systemLogs.action',
  entity: 'systemLogs.entity',
} as const;
export type LogSort = { column: (typeof LOG_SORTS)[keyof typeof LOG_SORTS]; sortOrder: SortOrder };
export const DEFAULT_LOG_SORT = { sortBy: 'createdAt', sortOrder: 'desc' } as const;

type LogRow = Selectable<SystemLogTable> & { schoolTimezone?: string | null };

function parseJson(text: string | null): unknown {
  if (text == null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A stored row as "System log entry" (details and performedBy parsed), its time read in its school's zone. */
export function toLog(row: LogRow, defaultZone: string): SystemLog {
  const who = (parseJson(row.performedBy) ?? {}) as Record<string, unknown>;
  const performedBy: PerformedBy = {
    name: str(who.name),
    email: str(who.email),
    employeeId: str(who.employeeId),
    lrn: str(who.lrn),
  };
  return {
    id: Number(row.id),
    createdAt: row.createdAt,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    details: parseJson(row.details),
    userRole: row.userRole,
    userId: row.userId == null ? null : Number(row.userId),
    performedBy,
    ip: row.ip,
    userAgent: row.userAgent,
    timeZone: row.schoolTimezone && isTimeZone(row.schoolTimezone) ? row.schoolTimezone : defaultZone,
  };
}

/**
 * The filtered, ordered log (no limit): a page is cut from it, the CSV export streams all of it.
 * Dates are school-local calendar days, inclusive at both ends. userType alone filters by role (the
 * super admin lists what school admins did), with userId one user; userId alone is ignored. `schoolId`: a school's
 * activity log (the entries its admins wrote).
 */
export function logsQuery(db: Executor, filters: LogFilters & { schoolId?: number }, sort: LogSort, timeZone: string) {
  const { from, until } = dayRangeUtc(filters.startDate, filters.endDate, timeZone);
  let q = db
    .selectFrom('systemLogs')
    .leftJoin('schools', 'schools.id', 'systemLogs.schoolId')
    .selectAll('systemLogs')
    .select('schools.timezone as schoolTimezone');
  if (filters.action) q = q.where('systemLogs.action', '=', filters.action);
  if (filters.entity) q = q.where('systemLogs.entity', '=', filters.entity);
  if (from) q = q.where('systemLogs.createdAt', '>=', from);
  if (until) q = q.where('systemLogs.createdAt', '<', until);
  if (filters.userType) q = q.where('systemLogs.userRole', '=', USER_TYPE_ROLE[filters.userType]);
  if (filters.userType && filters.userId) q = q.where('systemLogs.userId', '=', filters.userId);
  if (filters.schoolId != null) q = q.where('systemLogs.schoolId', '=', filters.schoolId);
  return q.orderBy(sort.column, sort.sortOrder).orderBy('systemLogs.id', sort.sortOrder);
}

export async function listSystemLogs(
  db: Executor,
  filters: LogFilters & { schoolId?: number },
  params: { page: number; limit: number },
  sort: LogSort,
  timeZone: string,
): Promise<{ logs: SystemLog[]; pagination: Pagination }> {
  const { rows, pagination } = await paginate(logsQuery(db, filters, sort, timeZone), params);
  return { logs: rows.map((r) => toLog(r, timeZone)), pagination };
}

/**
 * The query of a CSV export: the filtered log as it stands when the export starts (entries written while
 * it streams have higher ids and stay out, so batches never shift).
 */
export async function logsForExport(db: Executor, filters: LogFilters & { schoolId?: number }, sort: LogSort, timeZone: string) {
  const top = await db
    .selectFrom('systemLogs')
    .select((eb) => eb.fn.max('systemLogs.id').as('maxId'))
    .executeTakeFirst();
  return logsQuery(db, filters, sort, timeZone).where('systemLogs.id', '<=', Number(top?.maxId ?? 0));
}

export const LOG_CSV_COLUMNS: Array<CsvColumn<SystemLog>> = [
  { header: 'Date', value: (l) => l.createdAt },
  { header: 'Action', value: (l) => l.action },
  { header: 'Entity', value: (l) => l.entity },
  { header: 'Entity ID', value: (l) => l.entityId },
  { header: 'Performed By', value: (l) => l.performedBy.name },
  { header: 'Email', value: (l) => l.performedBy.email },
  { header: 'Employee ID', value: (l) => l.performedBy.employeeId },
  { header: 'LRN', value: (l) => l.performedBy.lrn },
  { header: 'Role', value: (l) => l.userRole },
  { header: 'User ID', value: (l) => l.userId },
  { header: 'IP', value: (l) => l.ip },
  { header: 'Details', value: (l) => l.details },
];

/** The actions and entities present in the log (choices of the screen's filters), sorted. */
export async function logFilterOptions(db: Executor, schoolId?: number): Promise<LogFilterOptions> {
  const base = () =>
    schoolId == null ? db.selectFrom('systemLogs') : db.selectFrom('systemLogs').where('schoolId', '=', schoolId);
  const [actions, entities] = await Promise.all([
    base().select('action').distinct().orderBy('action').execute(),
    base().select('entity').distinct().orderBy('entity').execute(),
  ]);
  return { actions: actions.map((r) => r.action), entities: entities.map((r) => r.entity) };
}
