import type { DB } from '@core/db/index';
import type { Actor } from '@core/audit-log';
import { addDays, localDateTime } from '@core/time/time';
import { firstFriday } from '@domain/calendar';
import { movementInputSchema, type MovementInput } from '@domain/students/movement';
import { recordMovement } from '../server/features/students/movement';

/*
 * The demo's school year, so its DepEd forms (SF2, SF4) look like a real school's: the year's dates derived from the
 * demo clock's first day, each learner's birth date, the days of the year before the demo started as attendance
 * records (the readers play from today on), late enrolments, one learner of each movement kind recorded through the
 * learner page's service, and one learner absent five class days in a row who is still away.
 */

export interface DemoYear {
  /** 'YYYY-MM-DD': the first class day (1 June) and the last (31 May, so any day the demo starts on is inside). */
  start: string;
  end: string;
  /** The first Friday of June: enrolment after it is late enrolment (SF2's cut-off). */
  cutoff: string;
  /** The demo clock's first day: the history before it is seeded, the readers play from it. */
  today: string;
}

/** The school year the demo's first day falls in: it starts in June and ends the following spring. */
export function demoSchoolYear(today: string): DemoYear {
  const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) < 6 ? 1 : 0);
  const start = `${year}-06-01`;
  return { start, end: `${year + 1}-05-31`, cutoff: firstFriday(start), today };
}

/** A learner's birth date: the age of their grade level (Grade 1 at six) on the year's start, spread over the year. */
export function demoBirthDate(year: DemoYear, gradeLevel: number, n: number): string {
  const born = Number(year.start.slice(0, 4)) - gradeLevel - 6;
  return `${born}-${String(((n * 5) % 12) + 1).padStart(2, '0')}-${String(((n * 7) % 28) + 1).padStart(2, '0')}`;
}

/** What a demo school's movements name: the schools learners came from and went to. */
export interface DemoMovementSchools {
  transferredInFrom: string;
  transferredOutTo: string;
}

/** How many class days the away learner has been absent before the demo's first day. */
export const AWAY_DAYS = 6;

/** A small integer hash in 0..999 (the same history on every start). */
function roll(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 1, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 16;
  return (h >>> 0) % 1000;
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A school's year: late enrolments, the movements (in its first section: transferred in, transferred out, dropped out,
 * NLPA, a recent late enrolment, and a learner away AWAY_DAYS class days; in its second an early late enrolment),
 * then every learner's attendance from the year's start to the day before the demo's. `sections` lists each
 * section's learner ids (at least 7 in the first, 2 in the second). Returns the learners whose cards the readers do
 * not tap (those who left, and the one still away).
 */
export async function seedSchoolYear(
  db: DB,
  schoolId: number,
  year: DemoYear,
  sections: number[][],
  schools: DemoMovementSchools,
  timeZone: string,
  actor: Actor,
): Promise<Set<number>> {
  // Days before the demo's first day, after the cut-off (later days when the demo starts in the year's first week).
  const before = (back: number) => {
    const day = addDays(year.today, -back);
    return day > year.cutoff ? day : addDays(year.cutoff, back);
  };
  const [first, second] = [sections[0]!, sections[1]!];
  const earlyLate = addDays(year.cutoff, 10) < year.today ? addDays(year.cutoff, 10) : before(14);
  for (const [id, enrolmentDate] of [
    [first[5]!, before(10)],
    [second[1]!, earlyLate],
  ] as const)
    await db.updateTable('students').set({ enrolmentDate }).where('id', '=', id).execute();

  const movements: Array<[number, MovementInput]> = [
    [first[1]!, { kind: 'TRANSFERRED_IN', date: before(12), school: schools.transferredInFrom }],
    [first[2]!, { kind: 'TRANSFERRED_OUT', date: before(8), school: schools.transferredOutTo }],
    [first[3]!, { kind: 'DROPPED_OUT', date: before(6), reasonCode: 'b.6' }],
    [first[4]!, { kind: 'NLPA', date: before(4) }],
  ];
  for (const [id, input] of movements) await recordMovement(db, id, movementInputSchema.parse(input), actor, timeZone);
  const away = first[6]!;
  await seedHistory(db, schoolId, year, away, timeZone);
  return new Set([first[2]!, first[3]!, first[4]!, away]);
}

/**
 * The attendance records of the year before the demo's first day (the demo's schools have classes every day): about
 * 4 in 100 days absent, 8 late, the rest on time, each with a check-out; `away` absent the last AWAY_DAYS days.
 */
async function seedHistory(db: DB, schoolId: number, year: DemoYear, away: number, timeZone: string) {
  const learners = await db
    .selectFrom('students')
    .select(['id', 'enrolmentDate', 'leftOn'])
    .where('schoolId', '=', schoolId)
    .execute();
  const awayFrom = addDays(year.today, -AWAY_DAYS);
  const at = (day: string, minutes: number) => localDateTime(day, hhmm(minutes), timeZone).toISOString();
  const rows = [];
  for (let day = year.start, i = 0; day < year.today; day = addDays(day, 1), i++) {
    for (const l of learners) {
      if ((l.enrolmentDate && day < l.enrolmentDate) || (l.leftOn && day >= l.leftOn)) continue;
      const r = roll(l.id, i);
      const absent = r < 40 || (l.id === away && day >= awayFrom);
      // On time 06:30–07:39, late 07:46–08:20 (the demo's late cutoff is 07:45), home 16:00–17:09.
      const checkInAt = absent ? null : at(day, r < 120 ? 466 + (r % 35) : 390 + (r % 70));
      const checkOutAt = absent ? null : at(day, 960 + ((r * 7) % 70));
      rows.push({
        studentId: l.id,
        schoolId,
        date: day,
        status: absent ? 'ABSENT' : r < 120 ? 'LATE' : 'PRESENT',
        checkInAt,
        checkOutAt,
        createdAt: checkInAt ?? at(day, 600),
        updatedAt: checkOutAt ?? at(day, 600),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('attendanceRecords')
      .values(rows.slice(i, i + 500))
      .execute();
}
