import type { Executor } from '@core/db/index';
import { addDays } from '@core/time/time';
import type { Sf2Form } from '@domain/sf2';
import type { Sf4Form, Sf4Movement, Sf4Row } from '@domain/sf4';
import { buildSf2, monthBounds, type Sf2Learner } from './sf2-form';
import { loadSchoolSections, sf2Input } from './sf2-data';

/*
 * School Form 4 of a school and month: each section's figures come from its School Form 2 of the month (registered,
 * average daily attendance, percentage of attendance), and its learners' movements counted from the school year's
 * start: to the end of the previous month, during the month, and cumulatively.
 */

type Triple = { male: number; female: number; total: number };
const zero = (): Triple => ({ male: 0, female: 0, total: 0 });
const add = (a: Triple, b: Triple): Triple => ({ male: a.male + b.male, female: a.female + b.female, total: a.total + b.total });
const round2 = (n: number) => Math.round(n * 100) / 100;

function count(learners: Sf2Learner[], happened: (l: Sf2Learner) => string | null, from: string, to: string): Triple {
  const t = zero();
  for (const l of learners) {
    const d = happened(l);
    if (!d || d < from || d > to || (l.gender !== 'MALE' && l.gender !== 'FEMALE')) continue;
    if (l.gender === 'MALE') t.male++;
    else t.female++;
    t.total++;
  }
  return t;
}

function movement(
  learners: Sf2Learner[],
  happened: (l: Sf2Learner) => string | null,
  yearStart: string,
  month: string,
): Sf4Movement {
  const { start, end } = monthBounds(month);
  const previous = count(learners, happened, yearStart, addDays(start, -1));
  const during = count(learners, happened, start, end);
  return { previous, month: during, cumulative: add(previous, during) };
}

const left = (reason: string) => (l: Sf2Learner) => (l.leftReason === reason ? l.leftOn : null);
const cameIn = (l: Sf2Learner) => (l.transferInFrom ? l.enrolmentDate : null);

function rowOf(form: Sf2Form, learners: Sf2Learner[], yearStart: string, month: string) {
  return {
    registered: form.summary.registered,
    averageDailyAttendance: form.summary.averageDailyAttendance,
    percentAttendance: form.summary.percentAttendance,
    droppedOut: movement(learners, left('DROPPED_OUT'), yearStart, month),
    transferredOut: movement(learners, left('TRANSFERRED_OUT'), yearStart, month),
    transferredIn: movement(learners, cameIn, yearStart, month),
  };
}

export async function schoolSf4(
  db: Executor,
  schoolId: number,
  month: string,
  opts: { defaultTimeZone: string; now: Date },
): Promise<Sf4Form> {
  const { ctx, sections, data } = await loadSchoolSections(db, schoolId, month, opts.defaultTimeZone, opts.now);
  const rows: Sf4Row[] = sections.map((section) => {
    const d = data.get(section.id)!;
    const form = buildSf2(sf2Input(ctx, section, d));
    return {
      grade: section.grade.name,
      section: section.name,
      adviser: section.adviserName,
      ...rowOf(form, d.learners, ctx.schoolYear.start, month),
    };
  });
  const sum = <K extends 'registered' | 'averageDailyAttendance'>(key: K) => {
    const t = { male: 0, female: 0, total: 0 };
    for (const r of rows) for (const k of ['male', 'female', 'total'] as const) t[k] += r[key][k] ?? 0;
    return { male: round2(t.male), female: round2(t.female), total: round2(t.total) };
  };
  const sumMovement = (key: 'droppedOut' | 'transferredOut' | 'transferredIn'): Sf4Movement => ({
    previous: rows.reduce((t, r) => add(t, r[key].previous), zero()),
    month: rows.reduce((t, r) => add(t, r[key].month), zero()),
    cumulative: rows.reduce((t, r) => add(t, r[key].cumulative), zero()),
  });
  const registered = sum('registered');
  const ada = sum('averageDailyAttendance');
  const pct = (a: number, r: number) => (r === 0 ? null : round2((a / r) * 100));
  // The school's header, as its School Form 2 has it (the form of no section: only the school's part is read).
  const none = { id: 0, name: '', grade: { id: 0, name: '', level: null }, adviserName: null };
  const header = buildSf2(sf2Input(ctx, none, { learners: [], records: [] })).header;
  return {
    header: {
      schoolId: header.schoolId,
      schoolName: header.schoolName,
      schoolYear: header.schoolYear,
      month,
      monthName: header.monthName,
    },
    rows,
    total: {
      registered,
      averageDailyAttendance: ada,
      percentAttendance: {
        male: pct(ada.male, registered.male),
        female: pct(ada.female, registered.female),
        total: pct(ada.total, registered.total),
      },
      droppedOut: sumMovement('droppedOut'),
      transferredOut: sumMovement('transferredOut'),
      transferredIn: sumMovement('transferredIn'),
    },
  };
}
