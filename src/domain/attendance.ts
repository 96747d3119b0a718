import { z } from 'zod';
import { ATTENDANCE_STATUSES } from './dashboard';
import {
  checkDateOrder,
  cursorQuery,
  dateQuery,
  idQuery,
  isCalendarDate,
  skipQuery,
  SKIP_WITHOUT_CURSOR_MESSAGE,
  textQuery,
} from './list-filters';
import { paginationSchema } from './api';
import { mergeLiveRow } from '@shared/live-list';
import type { SchoolYearSpan } from './calendar';
import { idField, safeString } from './validation';

/** Attendance History and attendance settings. */

export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export { ATTENDANCE_STATUSES };

/** Page size 10 for attendance history; live events kept 20, shown 5. */
export const ATTENDANCE_PAGE_SIZE = 10;
export const LIVE_EVENTS_KEPT = 20;
export const LIVE_EVENTS_SHOWN = 5;
export const ATTENDANCE_EMPTY_TEXT = 'No attendance records found. Adjust your filters or try again later.';

/** An attendance record. */
export const attendanceRecordSchema = z.object({
  id: z.number(),
  studentId: z.number(),
  /** The school the record belongs to (live events go to its admins' room). */
  schoolId: z.number().nullable(),
  student: z.object({
    firstName: z.string(),
    lastName: z.string(),
    grade: z.string().nullable(),
    section: z.string().nullable(),
    school: z.object({ acronym: z.string() }).nullable(),
  }),
  status: z.enum(ATTENDANCE_STATUSES),
  /** School-local day 'YYYY-MM-DD'. */
  date: z.string(),
  checkInAt: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  reader: z.object({ name: z.string(), location: z.string().nullable() }).nullable(),
  card: z.object({ cardId: z.string() }).nullable(),
  note: z.string().nullable(),
  /** The school's time zone (the platform's default for a school without one): its times are read in it. */
  timeZone: z.string(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;
export const attendanceHistorySchema = z.object({ records: z.array(attendanceRecordSchema), pagination: paginationSchema });
export type AttendanceHistory = z.infer<typeof attendanceHistorySchema>;

/** A live event (+ the record, so a list can insert the row without asking again): socket event `attendance`. */
export const liveAttendanceEventSchema = z.object({
  id: z.number(),
  studentId: z.number(),
  studentName: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  /** ISO instant of the tap (or of the absence cutoff). */
  time: z.string(),
  reader: z.string().nullable(),
  record: attendanceRecordSchema,
});
export type LiveAttendanceEvent = z.infer<typeof liveAttendanceEventSchema>;

/** Socket event `attendance:all`: every tap a reader reports, including unknown cards (no record). */
export const liveTapEventSchema = z.object({
  tapId: z.number(),
  outcome: z.string(),
  cardUid: z.string(),
  time: z.string(),
  reader: z.string(),
  readerId: z.number(),
  /** When the server received it: the reader's "last seen". */
  receivedAt: z.string(),
  studentId: z.number().nullable(),
  studentName: z.string().nullable(),
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
});
export type LiveTapEvent = z.infer<typeof liveTapEventSchema>;

const statusQuery = z.preprocess(
  (v) => (v === '' || v === 'all' ? undefined : v),
  z.enum(ATTENDANCE_STATUSES, { error: 'Status must be PRESENT, ABSENT, LATE or EXCUSED' }).optional(),
);

/**
 * GET /api/super-admin/attendance-history (and /api/admin/…: the admin's own school; a school, grade, section,
 * reader or student of another school is 404, as its record would be). The screen keeps these in its URL.
 */
export const historyFiltersSchema = z
  .object({
    startDate: dateQuery('Start date'),
    endDate: dateQuery('End date'),
    status: statusQuery,
    studentId: idQuery('Student ID'),
    /** A learner by name or LRN (the words of the student list's search). */
    search: textQuery('Student', 100),
    schoolId: idQuery('School ID'),
    gradeId: idQuery('Grade ID'),
    sectionId: idQuery('Section ID'),
    readerId: idQuery('Reader ID'),
    page: z.string().optional(),
    // Keyset paging: Next/Previous from the page on screen without walking the pages before it.
    after: cursorQuery('after'),
    before: cursorQuery('before'),
    // A jump of k pages from the page on screen: the cursor plus (k - 1) × limit records (keysetStep).
    skip: skipQuery(),
    limit: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    checkDateOrder(v, ctx);
    if (v.skip !== undefined && !v.after && !v.before) {
      ctx.addIssue({ code: 'custom', path: ['skip'], message: SKIP_WITHOUT_CURSOR_MESSAGE });
    }
  });
export type HistoryFilters = z.output<typeof historyFiltersSchema>;

/** The filters a live record is checked against before it goes on top of the list. */
export interface LiveView {
  page: number;
  studentId?: string | number;
  startDate?: string;
  endDate?: string;
  status?: string;
  schoolId?: string | number;
  gradeId?: string | number;
  sectionId?: string | number;
  readerId?: string | number;
  search?: string;
}

/**
 * A live event goes on top only on page 1, with no student, start-date, grade, section, reader or search filter,
 * when the record is new and passes the status, school and end-date filters; the total rises by one. (A record
 * names its grade and section, not their ids: with those filters the list waits for a reload.) A listed record is
 * updated in place (its check-out arrived); a change of an older record not listed changes nothing
 * (`mergeLiveRow`). Returns the new page, or null when nothing changes.
 */
export function applyLiveRecord(page: AttendanceHistory, record: AttendanceRecord, view: LiveView): AttendanceHistory | null {
  const narrowed = view.studentId || view.startDate || view.gradeId || view.sectionId || view.readerId || view.search;
  const mayInsert =
    view.page === 1 &&
    !narrowed &&
    (!view.status || view.status === record.status) &&
    (!view.schoolId || Number(view.schoolId) === record.schoolId) &&
    (!view.endDate || record.date <= view.endDate);
  const next = mergeLiveRow(page.records, page.pagination, record, mayInsert);
  return next && { records: next.rows, pagination: next.pagination };
}

/** Key of a live event: the same record changing again (check-out) is a new event; a repeat is not. */
export const liveEventKey = (e: Pick<LiveAttendanceEvent, 'id' | 'status' | 'time'>) => `${e.id}:${e.status}:${e.time}`;

/** Newest first, duplicates skipped, at most 20 kept. */
export function addLiveEvent(events: LiveAttendanceEvent[], event: LiveAttendanceEvent): LiveAttendanceEvent[] {
  const key = liveEventKey(event);
  if (events.some((e) => liveEventKey(e) === key)) return events;
  return [event, ...events].slice(0, LIVE_EVENTS_KEPT);
}

/* ---------- Attendance settings of a school ---------- */

export const DEFAULT_LATE_CUTOFF = '07:45';
export const DEFAULT_ABSENCE_CUTOFF = '10:00';
export const DEFAULT_SCHOOL_DAYS = [1, 2, 3, 4, 5];
export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export const SETTINGS_MESSAGES = {
  timeZone: 'Choose a valid time zone (e.g. Asia/Manila)',
  lateCutoff: 'Late cutoff must be a time (HH:MM)',
  absenceCutoff: 'Absence cutoff must be a time (HH:MM)',
  order: 'Absence cutoff must be after the late cutoff',
  schoolDays: 'Choose at least one school day',
  holidayDate: 'Holiday date must be a valid date (YYYY-MM-DD)',
  holidayName: 'Holiday name is required',
  holidayDuplicate: 'Each holiday date may appear only once',
} as const;

/** Whether this runtime knows a time zone name (IANA, e.g. Asia/Manila). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeField = (message: string) => z.string({ error: message }).trim().regex(HH_MM, message);
/** ISO weekdays a school holds classes (1 = Monday), at least one, sorted without repeats. */
export const schoolDaysField = z
  .array(z.number({ error: SETTINGS_MESSAGES.schoolDays }).int().min(1).max(7), { error: SETTINGS_MESSAGES.schoolDays })
  .min(1, SETTINGS_MESSAGES.schoolDays)
  .max(7)
  .transform((days) => [...new Set(days)].sort());

export const holidaySchema = z.object({
  date: z.string({ error: SETTINGS_MESSAGES.holidayDate }).refine(isCalendarDate, SETTINGS_MESSAGES.holidayDate),
  name: safeString({ error: SETTINGS_MESSAGES.holidayName })
    .trim()
    .min(1, SETTINGS_MESSAGES.holidayName)
    .max(100, 'Holiday name must be 100 characters or less'),
});
export type Holiday = z.output<typeof holidaySchema>;

/** PUT /api/super-admin/schools/{id}/attendance-settings (holidays replace the stored list). */
export const attendanceSettingsSchema = z
  .object({
    timeZone: z.string({ error: SETTINGS_MESSAGES.timeZone }).trim().refine(isTimeZone, SETTINGS_MESSAGES.timeZone),
    lateCutoff: timeField(SETTINGS_MESSAGES.lateCutoff),
    absenceCutoff: timeField(SETTINGS_MESSAGES.absenceCutoff),
    schoolDays: schoolDaysField,
    /** Whole-school no-class days, replacing the calendar's; absent: left as they are (the calendar edits them). */
    holidays: z.array(holidaySchema, { error: 'Holidays must be a list' }).max(366, 'At most 366 holidays').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.absenceCutoff <= v.lateCutoff)
      ctx.addIssue({ code: 'custom', path: ['absenceCutoff'], message: SETTINGS_MESSAGES.order });
    const dates = (v.holidays ?? []).map((h) => h.date);
    if (new Set(dates).size !== dates.length)
      ctx.addIssue({ code: 'custom', path: ['holidays'], message: SETTINGS_MESSAGES.holidayDuplicate });
  });
export type AttendanceSettingsInput = z.input<typeof attendanceSettingsSchema>;
export type AttendanceSettingsUpdate = z.output<typeof attendanceSettingsSchema>;
/** The stored settings, as the API answers them. */
export const attendanceSettingsReplySchema = z.object({
  timeZone: z.string(),
  lateCutoff: z.string(),
  absenceCutoff: z.string(),
  schoolDays: z.array(z.number()),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
});
export type AttendanceSettings = z.infer<typeof attendanceSettingsReplySchema>;

/* ---------- EXCUSED by a super admin ---------- */

/** How far ahead of the school's today a day can be excused (a planned absence: a trip, a procedure). */
export const EXCUSE_DAYS_AHEAD = 30;

export const EXCUSE_MESSAGES = {
  student: 'Student is required',
  date: 'Date must be a valid date (YYYY-MM-DD)',
  note: 'A note is required to excuse a student',
  beforeYear: (start: string) => `Date must be in the current school year (from ${start})`,
  afterYear: (end: string) => `Date must be in the current school year (until ${end})`,
  tooFar: `Date can be at most ${EXCUSE_DAYS_AHEAD} days ahead`,
} as const;

/**
 * Why an excuse's date is refused, or null: it must fall in the current school year (from its start, so last
 * year's records stay as they were) and at most EXCUSE_DAYS_AHEAD days after the school's today.
 */
export function excuseDateProblem(date: string, today: string, year: SchoolYearSpan): string | null {
  if (date < year.start) return EXCUSE_MESSAGES.beforeYear(year.start);
  if (date > addCalendarDays(today, EXCUSE_DAYS_AHEAD)) return EXCUSE_MESSAGES.tooFar;
  if (date > year.end) return EXCUSE_MESSAGES.afterYear(year.end);
  return null;
}

const addCalendarDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** POST /api/super-admin/attendance/excuse: marks a student's day EXCUSED with a note (creates the record if none). */
export const excuseSchema = z.object({
  studentId: idField(EXCUSE_MESSAGES.student),
  date: z.string({ error: EXCUSE_MESSAGES.date }).refine(isCalendarDate, EXCUSE_MESSAGES.date),
  note: safeString({ error: EXCUSE_MESSAGES.note })
    .trim()
    .min(1, EXCUSE_MESSAGES.note)
    .max(500, 'Note must be 500 characters or less'),
});
export type ExcuseInput = z.output<typeof excuseSchema>;

/** The statuses a correction sets (EXCUSED has its own path, with a note: excuseSchema). */
export const CORRECTION_STATUSES = ['PRESENT', 'LATE', 'ABSENT'] as const;
export const CORRECTION_MESSAGES = {
  notFound: 'Attendance record not found',
  status: 'Please choose the corrected status',
  reason: 'A reason is required to correct attendance',
  unchanged: (status: string) => `The record is already ${status}`,
  arrivalTime: 'Enter the arrival time (HH:MM) of a PRESENT or LATE learner',
  afterCheckOut: (checkOut: string) => `The arrival time must be before the check-out (${checkOut})`,
  future: 'The arrival time cannot be later than now',
  done: 'Attendance corrected',
} as const;

/** The statuses of a learner who came: a correction to one of them says when (the record's check-in). */
export const ARRIVED_STATUSES: readonly string[] = ['PRESENT', 'LATE'];

/**
 * POST /api/super-admin/attendance/{id}/correct (and /api/admin/…, MANAGE_ATTENDANCE): a new status and why; to
 * PRESENT or LATE also the arrival time, school-local 'HH:MM' on the record's day (ignored for ABSENT).
 */
export const correctionSchema = z
  .object({
    status: z.enum(CORRECTION_STATUSES, { error: CORRECTION_MESSAGES.status }),
    reason: safeString({ error: CORRECTION_MESSAGES.reason })
      .trim()
      .min(1, CORRECTION_MESSAGES.reason)
      .max(500, 'Reason must be 500 characters or less'),
    arrivalTime: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      timeField(CORRECTION_MESSAGES.arrivalTime).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (ARRIVED_STATUSES.includes(v.status) && !v.arrivalTime)
      ctx.addIssue({ code: 'custom', path: ['arrivalTime'], message: CORRECTION_MESSAGES.arrivalTime });
  });
export type CorrectionInput = z.output<typeof correctionSchema>;

/* ---------- Attendance History's filter choices ---------- */

/** GET /api/super-admin/attendance-history/filter-options?schoolId= (the admin: their own school). */
export const historyFilterOptionsQuerySchema = z.object({ schoolId: idQuery('School ID') });
const choiceSchema = z.object({ id: z.number(), name: z.string() });
/**
 * A school's grades (each with its sections) and readers, for the filter selects (retired readers too: their taps
 * stay), and its today (the platform's zone's without a school) for the date shortcuts.
 */
export const historyFilterOptionsSchema = z.object({
  today: z.string(),
  grades: z.array(choiceSchema.extend({ sections: z.array(choiceSchema) })),
  readers: z.array(choiceSchema.extend({ location: z.string().nullable(), retired: z.boolean() })),
});
export type HistoryFilterOptions = z.infer<typeof historyFilterOptionsSchema>;
