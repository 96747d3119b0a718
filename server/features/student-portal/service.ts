import type { Executor } from '@core/db/index';
import { notFound } from '@core/http/errors';
import { paginate } from '@core/http/paginate';
import { localDate } from '@core/time/time';
import { fileUrl } from '@domain/files';
import type { SmsStatus, SmsType } from '@domain/sms-history';
import {
  datesOfMonth,
  monthOf,
  noClassReason,
  type DayStatus,
  type LearnerCalendar,
  type AttendanceDay,
} from '@shared/student-month';
import { lastMarkedDay } from '../attendance';
import {
  maskPhone,
  STUDENT_PORTAL_MESSAGES as M,
  type StudentAttendance,
  type StudentMessage,
  type StudentMessages,
  type StudentProfile,
  type TodayStatus,
} from '@domain/student-portal';

/*
 * What the portal reads, always for ONE learner: the signed-in student's id comes from the session,
 * never from the request, so no route can reach another learner's rows; a message id of another learner is a 404.
 */

const DEFAULT_SCHOOL_DAYS = [1, 2, 3, 4, 5];
/** A learner without a school has no absence cutoff of its own: the schools' default (migration 0006). */
const DEFAULT_ABSENCE_CUTOFF = '10:00';

/** The learner with their school's calendar settings (null when the account is gone). */
async function learner(db: Executor, studentId: number) {
  const row = await db
    .selectFrom('students as s')
    .leftJoin('schools as sc', 'sc.id', 's.schoolId')
    .leftJoin('grades as g', 'g.id', 's.gradeId')
    .leftJoin('sections as se', 'se.id', 's.sectionId')
    .select([
      's.id',
      's.firstName',
      's.lastName',
      's.email',
      's.lrn',
      's.mustChangePassword',
      's.profilePictureUrl',
      's.parentFirstName',
      's.parentLastName',
      's.parentPhone',
      's.notificationPreference',
      's.schoolId',
      's.createdAt',
      's.enrolmentDate',
      's.leftOn',
      'sc.name as schoolName',
      'sc.acronym as schoolAcronym',
      'sc.timezone as schoolTimezone',
      'sc.schoolDays',
      'sc.absenceCutoff',
      'sc.schoolYearStart',
      'sc.schoolYearEnd',
      'g.name as gradeName',
      'g.level as gradeLevel',
      'se.name as sectionName',
    ])
    .where('s.id', '=', studentId)
    .where('s.isArchived', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound('Student not found');
  return row;
}

export async function studentProfile(db: Executor, studentId: number, defaultTimeZone: string): Promise<StudentProfile> {
  const s = await learner(db, studentId);
  return {
    id: s.id,
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    lrn: s.lrn,
    mustChangePassword: Boolean(s.mustChangePassword),
    profilePictureUrl: s.profilePictureUrl ? fileUrl(s.profilePictureUrl) : null,
    school: s.schoolName ? { name: s.schoolName, acronym: s.schoolAcronym ?? '' } : null,
    gradeModel: s.gradeName ? { name: s.gradeName } : null,
    sectionModel: s.sectionName ? { name: s.sectionName } : null,
    guardian: { firstName: s.parentFirstName, lastName: s.parentLastName, phone: maskPhone(s.parentPhone) ?? '' },
    notificationPreference: s.notificationPreference,
    timeZone: s.schoolTimezone ?? defaultTimeZone,
    createdAt: s.createdAt,
  };
}

/** Today's card from today's record (or its absence) and the calendar's reason. */
export function todayOf(
  date: string,
  record: { status: string; checkInAt: string | null; checkOutAt: string | null; note: string | null } | undefined,
  noClassReason: string | null,
): TodayStatus {
  const base = { date, checkInAt: record?.checkInAt ?? null, checkOutAt: record?.checkOutAt ?? null };
  if (record?.status === 'PRESENT') return { ...base, kind: 'CHECKED_IN', reason: null };
  if (record?.status === 'LATE') return { ...base, kind: 'LATE', reason: null };
  if (record?.status === 'ABSENT') return { ...base, kind: 'ABSENT', reason: null };
  if (record?.status === 'EXCUSED') return { ...base, kind: 'EXCUSED', reason: record.note };
  if (noClassReason) return { ...base, kind: 'NO_CLASS', reason: noClassReason };
  return { ...base, kind: 'NOT_YET', reason: null };
}

/**
 * GET /api/student/attendance: today's status, the month's days with a mark each, and SF2's totals (monthOf:
 * the day rules SF2 itself uses, with the learner's grade level, enrolment date and leaving date). `month`
 * defaults to the school's current month; "today" is the school clock's date in the school's zone.
 */
export async function studentAttendance(
  db: Executor,
  studentId: number,
  now: Date,
  defaultTimeZone: string,
  month?: string,
): Promise<StudentAttendance> {
  const s = await learner(db, studentId);
  const timeZone = s.schoolTimezone ?? defaultTimeZone;
  const today = localDate(now, timeZone);
  const shown = month ?? today.slice(0, 7);
  const dates = datesOfMonth(shown);
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  // Today's record and holiday may fall outside the month shown: read the union of both ranges.
  const from = today < first ? today : first;
  const to = today > last ? today : last;
  const records = await db
    .selectFrom('attendanceRecords')
    .select(['date', 'status', 'checkInAt', 'checkOutAt', 'note'])
    .where('studentId', '=', studentId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  const noClassDays =
    s.schoolId == null
      ? []
      : await db
          .selectFrom('schoolHolidays')
          .select(['date', 'name', 'gradeLevels'])
          .where('schoolId', '=', s.schoolId)
          .where('date', '>=', from)
          .where('date', '<=', to)
          .execute();
  const cal: LearnerCalendar = {
    schoolDays: s.schoolDays ? s.schoolDays.split(',').map(Number) : DEFAULT_SCHOOL_DAYS,
    noClassDays: noClassDays.map((d) => ({
      date: d.date,
      name: d.name,
      gradeLevels: d.gradeLevels ? (JSON.parse(d.gradeLevels) as number[]) : null,
    })),
    schoolYear: s.schoolYearStart && s.schoolYearEnd ? { start: s.schoolYearStart, end: s.schoolYearEnd } : null,
    gradeLevel: s.gradeLevel ?? null,
  };
  const byDate = new Map(records.map((r) => [r.date, r]));
  const statuses = new Map<string, AttendanceDay & { status: DayStatus }>(
    records.map((r) => [r.date, { status: r.status as DayStatus, checkInAt: r.checkInAt }]),
  );
  // As SF2 (reports/sf2-data.ts): no enrolment date on older rows = the registration day.
  const term = { enrolmentDate: s.enrolmentDate ?? localDate(s.createdAt, timeZone), leftOn: s.leftOn };
  const marked = lastMarkedDay(now, timeZone, s.absenceCutoff ?? DEFAULT_ABSENCE_CUTOFF);
  const { days, totals } = monthOf(shown, cal, statuses, marked, term);
  return {
    month: shown,
    timeZone,
    today: todayOf(today, byDate.get(today), noClassReason(today, cal)),
    days: days.map((d) => ({
      ...d,
      checkInAt: byDate.get(d.date)?.checkInAt ?? null,
      checkOutAt: byDate.get(d.date)?.checkOutAt ?? null,
    })),
    totals,
  };
}

const messageRows = (db: Executor, studentId: number) =>
  db
    .selectFrom('smsNotifications as n')
    .innerJoin('students as st', 'st.id', 'n.studentId')
    .leftJoin('schools as sc', 'sc.id', 'st.schoolId')
    .select([
      'n.id',
      'n.type',
      'n.channel',
      'n.message',
      'n.status',
      'n.phoneNumber',
      'n.createdAt',
      'n.sentAt',
      'n.deliveredAt',
      'sc.timezone as schoolTimezone',
    ])
    .where('n.studentId', '=', studentId);
type MessageRow = Awaited<ReturnType<ReturnType<typeof messageRows>['executeTakeFirstOrThrow']>>;

const toMessage = (r: MessageRow, defaultTimeZone: string): StudentMessage => ({
  id: r.id,
  type: r.type as SmsType,
  channel: r.channel,
  message: r.message,
  status: r.status as SmsStatus,
  phoneNumber: maskPhone(r.phoneNumber),
  createdAt: r.createdAt,
  sentAt: r.sentAt,
  deliveredAt: r.deliveredAt,
  timeZone: r.schoolTimezone ?? defaultTimeZone,
});

/** GET /api/student/messages: the messages sent (or being sent) to the learner's guardians, newest first. */
export async function studentMessages(
  db: Executor,
  studentId: number,
  params: { page: number; limit: number },
  defaultTimeZone: string,
): Promise<StudentMessages> {
  const { rows, pagination } = await paginate(
    messageRows(db, studentId).orderBy('n.createdAt', 'desc').orderBy('n.id', 'desc'),
    params,
  );
  return { messages: rows.map((r) => toMessage(r, defaultTimeZone)), pagination };
}

/** GET /api/student/messages/{id}: one of the learner's messages; another learner's id is not found. */
export async function studentMessage(db: Executor, studentId: number, id: number, defaultTimeZone: string) {
  const row = await messageRows(db, studentId).where('n.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(M.messageNotFound);
  return toMessage(row, defaultTimeZone);
}
