import { describe, expect, it } from 'vitest';
import { buildSf2, classDays, learnerName, type Sf2Input, type Sf2Learner } from '../../../server/features/reports/sf2-form';
import { lastMarkedDay } from '../../../server/features/attendance/rules';

/** The rules of School Form 2 as a pure function (the API test checks a whole month end to end). */
const learner = (id: number, over: Partial<Sf2Learner> = {}): Sf2Learner => ({
  id,
  firstName: 'Ana',
  middleName: null,
  lastName: `Learner${id}`,
  gender: 'FEMALE',
  enrolmentDate: '2026-06-08',
  leftOn: null,
  leftReason: null,
  transferInFrom: null,
  leftDetail: null,
  lrn: `1000000000${String(id).padStart(2, '0')}`,
  ...over,
});
const base: Sf2Input = {
  school: { name: 'Test School', depedSchoolId: null },
  schoolYear: { start: '2026-06-08', end: '2027-04-09' },
  month: '2026-11',
  grade: { name: 'Grade 7', level: 7 },
  sectionName: 'Rizal',
  schoolDays: [1, 2, 3, 4, 5],
  noClassDays: [],
  lastMarkedDay: '2026-12-01',
  learners: [],
  records: [],
};

describe('School Form 2 rules', () => {
  it('class days: the weekly days, less no-class days of the whole school or of this grade level, within the school year', () => {
    const days = classDays({
      ...base,
      noClassDays: [
        { date: '2026-11-02', name: 'All Souls', kind: 'HOLIDAY', gradeLevels: null },
        { date: '2026-11-03', name: 'Grade 7 trip', kind: 'EVENT', gradeLevels: [7] },
        { date: '2026-11-04', name: 'Grade 8 trip', kind: 'EVENT', gradeLevels: [8] },
      ],
    });
    expect(days.slice(0, 3)).toEqual(['2026-11-04', '2026-11-05', '2026-11-06']);
    expect(days).toHaveLength(19);
    // A month the school year starts in: only its days from the start.
    expect(classDays({ ...base, month: '2026-06' })[0]).toBe('2026-06-08');
    expect(classDays({ ...base, month: '2026-05' })).toEqual([]);
  });

  it('names: "LAST, First Middle"; learners without a recorded sex are left out of both groups and named to be fixed', () => {
    expect(learnerName({ firstName: 'Maria', middleName: 'Clara', lastName: 'Dela Cruz' })).toBe('DELA CRUZ, Maria Clara');
    expect(learnerName({ firstName: 'Jo', middleName: ' ', lastName: 'Li' })).toBe('LI, Jo');
    const form = buildSf2({ ...base, learners: [learner(1), learner(2, { gender: null }), learner(3, { gender: 'OTHER' })] });
    expect(form.groups.map((g) => [g.label, g.learners.length])).toEqual([
      ['MALE', 0],
      ['FEMALE', 1],
    ]);
    // The totals add up: male + female = total.
    expect(form.summary.registered).toEqual({ male: 0, female: 1, total: 1 });
    expect(form.missing).toEqual({
      schoolId: true,
      sex: [
        { studentId: 2, name: 'LEARNER2, Ana', lrn: '100000000002' },
        { studentId: 3, name: 'LEARNER3, Ana', lrn: '100000000003' },
      ],
    });
  });

  it('days not over yet carry no mark and do not count; an empty section gives undefined rates, not NaN', () => {
    const form = buildSf2({ ...base, lastMarkedDay: '2026-11-05', learners: [learner(1)] });
    const marks = form.groups[1]!.learners[0]!.marks;
    expect(marks.slice(0, 4)).toEqual(['x', 'x', 'x', 'x']);
    expect(marks.slice(4).every((m) => m === null)).toBe(true);
    expect(form.summary.schoolDays).toBe(4);
    expect(form.days.filter((d) => d.counted)).toHaveLength(4);
    const empty = buildSf2(base);
    expect(empty.summary.percentEnrolment).toEqual({ male: null, female: null, total: null });
    expect(empty.summary.averageDailyAttendance).toEqual({ male: 0, female: 0, total: 0 });
    expect(empty.summary.percentAttendance).toEqual({ male: null, female: null, total: null });
  });

  it('EXCUSED without a check-in is absent, EXCUSED who tapped is present; LATE is tardy; a learner’s 5-day run is counted once', () => {
    const records = [
      { studentId: 1, date: '2026-11-02', status: 'EXCUSED', checkInAt: null },
      { studentId: 1, date: '2026-11-03', status: 'EXCUSED', checkInAt: '2026-11-03T00:00:00.000Z' },
      { studentId: 1, date: '2026-11-04', status: 'LATE', checkInAt: '2026-11-04T00:30:00.000Z' },
    ];
    const form = buildSf2({ ...base, lastMarkedDay: '2026-11-13', learners: [learner(1)], records });
    const row = form.groups[1]!.learners[0]!;
    expect(row.marks.slice(0, 10)).toEqual(['x', '', 'T', 'x', 'x', 'x', 'x', 'x', 'x', 'x']);
    expect([row.absent, row.tardy]).toEqual([8, 1]);
    expect(form.summary.absentFiveDays).toEqual({ male: 0, female: 1, total: 1 });
  });

  it('a month with a late enrolment, a transfer in, a transfer out, a drop-out and a five-day absence: the summary by hand', () => {
    const present = (studentId: number, ...days: number[]) =>
      days.map((d) => ({ studentId, date: `2026-11-0${d}`, status: 'PRESENT', checkInAt: `2026-11-0${d}T00:00:00.000Z` }));
    const learners = [
      learner(1, { firstName: 'Abe', gender: 'MALE' }),
      learner(2, { firstName: 'Bea', gender: 'FEMALE' }),
      learner(3, { firstName: 'Cid', gender: 'MALE', enrolmentDate: '2026-11-04' }),
      learner(4, { firstName: 'Dee', gender: 'FEMALE', enrolmentDate: '2026-11-03', transferInFrom: 'Rizal ES' }),
      learner(5, {
        firstName: 'Eli',
        gender: 'MALE',
        leftOn: '2026-11-05',
        leftReason: 'TRANSFERRED_OUT',
        leftDetail: 'Mabini ES',
      }),
      learner(6, { firstName: 'Fe', gender: 'FEMALE', leftOn: '2026-11-04', leftReason: 'DROPPED_OUT', leftDetail: 'b.1' }),
    ];
    const records = [
      ...present(1, 2, 3, 4, 5, 6),
      ...present(3, 4, 5, 6),
      ...present(4, 3, 4, 5, 6),
      ...present(5, 2, 3, 4),
      ...present(6, 2),
    ];
    // The first week only: Mon 2 to Fri 6 November are the class days counted.
    const form = buildSf2({ ...base, lastMarkedDay: '2026-11-06', learners, records });
    const remarks = Object.fromEntries(form.groups.flatMap((g) => g.learners.map((l) => [l.name.split(', ')[1], l.remarks])));
    expect(remarks).toEqual({
      Abe: '',
      Cid: 'LE Nov 4, 2026',
      Eli: 'T/O to Mabini ES Nov 5, 2026',
      Bea: '',
      Dee: 'T/I from Rizal ES Nov 3, 2026',
      Fe: 'DRP b.1 Nov 4, 2026',
    });
    // Present per day (M / F): 2 Nov Abe Eli / Fe; 3 Nov Abe Eli / Dee; 4 Nov Abe Cid Eli / Dee; 5 and 6 Nov Abe Cid / Dee.
    expect(form.groups.map((g) => g.presentPerDay.slice(0, 5))).toEqual([
      [2, 2, 3, 2, 2],
      [1, 1, 1, 1, 1],
    ]);
    expect(form.summary).toMatchObject({
      schoolDays: 5,
      // On the roll by the first Friday (12 June): Abe, Eli / Bea, Fe.
      enrolment: { male: 2, female: 2, total: 4 },
      // Cid came after the cut-off; Dee is a transferee, not a late enrolment.
      lateEnrolment: { male: 1, female: 0, total: 1 },
      // Still on the roll at the end of the month: Abe, Cid / Bea, Dee.
      registered: { male: 2, female: 2, total: 4 },
      percentEnrolment: { male: 100, female: 100, total: 100 },
      // Total daily attendance 11 / 5 / 16 over 5 days.
      averageDailyAttendance: { male: 2.2, female: 1, total: 3.2 },
      // ADA ÷ registered × 100 (Eli attended before leaving: above 100 for the boys, as DepEd's formula gives).
      percentAttendance: { male: 110, female: 50, total: 80 },
      absentFiveDays: { male: 0, female: 1, total: 1 },
      droppedOut: { male: 0, female: 1, total: 1 },
      transferredOut: { male: 1, female: 0, total: 1 },
      transferredIn: { male: 0, female: 1, total: 1 },
    });
  });

  it('today counts once its absence cutoff has passed in the school’s zone', () => {
    expect(lastMarkedDay(new Date('2026-11-18T01:59:00.000Z'), 'Asia/Manila', '10:00')).toBe('2026-11-17');
    expect(lastMarkedDay(new Date('2026-11-18T02:00:00.000Z'), 'Asia/Manila', '10:00')).toBe('2026-11-18');
  });
});
