import type { Executor } from '@core/db/index';
import { writeLog, type Actor } from '@core/audit-log';
import { conflict, notFound } from '@core/http/errors';
import { localDate, nowIso } from '@core/time/time';
import {
  CALENDAR_MESSAGES,
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

type DayRow = { date: string; name: string; kind: string; gradeLevels: string | null };
const toDay = (r: DayRow): NoClassDay => ({
  date: r.date,
  name: r.name,
  kind: r.kind as NoClassKind,
  gradeLevels: r.gradeLevels ? (JSON.parse(r.gradeLevels) as number[]) : null,
});

export async function getCalendar(db: Executor, schoolId: number, defaultTimeZone: string, now: Date): Promise<SchoolCalendar> {
  const school = await requireSchool(db, schoolId);
  const rows = await db
    .selectFrom('schoolHolidays')
    .select(['date', 'name', 'kind', 'gradeLevels'])
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
    days: rows.map(toDay),
  };
}

/** Sets the school year and loads the Philippine national holidays within it (dates already listed are kept). */
export async function putSchoolYear(
  db: Executor,
  schoolId: number,
  input: Required<SchoolYearInput>,
  actor: Actor,
  defaultTimeZone: string,
  now: Date,
): Promise<{ calendar: SchoolCalendar; holidaysAdded: number }> {
  const before = await requireSchool(db, schoolId);
  const holidays = philippineHolidays(input.start, input.end);
  const added = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('schools')
      .set({ schoolYearStart: input.start, schoolYearEnd: input.end, updatedAt: nowIso() })
      .where('id', '=', schoolId)
      .execute();
    let count = 0;
    for (const h of holidays) {
      const r = await trx
        .insertInto('schoolHolidays')
        .values({ schoolId, date: h.date, name: h.name, kind: 'HOLIDAY' })
        .onConflict((oc) => oc.columns(['schoolId', 'date']).doNothing())
        .executeTakeFirst();
      count += Number(r.numInsertedOrUpdatedRows ?? 0);
    }
    await writeLog(trx, actor, {
      action: 'UPDATE_SCHOOL_YEAR',
      entity: 'School',
      entityId: schoolId,
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
 * Declares a no-class day (a suspension, an event, a holiday) for the whole school or some grade levels, and
 * undoes the absence marks already made for it. 409 when the date is a no-class day already.
 */
export async function declareNoClassDay(
  db: Executor,
  schoolId: number,
  input: z.output<typeof noClassDayInputSchema>,
  actor: Actor,
): Promise<NoClassDayResult> {
  await requireSchool(db, schoolId);
  const result = await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('schoolHolidays')
      .select('date')
      .where('schoolId', '=', schoolId)
      .where('date', '=', input.date)
      .executeTakeFirst();
    if (taken) throw conflict(CALENDAR_MESSAGES.duplicate, { date: CALENDAR_MESSAGES.duplicate });
    const gradeLevels = input.gradeLevels ? JSON.stringify(input.gradeLevels) : null;
    await trx
      .insertInto('schoolHolidays')
      .values({ schoolId, date: input.date, name: input.name, kind: input.kind, gradeLevels })
      .execute();
    const cancelled = await cancelAbsences(
      trx,
      { schoolId, date: input.date, gradeLevels: input.gradeLevels },
      noClassReason(input.date, input.name),
    );
    await writeLog(trx, actor, {
      action: 'DECLARE_NO_CLASS_DAY',
      entity: 'School',
      entityId: schoolId,
      details: {
        date: input.date,
        name: input.name,
        kind: input.kind,
        gradeLevels: input.gradeLevels,
        cancelledAbsences: cancelled.absences,
        cancelledMessages: cancelled.messages,
        ...(cancelled.studentIds.length ? { studentIds: cancelled.studentIds } : {}),
      },
    });
    return {
      day: { date: input.date, name: input.name, kind: input.kind, gradeLevels: input.gradeLevels },
      cancelledAbsences: cancelled.absences,
      cancelledMessages: cancelled.messages,
    };
  });
  forgetSchoolRules();
  return result;
}

/**
 * Makes a no-class day a class day again. Absence marks undone are not made again: the absence job marks a day
 * once, so a day given back after its cutoff stays unmarked (SF2 still counts learners without a check-in absent).
 */
export async function removeNoClassDay(db: Executor, schoolId: number, date: string, actor: Actor): Promise<void> {
  await requireSchool(db, schoolId);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('schoolHolidays')
      .select(['date', 'name', 'kind', 'gradeLevels'])
      .where('schoolId', '=', schoolId)
      .where('date', '=', date)
      .executeTakeFirst();
    if (!row) throw notFound(CALENDAR_MESSAGES.notFound);
    await trx.deleteFrom('schoolHolidays').where('schoolId', '=', schoolId).where('date', '=', date).execute();
    await writeLog(trx, actor, { action: 'REMOVE_NO_CLASS_DAY', entity: 'School', entityId: schoolId, details: toDay(row) });
  });
  forgetSchoolRules();
}
