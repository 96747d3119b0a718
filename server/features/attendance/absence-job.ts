import { Cron } from 'croner';
import type { Clock } from '@core/time/clock';
import type { DB, Executor } from '@core/db/index';
import type { Realtime } from '@core/realtime';
import { addDays, localDate, localDateTime } from '@core/time/time';
import { isSchoolDay } from './rules';
import { recordsByIds, schoolRules } from './service';
import { writeNotificationIntent } from '../outbox';
import { writeLog } from '@core/audit-log';
import type { LiveAttendanceEvent } from '@domain/attendance';

/*
 * The absence job: after a school's absence cutoff on a school day (not a holiday), every active
 * student without a record that day becomes ABSENT, with an ABSENCE intent, in one transaction.
 *
 * Several server processes may run it: each (school, day) is claimed by inserting its job_runs row in that
 * same transaction, so exactly one process marks a day and a crash leaves no half-marked day (the claim rolls
 * back with it). Every tick looks back CATCH_UP_DAYS, so days missed while no server ran are marked on the next
 * start — but never days before the job first ran on this database (a new install does not mark last week).
 */
export const ABSENCE_JOB = 'absence';
export const CATCH_UP_DAYS = 7;
const SINCE_KEY = 'since';

export interface AbsenceRun {
  schoolId: number;
  date: string;
  marked: number;
}

/** When this database first ran the job (claimed once, kept). */
async function jobSince(db: DB, now: Date): Promise<string> {
  await db
    .insertInto('jobRuns')
    .values({ job: ABSENCE_JOB, runKey: SINCE_KEY, claimedAt: now.toISOString(), result: null })
    .onConflict((oc) => oc.columns(['job', 'runKey']).doNothing())
    .execute();
  const row = await db
    .selectFrom('jobRuns')
    .select('claimedAt')
    .where('job', '=', ABSENCE_JOB)
    .where('runKey', '=', SINCE_KEY)
    .executeTakeFirstOrThrow();
  return row.claimedAt;
}

async function markDay(
  trx: Executor,
  schoolId: number,
  date: string,
  cutoff: string,
  noClassLevels: number[] | undefined,
  at: Date,
): Promise<number[]> {
  let q = trx.selectFrom('students as s').select('s.id').where('s.schoolId', '=', schoolId);
  // Grade levels without classes that day are nobody's absence.
  if (noClassLevels?.length) {
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('grades as g').select('g.id').whereRef('g.id', '=', 's.gradeId').where('g.level', 'in', noClassLevels)),
      ),
    );
  }
  const students = await q
    .where('s.isActive', '=', 1)
    .where('s.isArchived', '=', 0)
    .where('s.createdAt', '<=', cutoff)
    // Not yet enrolled, or gone (transferred out, dropped out, NLPA): nobody's absence.
    .where((eb) => eb.or([eb('s.enrolmentDate', 'is', null), eb('s.enrolmentDate', '<=', date)]))
    .where((eb) => eb.or([eb('s.leftOn', 'is', null), eb('s.leftOn', '>', date)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('attendanceRecords as a').select('a.id').whereRef('a.studentId', '=', 's.id').where('a.date', '=', date),
        ),
      ),
    )
    .execute();
  const ids: number[] = [];
  const now = at.toISOString();
  for (let i = 0; i < students.length; i += 200) {
    const rows = await trx
      .insertInto('attendanceRecords')
      .values(
        students
          .slice(i, i + 200)
          .map((s) => ({ studentId: s.id, schoolId, date, status: 'ABSENT', createdAt: now, updatedAt: now })),
      )
      .returning(['id', 'studentId'])
      .execute();
    for (const r of rows) {
      await writeNotificationIntent(
        trx,
        {
          type: 'ABSENCE',
          studentId: r.studentId,
          schoolId,
          occurredAt: cutoff,
          attendanceId: r.id,
        },
        at,
      );
      ids.push(r.id);
    }
  }
  return ids;
}

/** One pass: every school, every due and unclaimed school day of the catch-up window. */
export async function runAbsenceJob(
  db: DB,
  opts: { defaultTimeZone: string; now: Date; realtime?: Realtime | null },
): Promise<AbsenceRun[]> {
  const { now } = opts;
  const since = await jobSince(db, now);
  const schools = await db.selectFrom('schools').select('id').where('isActive', '=', 1).orderBy('id').execute();
  const runs: AbsenceRun[] = [];
  for (const { id: schoolId } of schools) {
    const rules = await schoolRules(db, schoolId, opts.defaultTimeZone);
    const today = localDate(now, rules.timeZone);
    for (let back = CATCH_UP_DAYS; back >= 0; back--) {
      const date = addDays(today, -back);
      const cutoff = localDateTime(date, rules.absenceCutoff, rules.timeZone).toISOString();
      if (cutoff > now.toISOString() || cutoff < since || !isSchoolDay(date, rules)) continue;
      const key = `${schoolId}:${date}`;
      const claimed = await db
        .selectFrom('jobRuns')
        .select('runKey')
        .where('job', '=', ABSENCE_JOB)
        .where('runKey', '=', key)
        .executeTakeFirst();
      if (claimed) continue;
      const ids = await db.transaction().execute(async (trx) => {
        const claim = await trx
          .insertInto('jobRuns')
          .values({ job: ABSENCE_JOB, runKey: key, claimedAt: now.toISOString(), result: null })
          .onConflict((oc) => oc.columns(['job', 'runKey']).doNothing())
          .executeTakeFirst();
        if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return null; // another process has it
        const marked = await markDay(trx, schoolId, date, cutoff, rules.partialDays?.get(date), now);
        await trx
          .updateTable('jobRuns')
          .set({ result: JSON.stringify({ marked: marked.length }) })
          .where('job', '=', ABSENCE_JOB)
          .where('runKey', '=', key)
          .execute();
        await writeLog(
          trx,
          { role: 'SYSTEM', userId: null, name: 'Absence job' },
          {
            action: 'MARK_ABSENCES',
            entity: 'School',
            entityId: schoolId,
            details: { date, marked: marked.length },
          },
        );
        return marked;
      });
      if (!ids) continue;
      runs.push({ schoolId, date, marked: ids.length });
      if (opts.realtime && ids.length) await publishAbsences(db, opts.realtime, ids, cutoff, opts.defaultTimeZone);
    }
  }
  return runs;
}

async function publishAbsences(db: Executor, realtime: Realtime, ids: number[], time: string, defaultTimeZone: string) {
  const records = await recordsByIds(db, ids, defaultTimeZone);
  for (const record of records.values()) {
    const event: LiveAttendanceEvent = {
      id: record.id,
      studentId: record.studentId,
      studentName: `${record.student.firstName} ${record.student.lastName}`,
      status: record.status,
      time,
      reader: null,
      record,
    };
    realtime.emitToSchool(record.schoolId, 'attendance', event);
    realtime.emitToStudent(record.studentId, 'attendance', { id: record.id, status: record.status });
  }
}

/**
 * Runs the job every minute, or every `everySeconds` (ABSENCE_JOB_SECONDS; croner, `protect` skips a tick while
 * the previous one still runs).
 */
export function scheduleAbsenceJob(
  db: DB,
  realtime: Realtime,
  defaultTimeZone: string,
  log: { error(o: object, m: string): void },
  everySeconds: number,
  clock: Clock,
): Cron {
  const [pattern, interval] = everySeconds === 60 ? ['* * * * *', undefined] : ['* * * * * *', everySeconds];
  const options = { protect: true, interval, catch: (err: unknown) => log.error({ err }, 'absence job failed') };
  return new Cron(pattern, options, async () => {
    await runAbsenceJob(db, { defaultTimeZone, realtime, now: clock.now() });
  });
}
