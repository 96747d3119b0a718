import type { Executor } from '@core/db/index';
import { writeLog, type Actor } from '@core/audit-log';
import { conflict, notFound } from '@core/http/errors';
import { localDate, nowIso } from '@core/time/time';
import {
  CALENDAR_MESSAGES,
  datesBetween,
  firstFriday,
  noClassDayInputSchema,
  type NoClassDay,
  type NoClassDayResult,
  type NoClassKind,
  type SchoolCalendar,
  type SchoolYearInput,
} from '@domain/calendar';
import type { z } from 'zod';
import { requireSchool } from '../schools';
import { cancelAbsences, forgetSchoolRules, noClassReason } from '../attendance';
import { philippineHolidays } from './holidays';

/*
 * The school calendar. No-class days are rows of school_holidays, the table the attendance rules and
 * the absence job read (one source of truth): declaring one makes tap intake ignore the day for attendance (taps
 * are still kept) and the absence job skip it; declaring today after the job ran undoes the day's ABSENT marks
 * and their unsent notices (attendance's cancelAbsences), in the same transaction as the row and its log entry.
 * Services take the school id they act for, so the school-admin console can call them with its own scope.
 */

type DayRow = { date: string; name: string; kind: string; gradeLevels: string | null; spanStart: string | null };
const toDay = (r: DayRow): NoClassDay => ({
  date: r.date,
  endDate: null,
  name: r.name,
  kind: r.kind as NoClassKind,
  gradeLevels: r.gradeLevels ? (JSON.parse(r.gradeLevels) as number[]) : null,
});

/** The calendar's entries: a day of its own, or a period declared at once (its rows share `spanStart`), by date. */
function entries(rows: DayRow[]): NoClassDay[] {
  const periods = new Map<string, NoClassDay>();
  const out: NoClassDay[] = [];
  for (const r of rows) {
    const period = r.spanStart ? periods.get(r.spanStart) : undefined;
    if (period) {
      period.endDate = r.date;
      continue;
    }
    const day = toDay(r);
    if (r.spanStart) periods.set(r.spanStart, day);
    out.push(day);
  }
  return out;
}

/** Kinds the year's holiday load adds: removing one lifts it (the load leaves it out from then on). */
const LOADED_KINDS = new Set(['HOLIDAY', 'SPECIAL']);

export async function getCalendar(db: Executor, schoolId: number, defaultTimeZone: string, now: Date): Promise<SchoolCalendar> {
  const school = await requireSchool(db, schoolId);
  const rows = await db
    .selectFrom('schoolHolidays')
    .select(['date', 'name', 'kind', 'gradeLevels', 'spanStart'])
    .where('schoolId', '=', schoolId)
    .orderBy('date')
    .execute();
  const timeZone = school.timezone ?? defaultTimeZone;
  return {
    schoolId,
    timeZone,
    today: localDate(now, timeZone),
    schoolYear:
      school.schoolYearStart && school.schoolYearEnd
        ? { start: school.schoolYearStart, end: school.schoolYearEnd, enrolmentCutoff: firstFriday(school.schoolYearStart) }
        : null,
    schoolDays: school.schoolDays.split(',').map(Number),
    days: entries(rows),
  };
}

/**
 * The Philippine holidays of a school year the school's calendar lacks (neither there nor lifted by the school),
 * as dates; `dryRun` only counts them, otherwise they are added. The caller's transaction holds the year's change.
 */
export async function loadYearHolidays(
  trx: Executor,
  schoolId: number,
  start: string,
  end: string,
  dryRun = false,
): Promise<string[]> {
  const skip = new Set([
    ...(await trx.selectFrom('schoolLiftedDays').select('date').where('schoolId', '=', schoolId).execute()).map((r) => r.date),
    ...(
      await trx
        .selectFrom('schoolHolidays')
        .select('date')
        .where('schoolId', '=', schoolId)
        .where('date', '>=', start)
        .where('date', '<=', end)
        .execute()
    ).map((r) => r.date),
  ]);
  // One per date (two holidays may share one).
  const missing = philippineHolidays(start, end).filter((d) => !skip.has(d.date) && (skip.add(d.date), true));
  if (!dryRun && missing.length > 0)
    await trx
      .insertInto('schoolHolidays')
      .values(missing.map((h) => ({ schoolId, date: h.date, name: h.name, kind: h.special ? 'SPECIAL' : 'HOLIDAY' })))
      .onConflict((oc) => oc.columns(['schoolId', 'date']).doNothing())
      .execute();
  return missing.map((h) => h.date);
}

/**
 * Sets the school year and loads the Philippines' holidays within it, the special non-working days too (dates
 * already listed are kept; days the school lifted are left out).
 */
export async function putSchoolYear(
  db: Executor,
  schoolId: number,
  input: Required<SchoolYearInput>,
  actor: Actor,
  defaultTimeZone: string,
  now: Date,
): Promise<{ calendar: SchoolCalendar; holidaysAdded: number }> {
  const before = await requireSchool(db, schoolId);
  const added = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('schools')
      .set({ schoolYearStart: input.start, schoolYearEnd: input.end, updatedAt: nowIso() })
      .where('id', '=', schoolId)
      .execute();
    const count = (await loadYearHolidays(trx, schoolId, input.start, input.end)).length;
    await writeLog(trx, actor, {
      action: 'UPDATE_SCHOOL_YEAR',
      entity: 'School',
      entityId: schoolId,
      schoolId,
      details: {
        from: before.schoolYearStart ? { start: before.schoolYearStart, end: before.schoolYearEnd } : null,
        to: input,
        holidaysAdded: count,
      },
    });
    return count;
  });
  forgetSchoolRules();
  return { calendar: await getCalendar(db, schoolId, defaultTimeZone, now), holidaysAdded: added };
}

/**
 * Declares a no-class day, or a period (`endDate`) as one entry, for the whole school or some grade levels, and undoes
 * the absence marks already made for it. A single date already a no-class day is 409; a period keeps the no-class days
 * inside it as they are (a holiday in a Christmas break) and 409s only when every date is taken.
 */
export async function declareNoClassDay(
  db: Executor,
  schoolId: number,
  input: z.output<typeof noClassDayInputSchema>,
  actor: Actor,
): Promise<NoClassDayResult> {
  await requireSchool(db, schoolId);
  const dates = input.endDate ? datesBetween(input.date, input.endDate) : [input.date];
  const period = dates.length > 1;
  const result = await db.transaction().execute(async (trx) => {
    const taken = new Set(
      (
        await trx
          .selectFrom('schoolHolidays')
          .select('date')
          .where('schoolId', '=', schoolId)
          .where('date', 'in', dates)
          .execute()
      ).map((r) => r.date),
    );
    if (!period && taken.size) throw conflict(CALENDAR_MESSAGES.duplicate, { date: CALENDAR_MESSAGES.duplicate });
    const free = dates.filter((d) => !taken.has(d));
    if (free.length === 0) throw conflict(CALENDAR_MESSAGES.allTaken, { endDate: CALENDAR_MESSAGES.allTaken });
    const gradeLevels = input.gradeLevels ? JSON.stringify(input.gradeLevels) : null;
    const spanStart = period ? input.date : null;
    await trx
      .insertInto('schoolHolidays')
      .values(free.map((date) => ({ schoolId, date, name: input.name, kind: input.kind, gradeLevels, spanStart })))
      .execute();
    // A lifted holiday declared again is the school's no-class day once more.
    await trx.deleteFrom('schoolLiftedDays').where('schoolId', '=', schoolId).where('date', 'in', free).execute();
    const cancelled = { absences: 0, messages: 0, studentIds: [] as number[] };
    for (const date of free) {
      const c = await cancelAbsences(trx, { schoolId, date, gradeLevels: input.gradeLevels }, noClassReason(date, input.name));
      cancelled.absences += c.absences;
      cancelled.messages += c.messages;
      cancelled.studentIds.push(...c.studentIds);
    }
    await writeLog(trx, actor, {
      action: 'DECLARE_NO_CLASS_DAY',
      entity: 'School',
      entityId: schoolId,
      schoolId,
      details: {
        date: input.date,
        ...(period ? { endDate: input.endDate, days: free.length, kept: [...taken] } : {}),
        name: input.name,
        kind: input.kind,
        gradeLevels: input.gradeLevels,
        cancelledAbsences: cancelled.absences,
        cancelledMessages: cancelled.messages,
        ...(cancelled.studentIds.length ? { studentIds: [...new Set(cancelled.studentIds)] } : {}),
      },
    });
    return {
      day: {
        date: input.date,
        endDate: period ? input.endDate! : null,
        name: input.name,
        kind: input.kind,
        gradeLevels: input.gradeLevels,
      },
      days: free.length,
      cancelledAbsences: cancelled.absences,
      cancelledMessages: cancelled.messages,
    };
  });
  forgetSchoolRules();
  return result;
}

/**
 * Makes a no-class day a class day again: the whole period when the date belongs to one. A holiday of the year's load
 * (regular or special) is lifted: loading the year again leaves it out. Absence marks undone are not made again: the
 * absence job marks a day once, so a day given back after its cutoff stays unmarked (SF2 still counts learners
 * without a check-in absent).
 */
export async function removeNoClassDay(
  db: Executor,
  schoolId: number,
  date: string,
  actor: Actor,
): Promise<{ lifted: boolean; days: number }> {
  await requireSchool(db, schoolId);
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('schoolHolidays')
      .select(['date', 'name', 'kind', 'gradeLevels', 'spanStart'])
      .where('schoolId', '=', schoolId)
      .where('date', '=', date)
      .executeTakeFirst();
    if (!row) throw notFound(CALENDAR_MESSAGES.notFound);
    let q = trx.deleteFrom('schoolHolidays').where('schoolId', '=', schoolId);
    q = row.spanStart ? q.where('spanStart', '=', row.spanStart) : q.where('date', '=', date);
    const removed = Number((await q.executeTakeFirst()).numDeletedRows);
    const lifted = !row.spanStart && LOADED_KINDS.has(row.kind);
    if (lifted) {
      await trx
        .insertInto('schoolLiftedDays')
        .values({ schoolId, date, name: row.name, liftedAt: nowIso() })
        .onConflict((oc) => oc.columns(['schoolId', 'date']).doNothing())
        .execute();
    }
    await writeLog(trx, actor, {
      action: 'REMOVE_NO_CLASS_DAY',
      entity: 'School',
      entityId: schoolId,
      schoolId,
      details: {
        ...toDay(row),
        ...(row.spanStart ? { period: row.spanStart, days: removed } : {}),
        ...(lifted ? { lifted } : {}),
      },
    });
    return { lifted, days: removed };
  });
  forgetSchoolRules();
  return result;
}
