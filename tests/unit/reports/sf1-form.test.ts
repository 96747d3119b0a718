import { describe, expect, it } from 'vitest';
import { ageOn, buildSf1, type Sf1Input, type Sf1LearnerInput } from '../../../server/features/reports/sf1-form';
import { SF1_MESSAGES } from '@domain/sf1';

/*
 * The rules of School Form 1 as a pure function, on SF2's month (tests/unit/reports/sf2-form.test.ts): a late
 * enrolment, a transfer in, a transfer out and a drop-out in November 2026, school year 8 Jun 2026 – 9 Apr 2027.
 * The first Friday of the school year (BoSY) is 12 Jun 2026; the first Friday of June 2026 (the ages) is 5 Jun.
 */
const learner = (id: number, over: Partial<Sf1LearnerInput> = {}): Sf1LearnerInput => ({
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
  dateOfBirth: '2014-01-01',
  address: null,
  parentFirstName: null,
  parentLastName: null,
  parentPhone: '+639171234567',
  motherTongue: null,
  ethnicGroup: null,
  religion: null,
  barangay: null,
  municipality: null,
  province: null,
  fatherName: null,
  motherMaidenName: null,
  guardianRelationship: null,
  ...over,
});
const base: Sf1Input = {
  school: { name: 'Test School', depedSchoolId: '305976' },
  schoolYear: { start: '2026-06-08', end: '2027-04-09' },
  grade: { name: 'Grade 7' },
  sectionName: 'Rizal',
  adviserName: 'Maria L. Santos',
  schoolHeadName: 'Pedro Reyes',
  today: '2026-12-01',
  learners: [],
};
const LEARNERS = [
  learner(1, { firstName: 'Abe', lastName: 'Cruz', gender: 'MALE', dateOfBirth: '2014-06-05' }),
  learner(2, { firstName: 'Bea', lastName: 'Santos', gender: 'FEMALE', dateOfBirth: '2014-06-06' }),
  learner(3, { firstName: 'Cid', lastName: 'Abad', gender: 'MALE', enrolmentDate: '2026-11-04', dateOfBirth: '2013-12-31' }),
  learner(4, {
    firstName: 'Dee',
    lastName: 'Bautista',
    gender: 'FEMALE',
    enrolmentDate: '2026-11-03',
    transferInFrom: 'Rizal ES',
    dateOfBirth: '2012-02-29',
  }),
  learner(5, {
    firstName: 'Eli',
    lastName: 'Reyes',
    gender: 'MALE',
    leftOn: '2026-11-05',
    leftReason: 'TRANSFERRED_OUT',
    leftDetail: 'Mabini ES',
  }),
  learner(6, {
    firstName: 'Fe',
    lastName: 'Ramos',
    gender: 'FEMALE',
    leftOn: '2026-11-04',
    leftReason: 'DROPPED_OUT',
    leftDetail: 'b.1',
  }),
  // Left two days after the year began, before its first Friday: listed, not in BoSY.
  learner(7, { firstName: 'Gus', lastName: 'Lim', gender: 'MALE', leftOn: '2026-06-10', leftReason: 'NLPA' }),
  // Left before the year began / enrolled after it ended: not on this year's register.
  learner(8, { firstName: 'Hal', lastName: 'Tan', gender: 'MALE', enrolmentDate: '2025-06-09', leftOn: '2026-04-10' }),
  learner(9, { firstName: 'Ivy', lastName: 'Uy', gender: 'FEMALE', enrolmentDate: '2027-06-07' }),
];

describe('School Form 1 rules', () => {
  it('ages in whole years on a day: the birthday itself counts, the day before does not; 29 February', () => {
    expect(ageOn('2014-06-05', '2026-06-05')).toBe(12);
    expect(ageOn('2014-06-06', '2026-06-05')).toBe(11);
    expect(ageOn('2012-02-29', '2026-02-28')).toBe(13);
    expect(ageOn('2012-02-29', '2026-03-01')).toBe(14);
    expect(ageOn('2027-01-01', '2026-06-05')).toBeNull();
  });

  it('the year’s learners, males then females by name, with SF2’s REMARKS for the year and ages on 5 June 2026', () => {
    const form = buildSf1({ ...base, learners: LEARNERS });
    expect(form.dates).toEqual({ age: '2026-06-05', bosy: '2026-06-12', eosy: '2026-12-01' });
    const rows = form.groups.map((g) => [g.label, g.learners.map((l) => [l.name, l.sex, l.age, l.remarks])]);
    expect(rows).toEqual([
      [
        'MALE',
        [
          ['ABAD, Cid', 'M', 12, 'LE Nov 4, 2026'],
          ['CRUZ, Abe', 'M', 12, ''],
          ['LIM, Gus', 'M', 12, 'NLPA Jun 10, 2026'],
          ['REYES, Eli', 'M', 12, 'T/O to Mabini ES Nov 5, 2026'],
        ],
      ],
      [
        'FEMALE',
        [
          ['BAUTISTA, Dee', 'F', 14, 'T/I from Rizal ES Nov 3, 2026'],
          ['RAMOS, Fe', 'F', 12, 'DRP b.1 Nov 4, 2026'],
          ['SANTOS, Bea', 'F', 11, ''],
        ],
      ],
    ]);
    // BoSY (12 Jun): Abe, Eli / Bea, Fe (Gus had left, Cid and Dee came later), as SF2's "enrolment as of the first
    // Friday". EoSY (today, 1 Dec): Abe, Cid / Bea, Dee, as SF2's "registered learners as of the end of" November.
    expect(form.registered).toEqual({
      bosy: { male: 2, female: 2, total: 4 },
      eosy: { male: 2, female: 2, total: 4 },
    });
    expect(form.missing).toEqual({ schoolId: false, learners: [] });
    expect(form.header).toEqual({
      schoolId: '305976',
      schoolName: 'Test School',
      schoolYear: '2026-2027',
      gradeLevel: 'Grade 7',
      section: 'Rizal',
    });
    expect(form.certification).toEqual({ adviser: 'Maria L. Santos', schoolHead: 'Pedro Reyes' });
  });

  it('EoSY is the year’s last day once it is over; a learner whose leaving day it is is no longer counted', () => {
    const learners = [...LEARNERS, learner(10, { firstName: 'Jo', lastName: 'Vera', gender: 'FEMALE', leftOn: '2027-04-09' })];
    const form = buildSf1({ ...base, today: '2027-05-20', learners });
    expect(form.dates.eosy).toBe('2027-04-09');
    // Jo left on 9 Apr: her first day off the roll, so not registered at the end (leaving day = first day away).
    expect(form.registered.eosy).toEqual({ male: 2, female: 2, total: 4 });
    expect(form.registered.bosy).toEqual({ male: 2, female: 3, total: 5 });
  });

  it('the register fields: address parts, parents, the guardian (the parent name) and the contact number written 09…', () => {
    const form = buildSf1({
      ...base,
      learners: [
        learner(1, {
          address: ' 12 Rizal St ',
          barangay: 'San Roque',
          municipality: 'Iloilo City',
          province: 'Iloilo',
          motherTongue: 'Hiligaynon',
          ethnicGroup: 'Ati',
          religion: 'Roman Catholic',
          fatherName: 'Jose Dela Cruz',
          motherMaidenName: 'Maria Santos',
          parentFirstName: 'Lola',
          parentLastName: 'Basyang',
          guardianRelationship: 'Grandmother',
        }),
        learner(2, { parentPhone: '(033) 320 1234', religion: '  ' }),
      ],
    });
    const [one, two] = form.groups[1]!.learners;
    expect(one).toEqual({
      studentId: 1,
      lrn: '100000000001',
      name: 'LEARNER1, Ana',
      sex: 'F',
      birthDate: '2014-01-01',
      age: 12,
      motherTongue: 'Hiligaynon',
      ethnicGroup: 'Ati',
      religion: 'Roman Catholic',
      houseStreet: '12 Rizal St',
      barangay: 'San Roque',
      municipality: 'Iloilo City',
      province: 'Iloilo',
      fatherName: 'Jose Dela Cruz',
      motherMaidenName: 'Maria Santos',
      guardianName: 'Lola Basyang',
      guardianRelationship: 'Grandmother',
      contactNumber: '09171234567',
      remarks: '',
    });
    expect(two).toMatchObject({ contactNumber: '(033) 320 1234', religion: null, guardianName: null });
  });

  it('learners without a sex or a birth date are named to be fixed; without a sex they are on neither side', () => {
    const form = buildSf1({
      ...base,
      school: { name: 'Test School', depedSchoolId: null },
      learners: [
        learner(1, { gender: 'MALE' }),
        learner(2, { gender: null, dateOfBirth: null }),
        learner(3, { gender: 'OTHER' }),
        learner(4, { dateOfBirth: null }),
      ],
    });
    expect(form.groups.map((g) => g.learners.map((l) => l.studentId))).toEqual([[1], [4]]);
    expect(form.groups[1]!.learners[0]).toMatchObject({ birthDate: null, age: null });
    expect(form.registered.eosy).toEqual({ male: 1, female: 1, total: 2 });
    expect(form.missing).toEqual({
      schoolId: true,
      learners: [
        { studentId: 2, name: 'LEARNER2, Ana', lrn: '100000000002', fields: ['sex', 'birthDate'] },
        { studentId: 3, name: 'LEARNER3, Ana', lrn: '100000000003', fields: ['sex'] },
        { studentId: 4, name: 'LEARNER4, Ana', lrn: '100000000004', fields: ['birthDate'] },
      ],
    });
    expect(SF1_MESSAGES.missing(form.missing.learners.slice(2))).toBe(
      'Record the sex and birth date of this learner before making the form: LEARNER4, Ana (birth date)',
    );
  });
});
