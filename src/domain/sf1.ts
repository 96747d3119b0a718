import { z } from 'zod';
import { SF2_SEXES } from './sf2';

/*
 * DepEd School Form 1 (SF1), School Register: per section and school year, every learner with the record's personal,
 * address and family fields, REMARKS from the learner's movement, and the registered learners at the beginning and
 * the end of the year. The form as plain data (what the preview draws and both files are written from).
 */

/** What SF1 cannot be filed without, per learner. */
export const SF1_REQUIRED = ['sex', 'birthDate'] as const;
export type Sf1Required = (typeof SF1_REQUIRED)[number];
export const SF1_REQUIRED_LABELS: Record<Sf1Required, string> = { sex: 'sex', birthDate: 'birth date' };

export const SF1_MESSAGES = {
  format: 'Format must be xlsx, pdf or json',
  schoolYear: 'School year must be written like 2026-2027',
  noSuchYear: (year: string) => `This school has no closed school year ${year}: only a year rolled over can be chosen`,
  missing: (learners: Array<{ name: string; fields: Sf1Required[] }>) =>
    `Record the sex and birth date of ${learners.length === 1 ? 'this learner' : `these ${learners.length} learners`} before ` +
    `making the form: ${learners.map((l) => `${l.name} (${l.fields.map((f) => SF1_REQUIRED_LABELS[f]).join(', ')})`).join('; ')}`,
} as const;

export const sf1QuerySchema = z.object({
  format: z.enum(['json', 'xlsx', 'pdf'], { error: SF1_MESSAGES.format }).default('json'),
  /** A year already rolled over ('2026-2027'); none: the school's current year. */
  schoolYear: z
    .string({ error: SF1_MESSAGES.schoolYear })
    .regex(/^\d{4}-\d{4}$/, SF1_MESSAGES.schoolYear)
    .optional(),
});

const triple = z.object({ male: z.number(), female: z.number(), total: z.number() });

export const sf1LearnerSchema = z.object({
  studentId: z.number(),
  lrn: z.string(),
  /** "LAST, First Middle" */
  name: z.string(),
  sex: z.enum(['M', 'F']).nullable(),
  /** 'YYYY-MM-DD' */
  birthDate: z.string().nullable(),
  /** whole years as of the first Friday of June of the school year's start year */
  age: z.number().nullable(),
  motherTongue: z.string().nullable(),
  ethnicGroup: z.string().nullable(),
  religion: z.string().nullable(),
  houseStreet: z.string().nullable(),
  barangay: z.string().nullable(),
  municipality: z.string().nullable(),
  province: z.string().nullable(),
  fatherName: z.string().nullable(),
  motherMaidenName: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianRelationship: z.string().nullable(),
  contactNumber: z.string().nullable(),
  remarks: z.string(),
});
export type Sf1Learner = z.infer<typeof sf1LearnerSchema>;

export const sf1FormSchema = z.object({
  header: z.object({
    schoolId: z.string(),
    schoolName: z.string(),
    schoolYear: z.string(),
    gradeLevel: z.string(),
    section: z.string(),
  }),
  dates: z.object({
    /** the age column's date: the first Friday of June of the start year */
    age: z.string(),
    /** beginning of the school year: its first Friday (SF2's enrolment cut-off) */
    bosy: z.string(),
    /** end of the school year, or the school's today while the year runs */
    eosy: z.string(),
  }),
  /** males then females, by name (SF2's order); a learner without a recorded sex is in neither (see `missing`) */
  groups: z.array(z.object({ sex: z.enum(SF2_SEXES), label: z.string(), learners: z.array(sf1LearnerSchema) })),
  /** registered learners at the beginning and the end of the year, M / F / TOTAL */
  registered: z.object({ bosy: triple, eosy: triple }),
  /** What keeps the form from being filed: no DepEd School ID; learners without a sex or a birth date (to fix first). */
  missing: z.object({
    schoolId: z.boolean(),
    learners: z.array(
      z.object({ studentId: z.number(), name: z.string(), lrn: z.string(), fields: z.array(z.enum(SF1_REQUIRED)) }),
    ),
  }),
  certification: z.object({ adviser: z.string().nullable(), schoolHead: z.string().nullable() }),
});
export type Sf1Form = z.infer<typeof sf1FormSchema>;

/** The columns as the form heads them: [group over them or null, heading, the learner's value]. */
export const SF1_COLUMNS: Array<[group: string | null, heading: string, value: (l: Sf1Learner) => string | number]> = [
  [null, 'LRN', (l) => l.lrn],
  [null, 'NAME (Last Name, First Name, Middle Name)', (l) => l.name],
  [null, 'Sex (M/F)', (l) => l.sex ?? ''],
  [null, 'BIRTH DATE (mm/dd/yyyy)', (l) => (l.birthDate ? sf1Date(l.birthDate) : '')],
  [null, 'AGE as of 1st Friday of June', (l) => l.age ?? ''],
  [null, 'MOTHER TONGUE', (l) => l.motherTongue ?? ''],
  [null, 'IP (Ethnic Group)', (l) => l.ethnicGroup ?? ''],
  [null, 'RELIGION', (l) => l.religion ?? ''],
  ['ADDRESS', 'House #/ Street/ Sitio/ Purok', (l) => l.houseStreet ?? ''],
  ['ADDRESS', 'Barangay', (l) => l.barangay ?? ''],
  ['ADDRESS', 'Municipality/ City', (l) => l.municipality ?? ''],
  ['ADDRESS', 'Province', (l) => l.province ?? ''],
  ['PARENTS', "Father's Name (Last Name, First Name, Middle Name)", (l) => l.fatherName ?? ''],
  ['PARENTS', "Mother's Maiden Name (Last Name, First Name, Middle Name)", (l) => l.motherMaidenName ?? ''],
  ['GUARDIAN (if Not Parent)', 'Name', (l) => l.guardianName ?? ''],
  ['GUARDIAN (if Not Parent)', 'Relationship', (l) => l.guardianRelationship ?? ''],
  [null, 'Contact Number of Parent or Guardian', (l) => l.contactNumber ?? ''],
  [null, 'REMARKS', (l) => l.remarks],
];

/** The codes REMARKS prints (SF1's list of indicators, those the product records). */
export const SF1_REMARKS_LEGEND =
  'REMARKS: T/O - Transferred Out (school and date); T/I - Transferred In (school and date); DRP - Dropped ' +
  '(reason code and date); LE - Late Enrollment (beyond the 1st Friday of the school year); NLPA - No Longer ' +
  'Participating in Learning Activities';

export const SF1_CERTIFICATION = {
  prepared: 'Prepared by:',
  adviser: '(Signature of Adviser over Printed Name)',
  certified: 'Certified Correct:',
  head: '(Signature of School Head over Printed Name)',
} as const;

/** 'YYYY-MM-DD' → 'MM/DD/YYYY', as the form writes dates. */
export const sf1Date = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
