import { z } from 'zod';

/*
 * DepEd School Form 2 (SF2), Daily Attendance Report of Learners: per section and month, made from
 * the taps. The form as plain data (what the preview screen draws and both files are written from).
 */

export const SF2_MESSAGES = {
  month: 'Month must be YYYY-MM',
  format: 'Format must be xlsx, pdf or json',
  sectionNotFound: 'Section not found',
  noYear: 'Set the school year in the school calendar first',
  outsideYear: 'That month is outside the school year',
  noSchoolId: "Set the school's DepEd School ID (School Details) before making the form",
  noSex: (names: string[]) =>
    `Record the sex of ${names.length === 1 ? 'this learner' : `these ${names.length} learners`} before making the form: ${names.join(', ')}`,
} as const;

export const SF2_FORMATS = ['json', 'xlsx', 'pdf'] as const;
export type Sf2Format = (typeof SF2_FORMATS)[number];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const sf2QuerySchema = z.object({
  month: z.string({ error: SF2_MESSAGES.month }).regex(MONTH, SF2_MESSAGES.month),
  format: z.enum(SF2_FORMATS, { error: SF2_MESSAGES.format }).default('json'),
});
export const sf2ZipQuerySchema = z.object({
  month: z.string({ error: SF2_MESSAGES.month }).regex(MONTH, SF2_MESSAGES.month),
  format: z.enum(['xlsx', 'pdf'], { error: 'Format must be xlsx or pdf' }).default('xlsx'),
});

/** GET …/schools/{id}/sf2/choices: the grades and sections to choose from, and the school's today. */
export const sf2ChoicesSchema = z.object({
  today: z.string(),
  grades: z.array(z.object({ id: z.number(), name: z.string() })),
  sections: z.array(z.object({ id: z.number(), name: z.string(), gradeId: z.number() })),
  /** SF1's school years ('2026-2027'): the current one first, then the years rolled over, newest first. */
  schoolYears: z.array(z.string()),
});
export type Sf2Choices = z.infer<typeof sf2ChoicesSchema>;

/** '' present, 'x' absent, 'T' tardy (late comer: the form shades the upper half), null: not on the roll that day. */
export const SF2_MARKS = ['', 'x', 'T'] as const;
export type Sf2Mark = (typeof SF2_MARKS)[number] | null;

/** The form's two groups: a learner without a recorded sex is left out and named under `missing` until fixed. */
export const SF2_SEXES = ['MALE', 'FEMALE'] as const;
export type Sf2Sex = (typeof SF2_SEXES)[number];
export const SF2_GROUP_LABELS: Record<Sf2Sex, string> = { MALE: 'MALE', FEMALE: 'FEMALE' };

const triple = z.object({ male: z.number(), female: z.number(), total: z.number() });
const tripleOrNull = z.object({ male: z.number().nullable(), female: z.number().nullable(), total: z.number().nullable() });

export const sf2FormSchema = z.object({
  header: z.object({
    schoolId: z.string(),
    schoolYear: z.string(),
    month: z.string(),
    monthName: z.string(),
    schoolName: z.string(),
    gradeLevel: z.string(),
    section: z.string(),
  }),
  days: z.array(z.object({ date: z.string(), dayOfMonth: z.number(), letter: z.string(), counted: z.boolean() })),
  groups: z.array(
    z.object({
      sex: z.enum(SF2_SEXES),
      label: z.string(),
      learners: z.array(
        z.object({
          studentId: z.number(),
          name: z.string(),
          marks: z.array(z.enum(SF2_MARKS).nullable()),
          absent: z.number(),
          tardy: z.number(),
          remarks: z.string(),
        }),
      ),
      presentPerDay: z.array(z.number().nullable()),
    }),
  ),
  combinedPerDay: z.array(z.number().nullable()),
  summary: z.object({
    schoolDays: z.number(),
    enrolmentCutoff: z.string(),
    enrolment: triple,
    lateEnrolment: triple,
    registered: triple,
    percentEnrolment: tripleOrNull,
    averageDailyAttendance: tripleOrNull,
    percentAttendance: tripleOrNull,
    absentFiveDays: triple,
    droppedOut: triple,
    transferredOut: triple,
    transferredIn: triple,
  }),
  /** What keeps the form from being filed: no DepEd School ID, learners without a recorded sex (to fix first). */
  /** Who signs: the section's class adviser, attested by the school head (blank lines when not set). */
  certification: z.object({ adviser: z.string().nullable(), schoolHead: z.string().nullable() }),
  missing: z.object({
    schoolId: z.boolean(),
    sex: z.array(z.object({ studentId: z.number(), name: z.string(), lrn: z.string() })),
  }),
});
export type Sf2Form = z.infer<typeof sf2FormSchema>;

/** The certification at the foot of the form, in DepEd's words. */
export const SF2_CERTIFICATION = {
  statement: 'I certify that this is a true and correct report.',
  adviser: '(Signature of Teacher over Printed Name)',
  attested: 'Attested by:',
  head: '(Signature of School Head over Printed Name)',
} as const;

/** The legend printed under the grid (the form's own codes). */
export const SF2_LEGEND =
  '(blank) - Present; (x) - Absent; Tardy (half shaded = Upper for Late Comer, Lower for Cutting Classes)';

export const SUMMARY_ROWS: Array<[keyof Sf2Form['summary'], string]> = [
  ['enrolment', '* Enrolment as of (1st Friday of the school year)'],
  ['lateEnrolment', 'Late Enrolment during the month (beyond cut-off)'],
  ['registered', 'Registered Learners as of end of the month'],
  ['percentEnrolment', 'Percentage of Enrolment as of end of the month'],
  ['averageDailyAttendance', 'Average Daily Attendance'],
  ['percentAttendance', 'Percentage of Attendance for the month'],
  ['absentFiveDays', 'Number of students absent for 5 consecutive days'],
  ['droppedOut', 'Drop out'],
  ['transferredOut', 'Transferred out'],
  ['transferredIn', 'Transferred in'],
];

/** A summary figure as printed: whole numbers as they are, rates with two decimals, '-' when undefined. */
export const summaryFigure = (value: number | null, rate: boolean) =>
  value == null ? '-' : rate ? value.toFixed(2) : String(value);
export const isRate = (key: keyof Sf2Form['summary']) =>
  key === 'percentEnrolment' || key === 'averageDailyAttendance' || key === 'percentAttendance';
