import { firstFriday } from '@domain/calendar';
import { SF2_GROUP_LABELS, SF2_SEXES, type Sf2Sex } from '@domain/sf2';
import type { RegisterValues } from '@domain/students/register';
import type { Sf1Form, Sf1Learner, Sf1Required } from '@domain/sf1';
import { learnerName, remarksOf, type Sf2Learner } from './sf2-form';
import { schoolYearCode } from '@domain/school-year';

/*
 * School Form 1 (School Register) as plain data: a pure function of the section's learners and the school year
 * (unit-tested in tests/unit/reports/sf1-form.test.ts; the XLSX and PDF writers only lay it out).
 * - Listed: every learner of the section on the roll at some point of the school year, males then females by name.
 * - REMARKS: the learner's movement during the year in SF2's words ("T/I from …", "LE", "T/O to …", "DRP b.1", "NLPA").
 * - Registered learners at BoSY: on the roll on the first Friday of the school year (SF2's enrolment cut-off, so the
 *   two forms agree); at EoSY: on the roll on the year's last day, or on the school's today while the year runs.
 * - Age: whole years on the first Friday of June of the year the school year starts (DepEd's column heading).
 */

/** A learner as SF1 reads them: SF2's roll fields, and the record's personal, address and family fields. */
export interface Sf1LearnerInput extends Sf2Learner, RegisterValues {
  dateOfBirth: string | null;
  /** SF1's house no./street */
  address: string | null;
  /** SF1's guardian and contact number */
  parentFirstName: string | null;
  parentLastName: string | null;
  parentPhone: string | null;
}

export interface Sf1Input {
  school: { name: string; depedSchoolId: string | null };
  schoolYear: { start: string; end: string };
  grade: { name: string };
  sectionName: string;
  adviserName?: string | null;
  schoolHeadName?: string | null;
  /** The school's today ('YYYY-MM-DD'): the end of year's count until the year is over. */
  today: string;
  learners: Sf1LearnerInput[];
}

const sexOf = (gender: string | null): Sf2Sex | null => (gender === 'MALE' || gender === 'FEMALE' ? gender : null);

/** Whole years from a birth date to a day; null when born after it. */
export function ageOn(birth: string, on: string): number | null {
  if (birth > on) return null;
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  return on.slice(5) < birth.slice(5) ? years - 1 : years;
}

/** On the roll on a day: enrolled by it and not left (a learner's leaving day is their first day off the roll). */
export const onRoll = (l: Pick<Sf2Learner, 'enrolmentDate' | 'leftOn'>, day: string) =>
  l.enrolmentDate <= day && (l.leftOn == null || l.leftOn > day);

/** A Philippine mobile stored as +639… is written 09… on the form. */
const localPhone = (phone: string | null) => (phone ? phone.replace(/^\+63(?=9\d{9}$)/, '0') : null);

const text = (v: string | null) => (v && v.trim() ? v.trim() : null);

export function buildSf1(input: Sf1Input): Sf1Form {
  const { start, end } = input.schoolYear;
  const bosy = firstFriday(start);
  const eosy = input.today < end ? input.today : end;
  const ageDate = firstFriday(`${start.slice(0, 4)}-06-01`);
  const listed = input.learners
    .filter((l) => l.enrolmentDate <= end && (l.leftOn == null || l.leftOn > start))
    .sort((a, b) => learnerName(a).localeCompare(learnerName(b), 'en') || a.id - b.id);

  const row = (l: Sf1LearnerInput): Sf1Learner => {
    const sex = sexOf(l.gender);
    return {
      studentId: l.id,
      lrn: l.lrn,
      name: learnerName(l),
      sex: sex === 'MALE' ? 'M' : sex === 'FEMALE' ? 'F' : null,
      birthDate: l.dateOfBirth,
      age: l.dateOfBirth ? ageOn(l.dateOfBirth, ageDate) : null,
      motherTongue: text(l.motherTongue),
      ethnicGroup: text(l.ethnicGroup),
      religion: text(l.religion),
      houseStreet: text(l.address),
      barangay: text(l.barangay),
      municipality: text(l.municipality),
      province: text(l.province),
      fatherName: text(l.fatherName),
      motherMaidenName: text(l.motherMaidenName),
      guardianName: text([l.parentFirstName, l.parentLastName].filter((p) => p && p.trim()).join(' ')),
      guardianRelationship: text(l.guardianRelationship),
      contactNumber: localPhone(l.parentPhone),
      remarks: remarksOf(l, bosy, start, end),
    };
  };

  const tally = (day: string) => {
    const t = { male: 0, female: 0, total: 0 };
    for (const l of listed) {
      const sex = sexOf(l.gender);
      if (!sex || !onRoll(l, day)) continue;
      if (sex === 'MALE') t.male++;
      else t.female++;
      t.total++;
    }
    return t;
  };

  const missing = listed.flatMap((l) => {
    const fields: Sf1Required[] = [];
    if (!sexOf(l.gender)) fields.push('sex');
    if (!l.dateOfBirth) fields.push('birthDate');
    return fields.length ? [{ studentId: l.id, name: learnerName(l), lrn: l.lrn, fields }] : [];
  });

  return {
    header: {
      schoolId: input.school.depedSchoolId ?? '',
      schoolName: input.school.name,
      schoolYear: schoolYearCode(input.schoolYear),
      gradeLevel: input.grade.name,
      section: input.sectionName,
    },
    dates: { age: ageDate, bosy, eosy },
    groups: SF2_SEXES.map((sex) => ({
      sex,
      label: SF2_GROUP_LABELS[sex],
      learners: listed.filter((l) => sexOf(l.gender) === sex).map(row),
    })),
    registered: { bosy: tally(bosy), eosy: tally(eosy) },
    missing: { schoolId: !input.school.depedSchoolId, learners: missing },
    certification: { adviser: input.adviserName ?? null, schoolHead: input.schoolHeadName ?? null },
  };
}
