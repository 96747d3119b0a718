import { addDays, isoWeekday } from '@core/time/time';
import { firstFriday, type NoClassDate } from '@domain/calendar';
import { movementRemarks, type LearnerMovement } from '@domain/students/movement';
import { classDaysOf, learnerMarks } from '@shared/student-month';
import { SF2_GROUP_LABELS, SF2_SEXES, type Sf2Form, type Sf2Mark, type Sf2Sex } from '@domain/sf2';
import { schoolYearCode } from '@domain/school-year';

/*
 * School Form 2 as plain data: a pure function of the learners, the calendar and the month's attendance records
 * (unit-tested in tests/unit/reports/sf2-form.test.ts; the XLSX and PDF writers only lay it out). The day rules (class
 * days, the roll, present / tardy / absent) are src/shared/student-month.ts's, shared with the student portal's
 * totals (classDaysOf, learnerMarks); days off the roll and days not over yet carry no mark (null).
 * - summary: DepEd's guidelines (percentage of enrolment = registered at the end of the month / enrolment as of
 *   the first Friday × 100; average daily attendance = total daily attendance / school days of the month so far;
 *   percentage of attendance = ADA / registered × 100).
 */

export interface Sf2Learner {
  id: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: string | null;
  /** 'YYYY-MM-DD' (the registration day when none was given) */
  enrolmentDate: string;
  leftOn: string | null;
  leftReason: string | null;
  /** The school transferred in from; the school transferred to or the drop-out's code (SF2's REMARKS). */
  transferInFrom: string | null;
  leftDetail: string | null;
  lrn: string;
}

export interface Sf2Record {
  studentId: number;
  date: string;
  status: string;
  checkInAt: string | null;
}

export interface Sf2Input {
  school: { name: string; depedSchoolId: string | null };
  schoolYear: { start: string; end: string };
  month: string;
  grade: { name: string; level: number | null };
  sectionName: string;
  /** The section's class adviser and the school head: the form's certification (blank lines when unknown). */
  adviserName?: string | null;
  schoolHeadName?: string | null;
  schoolDays: number[];
  noClassDays: NoClassDate[];
  /** The last day with marks: the school's today once its absence cutoff has passed, else yesterday. */
  lastMarkedDay: string;
  /** Every learner of the section enrolled by the month's end (those who left earlier too: the cut-off counts them). */
  learners: Sf2Learner[];
  records: Sf2Record[];
}

const MONTHS = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];
const LETTERS = ['', 'M', 'T', 'W', 'TH', 'F', 'SA', 'SU'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortDate = (date: string) =>
  `${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;

export const monthBounds = (month: string) => {
  const start = `${month}-01`;
  const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 10);
  return { start, end: addDays(next, -1) };
};

/** "LAST, First Middle" (the form's name column). */
export const learnerName = (l: Pick<Sf2Learner, 'firstName' | 'middleName' | 'lastName'>) =>
  `${l.lastName.toUpperCase()}, ${[l.firstName, l.middleName].filter((p) => p && p.trim()).join(' ')}`;

const sexOf = (gender: string | null): Sf2Sex | null => (gender === 'MALE' || gender === 'FEMALE' ? gender : null);
const round2 = (n: number) => Math.round(n * 100) / 100;
const ratio = (a: number, b: number, scale = 1) => (b === 0 ? null : round2((a / b) * scale));

/** The class days of a month for a grade level. */
export const classDays = (input: Pick<Sf2Input, 'month' | 'schoolDays' | 'noClassDays' | 'schoolYear' | 'grade'>): string[] =>
  classDaysOf(input.month, { ...input, gradeLevel: input.grade.level });

export function buildSf2(input: Sf2Input): Sf2Form {
  const { start: monthStart, end: monthEnd } = monthBounds(input.month);
  const days = classDays(input);
  const counted = days.map((d) => d <= input.lastMarkedDay);
  const cutoff = firstFriday(input.schoolYear.start);
  const byStudentDay = new Map(input.records.map((r) => [`${r.studentId}:${r.date}`, r]));
  // Listed: on the roll at some point of the month.
  const listed = input.learners.filter((l) => l.enrolmentDate <= monthEnd && (l.leftOn == null || l.leftOn > monthStart));

  const zero = () => ({ male: 0, female: 0, total: 0 });
  const tally = (pick: (l: Sf2Learner) => boolean, from = input.learners) => {
    const t = zero();
    for (const l of from) {
      if (!pick(l)) continue;
      const sex = sexOf(l.gender);
      // Without a recorded sex a learner is on neither side of the form (named under `missing` instead).
      if (sex === 'MALE') t.male++;
      if (sex === 'FEMALE') t.female++;
      if (sex) t.total++;
    }
    return t;
  };

  const combinedPerDay: Array<number | null> = days.map((_, i) => (counted[i] ? 0 : null));
  const absentFive = new Set<number>();
  const groups = SF2_SEXES.map((sex) => {
    const learners = listed
      .filter((l) => sexOf(l.gender) === sex)
      .sort((a, b) => learnerName(a).localeCompare(learnerName(b), 'en') || a.id - b.id);
    const presentPerDay: Array<number | null> = days.map((_, i) => (counted[i] ? 0 : null));
    const rows = learners.map((l) => {
      const { marks, absent, tardy, fiveInARow } = learnerMarks(days, input.lastMarkedDay, l, (d) =>
        byStudentDay.get(`${l.id}:${d}`),
      );
      if (fiveInARow) absentFive.add(l.id);
      marks.forEach((mark, i) => {
        if (mark === '' || mark === 'T') {
          presentPerDay[i]!++;
          combinedPerDay[i]!++;
        }
      });
      return {
        studentId: l.id,
        name: learnerName(l),
        marks: marks as Sf2Mark[],
        absent,
        tardy,
        remarks: remarksOf(l, cutoff, monthStart, monthEnd),
      };
    });
    return { sex, label: SF2_GROUP_LABELS[sex], learners: rows, presentPerDay };
  });
  const unsexed = listed
    .filter((l) => sexOf(l.gender) == null)
    .sort((a, b) => learnerName(a).localeCompare(learnerName(b), 'en') || a.id - b.id)
    .map((l) => ({ studentId: l.id, name: learnerName(l), lrn: l.lrn }));

  const schoolDaysSoFar = counted.filter(Boolean).length;
  const enrolment = tally((l) => l.enrolmentDate <= cutoff);
  const registered = tally((l) => l.enrolmentDate <= monthEnd && (l.leftOn == null || l.leftOn > monthEnd));
  const attendanceOf = (sex: Sf2Sex | null) =>
    groups
      .filter((g) => sex == null || g.sex === sex)
      .reduce((sum, g) => sum + g.presentPerDay.reduce<number>((s, n) => s + (n ?? 0), 0), 0);
  // Rates from the unrounded average (rounding twice would move the second figure).
  const rawAda = (sex: Sf2Sex | null) => (schoolDaysSoFar === 0 ? null : attendanceOf(sex) / schoolDaysSoFar);
  const [adaMale, adaFemale, adaTotal] = [rawAda('MALE'), rawAda('FEMALE'), rawAda(null)];
  const rate = (ada: number | null, registeredCount: number) => (ada == null ? null : ratio(ada, registeredCount, 100));
  const ada = {
    male: adaMale == null ? null : round2(adaMale),
    female: adaFemale == null ? null : round2(adaFemale),
    total: adaTotal == null ? null : round2(adaTotal),
  };
  const leftInMonth = (reason: string) => (l: Sf2Learner) =>
    l.leftReason === reason && l.leftOn != null && l.leftOn >= monthStart && l.leftOn <= monthEnd;
  const [year, month] = [Number(input.month.slice(0, 4)), Number(input.month.slice(5, 7))];
  return {
    header: {
      schoolId: input.school.depedSchoolId ?? '',
      schoolYear: schoolYearCode(input.schoolYear),
      month: input.month,
      monthName: `${MONTHS[month - 1]} ${year}`,
      schoolName: input.school.name,
      gradeLevel: input.grade.name,
      section: input.sectionName,
    },
    days: days.map((d, i) => ({
      date: d,
      dayOfMonth: Number(d.slice(8, 10)),
      letter: LETTERS[isoWeekday(d)]!,
      counted: counted[i]!,
    })),
    groups,
    combinedPerDay,
    summary: {
      schoolDays: schoolDaysSoFar,
      enrolmentCutoff: cutoff,
      enrolment,
      // A transferee is counted as transferred in, not as a late enrolment.
      lateEnrolment: tally(
        (l) => !l.transferInFrom && l.enrolmentDate > cutoff && l.enrolmentDate >= monthStart && l.enrolmentDate <= monthEnd,
      ),
      registered,
      percentEnrolment: {
        male: ratio(registered.male, enrolment.male, 100),
        female: ratio(registered.female, enrolment.female, 100),
        total: ratio(registered.total, enrolment.total, 100),
      },
      averageDailyAttendance: ada,
      percentAttendance: {
        male: rate(adaMale, registered.male),
        female: rate(adaFemale, registered.female),
        total: rate(adaTotal, registered.total),
      },
      absentFiveDays: tally((l) => absentFive.has(l.id), listed),
      droppedOut: tally(leftInMonth('DROPPED_OUT')),
      transferredOut: tally(leftInMonth('TRANSFERRED_OUT')),
      transferredIn: tally((l) => l.transferInFrom != null && l.enrolmentDate >= monthStart && l.enrolmentDate <= monthEnd),
    },
    missing: { schoolId: !input.school.depedSchoolId, sex: unsexed },
    certification: { adviser: input.adviserName ?? null, schoolHead: input.schoolHeadName ?? null },
  };
}

/** REMARKS of a learner for a span of days (SF2: the month; SF1: the school year). */
export function remarksOf(l: Sf2Learner, cutoff: string, monthStart: string, monthEnd: string): string {
  return movementRemarks(
    { ...l, leftReason: l.leftReason as LearnerMovement['leftReason'] },
    cutoff,
    { start: monthStart, end: monthEnd },
    shortDate,
  );
}
