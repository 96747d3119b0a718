import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '@core/db/index';
import type { Database } from '@core/db/schema';
import { addDays, lastLocalDays, startOfLocalDay } from '@core/time/time';
import {
  ATTENDANCE_STATUSES,
  DASHBOARD_LIMITS as LIMITS,
  RECENT_ACTIVITY_LEFT_OUT,
  SMS_TYPES,
  formatDay,
  type DashboardRecentLog,
  type DashboardSmsLog,
  type DashboardStats,
  type DayCount,
} from '@domain/dashboard';

/*
 * GET /api/super-admin/dashboard-stats ("Dashboard stats"), computed from the real tables.
 *
 * Every chart number is a count of one index range: a local day of the school time zone becomes a
 * [start, end) range of ISO-8601 UTC instants (right across DST changes; no offset arithmetic in SQL),
 * a status or type an equality on an indexed column. countEach() asks for all the ranges of a chart in
 * one statement of scalar subqueries — plain SQL on SQLite and PostgreSQL alike, where each subquery
 * only walks its own index range (no table rows, no GROUP BY sort). Days without rows count 0.
 * Attendance is read from the rollups that triggers keep (migration 0022, by its `date` column, which already
 * holds the school-local day), so its cost does not grow with the history. Indexes: migrations 0001 and 0003;
 * figures: docs/benchmarks.md "Dashboard and system logs" and "Cost flat in size".
 */

type Db = Kysely<Database>;
type Ranged = 'systemLogs' | 'smsNotifications';
type Filter<T extends Ranged> = (qb: SelectQueryBuilder<Database, T, object>) => SelectQueryBuilder<Database, T, object>;

/** count(*) of each filter over one table, in one statement. */
async function countEach<T extends Ranged>(db: Executor, table: T, filters: Array<Filter<T>>): Promise<number[]> {
  const row = await (db as unknown as Db)
    .selectNoFrom((eb) =>
      filters.map((filter, i) =>
        filter(eb.selectFrom(table) as unknown as SelectQueryBuilder<Database, T, object>)
          .select((e) => e.fn.countAll<number>().as('n'))
          .as(`c${i}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const values = row as Record<string, number | string | null>;
  return filters.map((_, i) => Number(values[`c${i}`] ?? 0));
}

interface DayRange {
  date: string;
  start: string;
  end: string;
}

/** The last n local days (oldest first) as UTC [start, end) ranges. */
export function localDayRanges(n: number, timeZone: string, now: Date): DayRange[] {
  return lastLocalDays(n, timeZone, now).map((date) => ({
    date,
    start: startOfLocalDay(date, timeZone).toISOString(),
    end: startOfLocalDay(addDays(date, 1), timeZone).toISOString(),
  }));
}

/** Rows per local day of one timestamp column, zero-filled. */
async function countPerDay<T extends 'systemLogs' | 'smsNotifications'>(
  db: Executor,
  table: T,
  column: T extends 'smsNotifications' ? 'sentAt' : 'createdAt',
  days: DayRange[],
): Promise<DayCount[]> {
  const ref = sql.ref<string>(column);
  const counts = await countEach(
    db,
    table,
    days.map((d) => (qb) => qb.where(ref, '>=', d.start).where(ref, '<', d.end)),
  );
  return days.map((d, i) => ({ formattedDate: formatDay(d.date), count: counts[i]! }));
}

/**
 * Schools, active admins and all attendance records in one statement (each statement costs a round
 * trip and a plan; the counts are small). Attendance is the per-school totals kept by triggers (migration 0022).
 */
async function counts(db: Executor): Promise<Omit<DashboardStats['counts'], 'students'>> {
  const row = await (db as unknown as Db)
    .selectNoFrom((eb) => [
      eb
        .selectFrom('schools')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('schools'),
      eb
        .selectFrom('admins')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('isActive', '=', 1)
        .as('admins'),
      eb
        .selectFrom('attendanceSchoolTotals')
        .select((e) => e.fn.sum<number>('n').as('n'))
        .as('attendance'),
    ])
    .executeTakeFirstOrThrow();
  return { schools: Number(row.schools ?? 0), admins: Number(row.admins ?? 0), totalAttendance: Number(row.attendance ?? 0) };
}

/**
 * Records per status over the last 30 local days; always the four statuses, in their chart order. Read from the
 * daily rollup (migration 0022): days × schools × statuses rows, not the records themselves.
 */
async function attendanceDistribution(
  db: Executor,
  timeZone: string,
  now: Date,
): Promise<DashboardStats['attendanceDistribution']> {
  const days = lastLocalDays(LIMITS.attendanceDays, timeZone, now);
  const rows = await db
    .selectFrom('attendanceDailyCounts')
    .select(['status', (e) => e.fn.sum<number>('n').as('n')])
    .where('date', '>=', days[0]!)
    .where('date', '<=', days[days.length - 1]!)
    .groupBy('status')
    .execute();
  const per = new Map(rows.map((r) => [r.status, Number(r.n)]));
  return { labels: [...ATTENDANCE_STATUSES], data: ATTENDANCE_STATUSES.map((status) => per.get(status) ?? 0) };
}

/** Notifications per type created since the start of the 30-day window; types that occur, most frequent first. */
async function smsTypeDistribution(db: Executor, since: string): Promise<DashboardStats['smsTypeDistribution']> {
  const data = await countEach(
    db,
    'smsNotifications',
    SMS_TYPES.map((type) => (qb) => qb.where('type', '=', type).where('createdAt', '>=', since)),
  );
  return SMS_TYPES.map((type, i) => ({ type: type as string, count: data[i]! }))
    .filter((t) => t.count > 0)
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/**
 * The five schools with the most active (not archived) students — schools without students count 0 — and the
 * number of active students, from the per-school counts the triggers keep (migration 0023: an index walk over
 * every student would grow with the roll). The full join keeps the students without a school
 * (school 0) and the counts of deleted schools (0 by then) in the window total, in rows with no school id that sort
 * last and are not listed; the window sum is taken before the limit.
 */
async function studentsAndTopSchools(db: Executor): Promise<{ students: number; top: DashboardStats['topSchools'] }> {
  const perSchool = db
    .selectFrom('studentCounts')
    .select(['schoolId', 'n'])
    .where('isArchived', '=', 0)
    .where('isActive', '=', 1)
    .as('c');
  const rows = await db
    .selectFrom('schools as s')
    .fullJoin(perSchool, 'c.schoolId', 's.id')
    .select([
      's.id',
      's.name',
      sql<number>`coalesce(c.n, 0)`.as('students'),
      sql<number>`sum(coalesce(c.n, 0)) over ()`.as('total'),
    ])
    .orderBy(sql`case when s.id is null then 1 else 0 end`)
    .orderBy('students', 'desc')
    .orderBy('s.name')
    .orderBy('s.id')
    .limit(LIMITS.topSchools)
    .execute();
  return {
    students: Number(rows[0]?.total ?? 0),
    top: rows.flatMap((r) => (r.id === null || r.name === null ? [] : [{ name: r.name, students: Number(r.students) }])),
  };
}

const person = (first: string | null, last: string | null) =>
  first === null ? null : { firstName: first, lastName: last ?? '' };

/** The latest notifications with their student, school acronym and the user who sent them (if any). */
async function smsLogs(db: Executor, defaultTimeZone: string): Promise<DashboardSmsLog[]> {
  const rows = await db
    .selectFrom('smsNotifications as n')
    .leftJoin('students as st', 'st.id', 'n.studentId')
    .leftJoin('schools as sc', 'sc.id', 'st.schoolId')
    .leftJoin('admins as a', (j) => j.onRef('a.id', '=', 'n.senderId').on('n.senderRole', '=', 'ADMIN'))
    .leftJoin('superAdmins as sa', (j) => j.onRef('sa.id', '=', 'n.senderId').on('n.senderRole', '=', 'SUPER_ADMIN'))
    .select([
      'n.id',
      'n.createdAt',
      'n.type',
      'n.status',
      'n.message',
      'n.phoneNumber',
      'st.firstName as studentFirstName',
      'st.lastName as studentLastName',
      'st.parentPhone',
      'sc.acronym',
      'sc.timezone',
      'a.firstName as adminFirstName',
      'a.lastName as adminLastName',
      'sa.firstName as superAdminFirstName',
      'sa.lastName as superAdminLastName',
    ])
    .orderBy('n.createdAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(LIMITS.recentSmsLogs)
    .execute();
  return rows.map((r) => {
    const student = person(r.studentFirstName, r.studentLastName);
    return {
      id: r.id,
      createdAt: r.createdAt,
      type: r.type,
      status: r.status,
      message: r.message,
      phoneNumber: r.phoneNumber,
      student: student && { ...student, parentPhone: r.parentPhone, school: r.acronym === null ? null : { acronym: r.acronym } },
      sender: person(r.adminFirstName, r.adminLastName) ?? person(r.superAdminFirstName, r.superAdminLastName),
      timeZone: r.timezone ?? defaultTimeZone,
    };
  });
}

const ROLE_KEYS = { SUPER_ADMIN: 'superAdmin', ADMIN: 'admin', STUDENT: 'student' } as const;

/** The snapshot name of a user who no longer exists, as firstName (lastName empty). */
function snapshotName(performedBy: string | null): string | null {
  try {
    const name = (JSON.parse(performedBy ?? 'null') as { name?: unknown } | null)?.name;
    return typeof name === 'string' && name ? name : null;
  } catch {
    return null;
  }
}

/** The latest system-log entries with the first and last name of who did them (current name, else the snapshot). */
async function recentLogs(db: Executor): Promise<DashboardRecentLog[]> {
  const latest = await db
    .selectFrom('systemLogs')
    .select(['id', 'action', 'entity', 'createdAt', 'userRole', 'userId', 'performedBy'])
    .where('action', 'not in', [...RECENT_ACTIVITY_LEFT_OUT])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(LIMITS.recentLogs)
    .execute();
  const idsOf = (role: string) => [
    ...new Set(latest.filter((l) => l.userRole === role && l.userId !== null).map((l) => l.userId!)),
  ];
  const load = async (table: 'superAdmins' | 'admins' | 'students', role: keyof typeof ROLE_KEYS) => {
    const ids = idsOf(role);
    const rows = ids.length
      ? await db.selectFrom(table).select(['id', 'firstName', 'lastName']).where('id', 'in', ids).execute()
      : [];
    return new Map(rows.map((r) => [`${role}:${r.id}`, { firstName: r.firstName, lastName: r.lastName }]));
  };
  // Side by side: on PostgreSQL each goes out on its own pooled connection (they were three round trips in a row).
  const loaded = await Promise.all([load('superAdmins', 'SUPER_ADMIN'), load('admins', 'ADMIN'), load('students', 'STUDENT')]);
  const names = new Map(loaded.flatMap((m) => [...m]));
  return latest.map((l) => {
    const entry: DashboardRecentLog = { id: l.id, action: l.action, entity: l.entity, createdAt: l.createdAt };
    const key = ROLE_KEYS[l.userRole as keyof typeof ROLE_KEYS];
    if (key) {
      const fallback = snapshotName(l.performedBy);
      const name = names.get(`${l.userRole}:${l.userId}`) ?? (fallback ? { firstName: fallback, lastName: '' } : undefined);
      if (name) entry[key] = name;
    }
    return entry;
  });
}

/**
 * The whole Dashboard stats object. Read-only: writes no log entry. `schoolNow` (the school clock) picks the days of attendance; the other charts count record-keeping stamps, which
 * follow the system clock `now`.
 */
export async function getDashboardStats(
  db: Executor,
  timeZone: string,
  now = new Date(),
  schoolNow = now,
): Promise<DashboardStats> {
  const week = localDayRanges(LIMITS.activityDays, timeZone, now);
  const smsWeek = localDayRanges(LIMITS.smsPerDayDays, timeZone, now);
  const smsTypeSince = localDayRanges(LIMITS.smsTypeDays, timeZone, now)[0]!.start;
  const [c, students, activityChart, attendance, smsSentByDay, smsTypes, sms, logs] = await Promise.all([
    counts(db),
    studentsAndTopSchools(db),
    countPerDay(db, 'systemLogs', 'createdAt', week),
    attendanceDistribution(db, timeZone, schoolNow),
    countPerDay(db, 'smsNotifications', 'sentAt', smsWeek),
    smsTypeDistribution(db, smsTypeSince),
    smsLogs(db, timeZone),
    recentLogs(db),
  ]);
  return {
    counts: { schools: c.schools, admins: c.admins, students: students.students, totalAttendance: c.totalAttendance },
    activityChart,
    attendanceDistribution: attendance,
    smsSentByDay,
    smsTypeDistribution: smsTypes,
    topSchools: students.top,
    smsLogs: sms,
    recentLogs: logs,
  };
}
