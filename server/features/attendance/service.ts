import type { Executor } from '@core/db/index';
import { localDate, nowIso } from '@core/time/time';
import { badRequest, notFound } from '@core/http/errors';
import { inOrder, makePagination, pageIds, type Pagination } from '@core/http/paginate';
import { writeLog, diff, type Actor } from '@core/audit-log';
import { requireSchool } from '../schools';
import { resolveSearch, studentSearch, type ResolvedSearch } from '../students';
import { forgetSchoolRules, type SchoolRules } from './rules';
import { cancelAbsences, noClassReason } from './no-class';
import {
  excuseDateProblem,
  type AttendanceRecord,
  type AttendanceSettings,
  type AttendanceSettingsUpdate,
  type AttendanceStatus,
  type ExcuseInput,
  type HistoryFilters,
} from '@domain/attendance';
import { currentSchoolYear } from '@domain/calendar';

/*
 * Attendance History, the attendance settings of a school, and EXCUSED by a super admin.
 * Records are written by tap intake (features/rfid/taps.ts) and the absence job (features/attendance/absence-job.ts).
 */

const historyQuery = (db: Executor) =>
  db
    .selectFrom('attendanceRecords as a')
    .innerJoin('students as s', 's.id', 'a.studentId')
    .leftJoin('grades as g', 'g.id', 's.gradeId')
    .leftJoin('sections as sec', 'sec.id', 's.sectionId')
    .leftJoin('schools as sch', 'sch.id', 'a.schoolId')
    .leftJoin('rfidReaders as r', 'r.id', 'a.readerId')
    .select([
      'a.id',
      'a.studentId',
      'a.schoolId',
      'a.status',
      'a.date',
      'a.checkInAt',
      'a.checkOutAt',
      'a.cardId',
      'a.note',
      's.firstName',
      's.lastName',
      'g.name as gradeName',
      'sec.name as sectionName',
      'sch.acronym as schoolAcronym',
      'sch.timezone as schoolTimezone',
      'r.name as readerName',
      'r.location as readerLocation',
    ]);

type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyQuery>['executeTakeFirstOrThrow']>>;

function toRecord(r: HistoryRow, defaultTimeZone: string): AttendanceRecord {
  return {
    id: r.id,
    studentId: r.studentId,
    schoolId: r.schoolId,
    student: {
      firstName: r.firstName,
      lastName: r.lastName,
      grade: r.gradeName,
      section: r.sectionName,
      school: r.schoolAcronym ? { acronym: r.schoolAcronym } : null,
    },
    status: r.status as AttendanceStatus,
    date: r.date,
    checkInAt: r.checkInAt,
    checkOutAt: r.checkOutAt,
    reader: r.readerName ? { name: r.readerName, location: r.readerLocation } : null,
    card: r.cardId ? { cardId: r.cardId } : null,
    note: r.note,
    timeZone: r.schoolTimezone ?? defaultTimeZone,
  };
}

/** A student's school (null when unknown or without one): a school admin's corrections are checked against it. */
export async function studentSchoolId(db: Executor, studentId: number): Promise<number | null> {
  const row = await db.selectFrom('students').select('schoolId').where('id', '=', studentId).executeTakeFirst();
  return row?.schoolId ?? null;
}

/** The history's filters, with the student search resolved once per request (students' ./search). */
type KeyFilters = HistoryFilters & { match?: ResolvedSearch | null };

/** The filtered records' ids (the students table only for grade, section or search): the key a page is cut from. */
function historyKeys(db: Executor, f: KeyFilters) {
  let q = db.selectFrom('attendanceRecords as a').select('a.id');
  if (f.startDate) q = q.where('a.date', '>=', f.startDate);
  if (f.endDate) q = q.where('a.date', '<=', f.endDate);
  if (f.status) q = q.where('a.status', '=', f.status);
  if (f.studentId) q = q.where('a.studentId', '=', f.studentId);
  if (f.schoolId) q = q.where('a.schoolId', '=', f.schoolId);
  if (f.gradeId || f.sectionId || f.match) {
    let students = db.selectFrom('students').select('id');
    if (f.gradeId) students = students.where('gradeId', '=', f.gradeId);
    if (f.sectionId) students = students.where('sectionId', '=', f.sectionId);
    if (f.schoolId) students = students.where('students.schoolId', '=', f.schoolId);
    if (f.match) students = students.where(studentSearch(f.match));
    q = q.where('a.studentId', 'in', students);
  }
  if (f.readerId) q = q.where('a.readerId', '=', f.readerId);
  return q;
}

/**
 * The history's total. Filters of day, status and school are answered by the rollups the triggers keep
 * (migration 0022: a few hundred rows per day at most, however long the history); a student, grade, section, reader
 * or search is counted from the records (one student's days, one school's grade: bounded by the school, not the history).
 */
async function historyTotal(db: Executor, f: KeyFilters): Promise<number> {
  if (f.studentId || f.gradeId || f.sectionId || f.readerId || f.match) {
    const row = await historyKeys(db, f)
      .clearSelect()
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  if (!f.startDate && !f.endDate && !f.status) {
    let totals = db.selectFrom('attendanceSchoolTotals').select((e) => e.fn.sum<number>('n').as('n'));
    if (f.schoolId) totals = totals.where('schoolId', '=', f.schoolId);
    return Number((await totals.executeTakeFirst())?.n ?? 0);
  }
  let daily = db.selectFrom('attendanceDailyCounts').select((e) => e.fn.sum<number>('n').as('n'));
  if (f.startDate) daily = daily.where('date', '>=', f.startDate);
  if (f.endDate) daily = daily.where('date', '<=', f.endDate);
  if (f.status) daily = daily.where('status', '=', f.status);
  if (f.schoolId) daily = daily.where('schoolId', '=', f.schoolId);
  return Number((await daily.executeTakeFirst())?.n ?? 0);
}

/**
 * Keyset paging: the page right after a listed record (older: Next) or right before it (newer: Previous), in list
 * order — one index seek however deep the page, where an offset walks every record before it. `skip` passes over
 * that many records first (a jump of a few pages from the page on screen walks only them).
 */
async function idsBeside(
  db: Executor,
  f: KeyFilters,
  cursor: { date: string; id: number },
  side: 'older' | 'newer',
  limit: number,
  skip: number,
): Promise<number[]> {
  const order = side === 'older' ? 'desc' : 'asc';
  const rows = await historyKeys(db, f)
    .where((eb) => eb(eb.refTuple('a.date', 'a.id'), side === 'older' ? '<' : '>', eb.tuple(cursor.date, cursor.id)))
    .orderBy('a.date', order)
    .orderBy('a.id', order)
    .limit(limit)
    .offset(skip)
    .execute();
  const ids = rows.map((r) => r.id);
  return side === 'older' ? ids : ids.reverse();
}

/**
 * GET /api/super-admin/attendance-history: newest day first, then newest record. The page's ids come from an index
 * walk from the nearer end of the list (pageIds), then only those ≤ limit records are joined to their names.
 */
export async function listHistory(
  db: Executor,
  filters: HistoryFilters,
  params: { page: number; limit: number },
  defaultTimeZone: string,
): Promise<{ records: AttendanceRecord[]; pagination: Pagination }> {
  const f: KeyFilters = { ...filters, match: filters.search ? await resolveSearch(db, filters.search) : null };
  const total = await historyTotal(db, f);
  const cursor = f.after ?? f.before;
  const ids = cursor
    ? await idsBeside(db, f, cursor, f.after ? 'older' : 'newer', params.limit, f.skip ?? 0)
    : await pageIds(params, total, async (direction, limit, offset) => {
        const order = direction === 'forward' ? 'desc' : 'asc';
        const rows = await historyKeys(db, f)
          .orderBy('a.date', order)
          .orderBy('a.id', order)
          .limit(limit)
          .offset(offset)
          .execute();
        return rows.map((r) => r.id);
      });
  const rows = ids.length ? await historyQuery(db).where('a.id', 'in', ids).execute() : [];
  return {
    records: inOrder(ids, rows).map((r) => toRecord(r, defaultTimeZone)),
    pagination: makePagination(total, params.page, params.limit),
  };
}

export async function recordsByIds(db: Executor, ids: number[], defaultTimeZone: string): Promise<Map<number, AttendanceRecord>> {
  const out = new Map<number, AttendanceRecord>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await historyQuery(db)
      .where('a.id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.id, toRecord(r, defaultTimeZone));
  }
  return out;
}

/* ---------- Settings ---------- */

export async function getAttendanceSettings(
  db: Executor,
  schoolId: number,
  defaultTimeZone: string,
): Promise<AttendanceSettings> {
  return (await settingsAndPartialDays(db, schoolId, defaultTimeZone)).settings;
}

/**
 * The settings and, in the same statement, the no-class days of some grade levels: the settings' holidays
 * are the whole-school no-class days, the others are the calendar's own. One read of school_holidays either way
 * (tap intake counts its statements: tests/api/rfid/tap-cost.test.ts).
 */
async function settingsAndPartialDays(db: Executor, schoolId: number, defaultTimeZone: string) {
  const school = await requireSchool(db, schoolId);
  const days = await db
    .selectFrom('schoolHolidays')
    .select(['date', 'name', 'gradeLevels'])
    .where('schoolId', '=', schoolId)
    .orderBy('date')
    .execute();
  const settings: AttendanceSettings = {
    timeZone: school.timezone ?? defaultTimeZone,
    lateCutoff: school.lateCutoff,
    absenceCutoff: school.absenceCutoff,
    schoolDays: school.schoolDays.split(',').map(Number),
    holidays: days.filter((d) => d.gradeLevels == null).map(({ date, name }) => ({ date, name })),
  };
  const partialDays = new Map(
    days.filter((d) => d.gradeLevels != null).map((d) => [d.date, JSON.parse(d.gradeLevels!) as number[]]),
  );
  return { settings, partialDays };
}

export async function putAttendanceSettings(
  db: Executor,
  schoolId: number,
  input: AttendanceSettingsUpdate,
  defaultTimeZone: string,
  actor: Actor,
): Promise<AttendanceSettings> {
  const before = await getAttendanceSettings(db, schoolId, defaultTimeZone);
  const saved = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('schools')
      .set({
        timezone: input.timeZone,
        lateCutoff: input.lateCutoff,
        absenceCutoff: input.absenceCutoff,
        schoolDays: input.schoolDays.join(','),
        updatedAt: nowIso(),
      })
      .where('id', '=', schoolId)
      .execute();
    const cancelled = input.holidays ? await replaceHolidays(trx, schoolId, input.holidays) : {};
    const after = await getAttendanceSettings(trx, schoolId, defaultTimeZone);
    await writeLog(trx, actor, {
      action: 'UPDATE_ATTENDANCE_SETTINGS',
      entity: 'School',
      entityId: schoolId,
      schoolId,
      details: { changes: diff(before as never, after as never), ...(Object.keys(cancelled).length ? { cancelled } : {}) },
    });
    return after;
  });
  forgetSchoolRules();
  return saved;
}

/**
 * A list that replaces the whole-school no-class days (the settings' `holidays`, for API clients; the console edits
 * them in the calendar): a date kept keeps its kind (the calendar's suspension stays a suspension), a date that was
 * for some grade levels becomes the whole school's, and a date that became a no-class day undoes its absence marks.
 */
async function replaceHolidays(trx: Executor, schoolId: number, holidays: NonNullable<AttendanceSettingsUpdate['holidays']>) {
  const kept = new Map(holidays.map((h) => [h.date, h.name]));
  const stored = await trx
    .selectFrom('schoolHolidays')
    .select(['date', 'gradeLevels'])
    .where('schoolId', '=', schoolId)
    .execute();
  const gone = stored.filter((h) => h.gradeLevels == null && !kept.has(h.date)).map((h) => h.date);
  if (gone.length) await trx.deleteFrom('schoolHolidays').where('schoolId', '=', schoolId).where('date', 'in', gone).execute();
  const wholeBefore = new Set(stored.filter((h) => h.gradeLevels == null).map((h) => h.date));
  for (const h of holidays) {
    await trx
      .insertInto('schoolHolidays')
      .values({ schoolId, date: h.date, name: h.name })
      .onConflict((oc) => oc.columns(['schoolId', 'date']).doUpdateSet({ name: h.name, gradeLevels: null, spanStart: null }))
      .execute();
  }
  // A date that became a no-class day undoes its absence marks, as declaring it in the calendar does.
  const cancelled: Record<string, { absences: number; messages: number }> = {};
  for (const h of holidays.filter((d) => !wholeBefore.has(d.date))) {
    const c = await cancelAbsences(trx, { schoolId, date: h.date, gradeLevels: null }, noClassReason(h.date, h.name));
    if (c.absences) cancelled[h.date] = { absences: c.absences, messages: c.messages };
  }
  return cancelled;
}

/** The rules tap intake and the absence job apply for a school. */
export async function schoolRules(db: Executor, schoolId: number, defaultTimeZone: string): Promise<SchoolRules> {
  const { settings, partialDays } = await settingsAndPartialDays(db, schoolId, defaultTimeZone);
  return { ...settings, holidays: new Set(settings.holidays.map((h) => h.date)), partialDays };
}

/* ---------- EXCUSED ---------- */

/**
 * Marks a student's day EXCUSED with a note; creates the record when the day has none yet (excused in
 * advance). The day must be of the current school year and at most EXCUSE_DAYS_AHEAD days after the school's
 * today: an excuse far ahead would silence the absence notices of days nobody has planned yet. A later tap keeps EXCUSED and records the check-in. No parent notification: the school excused it.
 */
export async function excuseStudent(
  db: Executor,
  input: ExcuseInput,
  actor: Actor,
  defaultTimeZone: string,
  now: Date,
): Promise<AttendanceRecord> {
  const student = await db
    .selectFrom('students')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .select(['students.id', 'students.schoolId', 'schools.timezone', 'schools.schoolYearStart', 'schools.schoolYearEnd'])
    .where('students.id', '=', input.studentId)
    .executeTakeFirst();
  if (!student) throw notFound('Student not found');
  const today = localDate(now, student.timezone ?? defaultTimeZone);
  const set =
    student.schoolYearStart && student.schoolYearEnd ? { start: student.schoolYearStart, end: student.schoolYearEnd } : null;
  const problem = excuseDateProblem(input.date, today, currentSchoolYear(today, set));
  if (problem) throw badRequest(problem, { date: problem });
  const id = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('attendanceRecords')
      .select(['id', 'status', 'note'])
      .where('studentId', '=', input.studentId)
      .where('date', '=', input.date)
      .executeTakeFirst();
    const now = nowIso();
    let recordId: number;
    if (existing) {
      await trx
        .updateTable('attendanceRecords')
        .set({ status: 'EXCUSED', note: input.note, updatedAt: now })
        .where('id', '=', existing.id)
        .execute();
      recordId = existing.id;
    } else {
      const row = await trx
        .insertInto('attendanceRecords')
        .values({
          studentId: student.id,
          schoolId: student.schoolId,
          date: input.date,
          status: 'EXCUSED',
          note: input.note,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      recordId = row.id;
    }
    await writeLog(trx, actor, {
      action: 'EXCUSE_ATTENDANCE',
      entity: 'AttendanceRecord',
      entityId: recordId,
      schoolId: student.schoolId,
      details: { studentId: student.id, date: input.date, from: existing?.status ?? null, to: 'EXCUSED', note: input.note },
    });
    return recordId;
  });
  return (await recordsByIds(db, [id], defaultTimeZone)).get(id)!;
}
