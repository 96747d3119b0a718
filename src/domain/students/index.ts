import { z } from 'zod';
import { normalizeCardUid } from '@shared/card-uid';
import { checkDateOrder, dateQuery, idListQuery, idQuery, isCalendarDate, listQueryFields, textQuery } from '../list-filters';
import { paginationSchema } from '../api';
import {
  STUDENT_PASSWORD_MIN,
  GENDERS,
  NOTIFICATION_PREFERENCES,
  STUDENT_MESSAGES,
  ARCHIVE_REASON_FALLBACK,
  ARCHIVE_REASON_MAX,
  BULK_MAX,
  normalizePhMobile,
} from './constants';
import { REGISTER_FIELDS, registerFields, type RegisterFieldKey } from './register';
import { booleanField, clearableText, EMAIL_MAX, isEmail, MAX_ID, PHONE_PATTERN, requiredText, safeString } from '../validation';

/*
 * Students and archived students.
 * One schema per payload: the Register/Edit form, the API routes and the CSV import all use these, so a
 * rule gives the same message everywhere. Zod 3 and 4 alike: `{ message }` arguments only.
 */

const blankTo = (empty: null | undefined) => (v: unknown) =>
  v == null || (typeof v === 'string' && v.trim() === '') ? empty : v;

const required = (message: string, max = 100) => z.preprocess((v) => (v == null ? '' : v), requiredText(message, max));

/** A learner's own e-mail: optional (the LRN is the learner's identity and sign-in); unique when given. */
const emailOptional = clearableText(EMAIL_MAX)
  .refine((v) => v == null || isEmail(v), STUDENT_MESSAGES.emailInvalid)
  .transform((v) => (v == null ? v : v.toLowerCase()));

const lrnField = z.preprocess(
  (v) => (v == null ? '' : typeof v === 'number' ? String(v) : v),
  z
    .string({ message: STUDENT_MESSAGES.lrn })
    .trim()
    .min(1, STUDENT_MESSAGES.lrn)
    .regex(/^\d{12}$/, STUDENT_MESSAGES.lrnInvalid),
);

const parentPhoneField = z.preprocess(
  (v) => (v == null ? '' : v),
  z
    .string({ message: STUDENT_MESSAGES.parentPhone })
    .trim()
    .min(1, STUDENT_MESSAGES.parentPhone)
    .max(30, STUDENT_MESSAGES.phoneInvalid)
    .transform((v, ctx) => {
      const phone = normalizePhMobile(v);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: STUDENT_MESSAGES.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    }),
);

/** The student's own phone (optional; any phone-like number, landlines included). */
const phoneNumberField = clearableText(30).refine((v) => v == null || PHONE_PATTERN.test(v), STUDENT_MESSAGES.phoneInvalid);

const parentEmailField = clearableText(EMAIL_MAX)
  .refine((v) => v == null || isEmail(v), STUDENT_MESSAGES.emailInvalid)
  .transform((v) => (v == null ? v : v.toLowerCase()));

const dateOfBirthField = clearableText(10).superRefine((v, ctx) => {
  if (v == null) return;
  if (!isCalendarDate(v)) ctx.addIssue({ code: 'custom', message: STUDENT_MESSAGES.dateOfBirth });
  else if (v > new Date().toISOString().slice(0, 10))
    ctx.addIssue({ code: 'custom', message: STUDENT_MESSAGES.dateOfBirthFuture });
});

/** A clearable calendar date (enrolment, leaving: SF2's). */
const clearableDate = (message: string) =>
  clearableText(10).superRefine((v, ctx) => {
    if (v != null && !isCalendarDate(v)) ctx.addIssue({ code: 'custom', message });
  });

/** Why a learner left the school (SF2 remarks). */
export const LEFT_REASONS = ['TRANSFERRED_OUT', 'DROPPED_OUT', 'NLPA'] as const;
export type LeftReason = (typeof LEFT_REASONS)[number];
export const LEFT_REASON_LABELS: Record<LeftReason, string> = {
  TRANSFERRED_OUT: 'Transferred out',
  DROPPED_OUT: 'Dropped out',
  NLPA: 'No longer participating',
};
const leftReasonField = z.preprocess(blankTo(null), z.enum(LEFT_REASONS, { message: STUDENT_MESSAGES.leftReason }).nullish());

const genderField = z.preprocess(blankTo(null), z.enum(GENDERS, { message: STUDENT_MESSAGES.gender }).nullish());

/** Stored as normalizeCardUid gives it (upper-case hex, no separators): the form of tap intake. */
const cardIdField = z.preprocess(
  blankTo(null),
  z
    .string({ message: STUDENT_MESSAGES.cardId })
    .nullish()
    .transform((v, ctx) => {
      if (v == null) return v;
      const uid = normalizeCardUid(v);
      if (!uid) {
        ctx.addIssue({ code: 'custom', message: STUDENT_MESSAGES.cardId });
        return z.NEVER;
      }
      return uid;
    }),
);

const preferenceField = z.preprocess(
  blankTo(undefined),
  z.enum(NOTIFICATION_PREFERENCES, { message: STUDENT_MESSAGES.notificationPreference }).optional(),
);

/** A record id from a select ('' = none) or JSON: absent → undefined, none → null. */
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v),
    z.number({ message }).int(message).positive(message).max(MAX_ID, message).nullish(),
  );

/**
 * A password an API caller sets for a learner (scripted set-up; the console never sends one: a learner's first
 * password is generated). Absent or empty: none given. The server also applies the staff strength rule.
 */
export const passwordOptional = z.preprocess(
  blankTo(undefined),
  z
    .string({ message: STUDENT_MESSAGES.passwordLength })
    .min(STUDENT_PASSWORD_MIN, STUDENT_MESSAGES.passwordLength)
    .max(200, 'Password must be 200 characters or less')
    .optional(),
);

/** The fields a student record holds besides its school placement and password (the CSV import reuses them). */
export const personFields = {
  firstName: required(STUDENT_MESSAGES.firstName),
  /** SF2 writes "LAST, First Middle": optional everywhere; enrolment null = the registration day. */
  middleName: clearableText(100),
  lastName: required(STUDENT_MESSAGES.lastName),
  email: emailOptional,
  lrn: lrnField,
  dateOfBirth: dateOfBirthField,
  gender: genderField,
  address: clearableText(300),
  rfidCardId: cardIdField,
  phoneNumber: phoneNumberField,
  parentFirstName: clearableText(100),
  parentLastName: clearableText(100),
  parentEmail: parentEmailField,
  parentFacebookMessengerName: clearableText(100),
  parentPhone: parentPhoneField,
  parentAddress: clearableText(300),
  emergencyContact: clearableText(100),
  notificationPreference: preferenceField,
  enrolmentDate: clearableDate(STUDENT_MESSAGES.enrolmentDate),
  leftOn: clearableDate(STUDENT_MESSAGES.leftOn),
  leftReason: leftReasonField,
  /** SF1's (School Register) own fields, all optional (./register.ts says how SF1 reads the others). */
  ...registerFields,
};

const placementFields = {
  schoolId: optionalId(STUDENT_MESSAGES.schoolInvalid),
  gradeId: optionalId(STUDENT_MESSAGES.gradeInvalid),
  sectionId: optionalId(STUDENT_MESSAGES.sectionInvalid),
};

/**
 * POST /api/super-admin/register-student (the `data` part). The school is checked by the server
 * (400 'School is required'), not by the form (marked required but not checked). Without a password the server
 * generates one (answered once, as the reply's passwordSlip) that the learner changes at first sign-in.
 */
export const createStudentSchema = z.object({ ...personFields, ...placementFields, password: passwordOptional });
export type CreateStudentInput = z.output<typeof createStudentSchema>;

/** The Register Student form: the API's rules without a password (the server generates the first one). */
export const registerStudentFormSchema = z.object({ ...personFields, ...placementFields });

/** PATCH /api/super-admin/students/{id}: only what is sent changes; null clears an optional field. */
export const updateStudentSchema = z
  .object(personFields)
  .partial()
  .extend({
    ...placementFields,
    password: passwordOptional,
    isActive: booleanField('isActive must be true or false').optional(),
  });
export type UpdateStudentInput = z.output<typeof updateStudentSchema>;
/** What the Register/Edit forms send in the `data` part (optional fields only when present; null clears on edit). */
export type StudentPayload = Partial<z.input<typeof createStudentSchema> & z.input<typeof updateStudentSchema>>;

/** The Edit Student form: names, LRN and parent phone stay required (a new password is a new slip, not a field). */
export const editStudentFormSchema = z.object({ ...personFields, ...placementFields });

/**
 * A learner's password slip for the guardian: the generated password, answered once (after registering, importing or
 * issuing a new slip) and never stored readable. The console prints it with the sign-in address.
 */
export const passwordSlipSchema = z.object({
  studentId: z.number(),
  learnerName: z.string(),
  lrn: z.string(),
  schoolName: z.string(),
  password: z.string(),
});
export type PasswordSlip = z.infer<typeof passwordSlipSchema>;

/** POST /students/{id}/archive: an optional reason. */
export const archiveStudentSchema = z.object({
  reason: z.preprocess(
    blankTo(null),
    safeString({ message: STUDENT_MESSAGES.reasonMax })
      .trim()
      .max(ARCHIVE_REASON_MAX, STUDENT_MESSAGES.reasonMax)
      .nullish()
      .transform((v) => v || null),
  ),
});
export type ArchiveStudentInput = z.output<typeof archiveStudentSchema>;

const bulkId = z
  .number({ message: STUDENT_MESSAGES.bulkIds })
  .int(STUDENT_MESSAGES.bulkIds)
  .positive(STUDENT_MESSAGES.bulkIds)
  .max(MAX_ID, STUDENT_MESSAGES.bulkIds);
const bulkIds = z
  .array(bulkId, { message: STUDENT_MESSAGES.bulkEmpty })
  .min(1, STUDENT_MESSAGES.bulkEmpty)
  .max(BULK_MAX, STUDENT_MESSAGES.bulkMax)
  .transform((ids) => [...new Set(ids)]);

/** POST /students/bulk-archive: several students, one reason, one transaction. */
export const bulkArchiveSchema = z.object({ ids: bulkIds, reason: archiveStudentSchema.shape.reason });
/** POST /archived-students/bulk-restore. */
export const bulkRestoreSchema = z.object({ ids: bulkIds });
export type BulkArchiveInput = z.output<typeof bulkArchiveSchema>;
export type BulkRestoreInput = z.output<typeof bulkRestoreSchema>;

/** GET /students filters (page/limit read by pageParams): schoolId, gradeId, sectionId, searchTerm over name, email, LRN, ids. */
export const studentListQuerySchema = z.object({
  ...listQueryFields,
  schoolId: idQuery('School'),
  gradeId: idQuery('Grade'),
  sectionId: idQuery('Section'),
  searchTerm: textQuery('Search term'),
  /** Only these students (the rows chosen on a page): '1,2,3'. */
  ids: idListQuery('Students'),
});
export type StudentListQuery = z.output<typeof studentListQuerySchema>;

/**
 * GET /archived-students filters: searchTerm, startDate/endDate (archive day, inclusive, in the school's
 * time zone). schoolId is optional here (the screen filters by school in the browser; the CSV
 * export sends it so the file matches what is shown).
 */
export const archivedListQuerySchema = z
  .object({
    ...listQueryFields,
    schoolId: idQuery('School'),
    searchTerm: textQuery('Search term'),
    startDate: dateQuery('Start date'),
    endDate: dateQuery('End date'),
  })
  .superRefine(checkDateOrder);
export type ArchivedListQuery = z.output<typeof archivedListQuerySchema>;

const placementRef = z.object({ id: z.number(), name: z.string() });
const registerReply = Object.fromEntries(REGISTER_FIELDS.map((f) => [f.key, z.string().nullable()])) as Record<
  RegisterFieldKey,
  z.ZodNullable<z.ZodString>
>;

/** A student as the API returns it (never the password); parentPhone is E.164 (+639171234567). */
export const studentSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  lrn: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  address: z.string().nullable(),
  rfidCardId: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  parentFirstName: z.string().nullable(),
  parentLastName: z.string().nullable(),
  parentEmail: z.string().nullable(),
  parentFacebookMessengerName: z.string().nullable(),
  parentPhone: z.string(),
  parentAddress: z.string().nullable(),
  emergencyContact: z.string().nullable(),
  notificationPreference: z.enum(NOTIFICATION_PREFERENCES),
  middleName: z.string().nullable(),
  /** null: the day the student was registered */
  enrolmentDate: z.string().nullable(),
  leftOn: z.string().nullable(),
  leftReason: z.enum(LEFT_REASONS).nullable(),
  /** The school transferred in from (enrolmentDate is the day they came). */
  transferInFrom: z.string().nullable(),
  /** The school transferred to, or the drop-out's reason code ('b.1', 'f: …'). */
  leftDetail: z.string().nullable(),
  ...registerReply,
  schoolId: z.number().nullable(),
  gradeId: z.number().nullable(),
  sectionId: z.number().nullable(),
  profilePictureUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The school's time zone (the platform's default for a school without one): its times are read in it. */
  timeZone: z.string(),
  school: z.object({ id: z.number(), name: z.string(), acronym: z.string() }).nullable(),
  gradeModel: placementRef.nullable(),
  sectionModel: placementRef.nullable(),
});
export type Student = z.infer<typeof studentSchema>;

/** POST register-student's reply: the learner, and their generated password's slip (null when the caller gave one). */
export const registeredStudentSchema = studentSchema.extend({ passwordSlip: passwordSlipSchema.nullable() });
export type RegisteredStudent = z.infer<typeof registeredStudentSchema>;

/** An archived student: `id` is the student's (restore takes it); `studentData` the whole record as archived. */
export const archivedStudentSchema = z.object({
  id: z.number(),
  profilePictureUrl: z.string().nullable(),
  archivedByName: z.string().nullable(),
  archivedAt: z.string(),
  archiveReason: z.string().nullable(),
  studentData: studentSchema,
});
export type ArchivedStudent = z.infer<typeof archivedStudentSchema>;

export const studentListSchema = z.object({ students: z.array(studentSchema), pagination: paginationSchema });
export type StudentList = z.infer<typeof studentListSchema>;
export const archivedStudentListSchema = z.object({
  archivedStudents: z.array(archivedStudentSchema),
  pagination: paginationSchema,
});
export type ArchivedStudentList = z.infer<typeof archivedStudentListSchema>;

/** Bulk archive/restore: the ids done, in request order. */
export const bulkResultSchema = z.object({ ids: z.array(z.number()), count: z.number() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** 'No reason provided' when empty. */
export const archiveReasonText = (reason: string | null | undefined) => reason?.trim() || ARCHIVE_REASON_FALLBACK;

/** '-' for a missing school, grade or section. */
export const placementText = (s: Pick<Student, 'school' | 'gradeModel' | 'sectionModel'>) => ({
  school: s.school?.name ?? '-',
  acronym: s.school?.acronym ?? '-',
  grade: s.gradeModel?.name ?? '-',
  section: s.sectionModel?.name ?? '-',
});
// The name and search-term helpers (no schemas) live in ./student-text; re-exported for this file's importers.
export * from './text';
export * from './constants';
export * from './register';
