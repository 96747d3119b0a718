import type { DB, Executor } from '@core/db/index';
import type { StudentRow } from '@core/db/schema';
import { badRequest, conflict, notFound } from '@core/http/errors';
import { hashPassword } from '@core/auth/passwords';
import { assertStrongPassword } from '@core/auth/password-strength';
import { localDate, nowIso } from '@core/time/time';
import { diff, writeLog, type Actor } from '@core/audit-log';
import { revokeUserSessions } from '@core/auth/sessions';
import { storeFile, type FileBatch } from '@core/uploads/upload-pipeline';
import { EVERY_SCHOOL, type Unavailability } from '@core/http/not-available';
import { NOT_AVAILABLE } from '@domain/devices/device-claims';
import { SCHOOL_NOT_FOUND } from '../schools';
import { GRADE_NOT_FOUND } from '../grades-sections';
import { SECTION_NOT_FOUND } from '../grades-sections';
import { saveSearchTerms } from './search';
import { firstPassword, slipOf } from './password-slip';
import { fileUrl } from '@domain/files';
import { isTimeZone } from '@domain/attendance';
import type { LeftReason } from '@domain/students';
import {
  DEFAULT_NOTIFICATION_PREFERENCE,
  REGISTER_FIELDS,
  STUDENT_MESSAGES as M,
  type CreateStudentInput,
  type Gender,
  type NotificationPreference,
  type RegisteredStudent,
  type Student,
  type UpdateStudentInput,
} from '@domain/students';

/*
 * Students: registration and edit. The active list and its CSV export are in list.ts, the
 * search in search.ts; archiving, restoring and the archived list in archive.ts, the CSV import in import*.ts.
 *
 * Uniqueness (checked before writing, so the answer is a 409 naming the field; the unique indexes catch
 * races; a school admin is told "not available" for another school's learner, see conflictText): LRN across active AND archived students, email across all students, RFID card among the
 * students holding one — an archived student's card is parked in archived_rfid_card_id (migration 0005).
 */

export interface StudentContext {
  db: DB;
  /** the request's checked files (the upload pipeline) */
  files: FileBatch;
  actor: Actor;
  scryptCost: number;
  /** SCHOOL_TIMEZONE and the school clock's now: a new student's registration day is its enrolment date */
  defaultTimeZone: string;
  now: Date;
  /** a school admin's conflicts with other schools' learners: "not available", counted (default: the super admin's) */
  unavailable?: Unavailability;
}

/** The registration day in the school's zone: a new student's enrolment date when none is given. */
export async function registrationDay(db: Executor, schoolId: number | null, defaultTimeZone: string, now: Date) {
  const school =
    schoolId == null
      ? undefined
      : await db.selectFrom('schools').select('timezone').where('id', '=', schoolId).executeTakeFirst();
  return localDate(now, school?.timezone ?? defaultTimeZone);
}

/** The record fields a super admin edits (the log diffs exactly these; never the password). */
export const STUDENT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'lrn',
  'dateOfBirth',
  'gender',
  'address',
  'rfidCardId',
  'phoneNumber',
  'parentFirstName',
  'parentLastName',
  'parentEmail',
  'parentFacebookMessengerName',
  'parentPhone',
  'parentAddress',
  'emergencyContact',
  'notificationPreference',
  'middleName',
  'enrolmentDate',
  'leftOn',
  'leftReason',
  'schoolId',
  'gradeId',
  'sectionId',
  ...REGISTER_FIELDS.map((f) => f.key),
] as const;
type StudentField = (typeof STUDENT_FIELDS)[number];
export type StudentValues = Pick<StudentRow, StudentField>;

/** Students with their school, grade and section names (one statement; no password hash). */
export function studentsWithPlacement(db: Executor) {
  return db
    .selectFrom('students')
    .leftJoin('schools', 'schools.id', 'students.schoolId')
    .leftJoin('grades', 'grades.id', 'students.gradeId')
    .leftJoin('sections', 'sections.id', 'students.sectionId')
    .select(STUDENT_FIELDS.map((f) => `students.${f}` as const))
    .select([
      'students.id',
      'students.profilePictureUrl',
      'students.isActive',
      'students.isArchived',
      'students.createdAt',
      'students.updatedAt',
      'students.archivedAt',
      'students.archivedByName',
      'students.archiveReason',
      'students.archivedRfidCardId',
      'students.transferInFrom',
      'students.leftDetail',
      'schools.name as schoolName',
      'schools.acronym as schoolAcronym',
      'schools.timezone as schoolTimezone',
      'grades.name as gradeName',
      'sections.name as sectionName',
    ]);
}
export type StudentSelect = Awaited<ReturnType<ReturnType<typeof studentsWithPlacement>['executeTakeFirstOrThrow']>>;

/**
 * Student; an archived record shows the card it had (kept in archivedRfidCardId). `defaultZone`: SCHOOL_TIMEZONE, the
 * zone of a student whose school has none of its own (or none).
 */
export function toStudent(row: StudentSelect, defaultZone: string): Student {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    lrn: row.lrn,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender as Gender | null,
    address: row.address,
    rfidCardId: row.isArchived ? row.archivedRfidCardId : row.rfidCardId,
    phoneNumber: row.phoneNumber,
    parentFirstName: row.parentFirstName,
    parentLastName: row.parentLastName,
    parentEmail: row.parentEmail,
    parentFacebookMessengerName: row.parentFacebookMessengerName,
    parentPhone: row.parentPhone,
    parentAddress: row.parentAddress,
    emergencyContact: row.emergencyContact,
    notificationPreference: row.notificationPreference as NotificationPreference,
    middleName: row.middleName,
    enrolmentDate: row.enrolmentDate,
    leftOn: row.leftOn,
    leftReason: row.leftReason as LeftReason | null,
    transferInFrom: row.transferInFrom,
    leftDetail: row.leftDetail,
    motherTongue: row.motherTongue,
    ethnicGroup: row.ethnicGroup,
    religion: row.religion,
    barangay: row.barangay,
    municipality: row.municipality,
    province: row.province,
    fatherName: row.fatherName,
    motherMaidenName: row.motherMaidenName,
    guardianRelationship: row.guardianRelationship,
    schoolId: row.schoolId,
    gradeId: row.gradeId,
    sectionId: row.sectionId,
    profilePictureUrl: fileUrl(row.profilePictureUrl),
    isActive: Boolean(row.isActive),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    timeZone: row.schoolTimezone && isTimeZone(row.schoolTimezone) ? row.schoolTimezone : defaultZone,
    school:
      row.schoolId != null && row.schoolName != null
        ? { id: row.schoolId, name: row.schoolName, acronym: row.schoolAcronym ?? '' }
        : null,
    gradeModel: row.gradeId != null && row.gradeName != null ? { id: row.gradeId, name: row.gradeName } : null,
    sectionModel: row.sectionId != null && row.sectionName != null ? { id: row.sectionId, name: row.sectionName } : null,
  };
}

export { STUDENT_CSV_COLUMNS } from './csv-columns';

/** One active student; 404 when unknown or archived (an archived one is read through the archived list). */
export async function getStudent(db: Executor, id: number, defaultZone: string): Promise<Student> {
  const row = await studentsWithPlacement(db)
    .where('students.id', '=', id)
    .where('students.isArchived', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(M.notFound);
  return toStudent(row, defaultZone);
}

/** Any student row (active or archived) for the services; 404 when unknown. */
export async function studentRow(db: Executor, id: number, message: string = M.notFound): Promise<StudentRow> {
  const row = await db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(message);
  return row;
}

const FIELD_TEXTS = {
  lrn: { taken: M.lrnTaken, unavailable: NOT_AVAILABLE.lrn },
  email: { taken: M.emailTaken, unavailable: NOT_AVAILABLE.email },
  rfidCardId: { taken: M.cardTaken, unavailable: NOT_AVAILABLE.card },
} as const;

/**
 * The message for a value another student holds: "already exists" unless the requester only sees `ownSchoolId`
 * and the holder is of another school ("not available": never confirm another school's learner).
 */
export function conflictText(field: keyof typeof FIELD_TEXTS, holderSchoolId: number | null, ownSchoolId: number | null) {
  const other = ownSchoolId != null && holderSchoolId !== ownSchoolId;
  return { message: other ? FIELD_TEXTS[field].unavailable : FIELD_TEXTS[field].taken, other };
}

/**
 * field → message for each unique value another student already holds (empty when none), and how many of them
 * are of a school other than `ownSchoolId` (null: the super admin, who sees every school).
 */
export async function uniquenessConflicts(
  db: Executor,
  v: { lrn?: string; email?: string | null; rfidCardId?: string | null },
  exceptId?: number,
  ownSchoolId: number | null = null,
): Promise<{ errors: Record<string, string>; unavailable: number }> {
  const errors: Record<string, string> = {};
  let unavailable = 0;
  for (const field of ['lrn', 'email', 'rfidCardId'] as const) {
    const value = v[field];
    if (value == null) continue;
    let q = db.selectFrom('students').select('schoolId').where(field, '=', value);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    const holder = await q.executeTakeFirst();
    if (!holder) continue;
    const text = conflictText(field, holder.schoolId, ownSchoolId);
    errors[field] = text.message;
    if (text.other) unavailable += 1;
  }
  return { errors, unavailable };
}

/**
 * 409 naming the fields another student holds. A school admin's checks go through `gate`: refused (429) once their
 * "not available" answers are spent, and each conflict with another school's learner is counted.
 */
export async function assertUnique(
  db: Executor,
  v: Parameters<typeof uniquenessConflicts>[1],
  exceptId?: number,
  gate: Unavailability = EVERY_SCHOOL,
) {
  await gate.assertOpen();
  const { errors, unavailable } = await uniquenessConflicts(db, v, exceptId, gate.ownSchoolId);
  await gate.record(unavailable);
  const first = Object.values(errors)[0];
  if (first) throw conflict(first, errors);
}

/**
 * The grade and section must belong to the student's school, and the section to the grade (400). The
 * school itself must exist; a student is always registered to one.
 */
export async function checkPlacement(
  db: Executor,
  p: { schoolId: number | null; gradeId: number | null; sectionId: number | null },
): Promise<void> {
  if (p.schoolId == null) throw badRequest(M.school, { schoolId: M.school });
  const school = await db.selectFrom('schools').select('id').where('id', '=', p.schoolId).executeTakeFirst();
  if (!school) throw badRequest(SCHOOL_NOT_FOUND, { schoolId: SCHOOL_NOT_FOUND });
  if (p.gradeId != null) {
    const grade = await db.selectFrom('grades').select('schoolId').where('id', '=', p.gradeId).executeTakeFirst();
    if (!grade) throw badRequest(GRADE_NOT_FOUND, { gradeId: GRADE_NOT_FOUND });
    if (grade.schoolId !== p.schoolId) throw badRequest(M.gradeOtherSchool, { gradeId: M.gradeOtherSchool });
  }
  if (p.sectionId != null) {
    const section = await db
      .selectFrom('sections')
      .select(['schoolId', 'gradeId'])
      .where('id', '=', p.sectionId)
      .executeTakeFirst();
    if (!section) throw badRequest(SECTION_NOT_FOUND, { sectionId: SECTION_NOT_FOUND });
    if (section.schoolId !== p.schoolId) throw badRequest(M.sectionOtherSchool, { sectionId: M.sectionOtherSchool });
    if (p.gradeId == null) throw badRequest(M.sectionNeedsGrade, { gradeId: M.sectionNeedsGrade });
    if (section.gradeId !== p.gradeId) throw badRequest(M.sectionOtherGrade, { sectionId: M.sectionOtherGrade });
  }
}

/** The stored values of a new student (absent optional fields as null). */
export function newStudentValues(input: Omit<CreateStudentInput, 'password'>): StudentValues {
  const out: Record<string, unknown> = {};
  for (const key of STUDENT_FIELDS) out[key] = input[key] ?? null;
  out.notificationPreference = input.notificationPreference ?? DEFAULT_NOTIFICATION_PREFERENCE;
  return out as StudentValues;
}

/**
 * POST /register-student: checks everything, then stores the picture, the student and the log entry. Answers the
 * learner with the slip of their generated first password (null when the caller set one).
 */
export async function createStudent(ctx: StudentContext, input: CreateStudentInput): Promise<RegisteredStudent> {
  const { db, actor } = ctx;
  const values = newStudentValues(input);
  values.enrolmentDate ??= await registrationDay(db, values.schoolId, ctx.defaultTimeZone, ctx.now);
  await checkPlacement(db, values);
  await assertUnique(db, values, undefined, ctx.unavailable);
  const first = firstPassword(values, input.password);
  const passwordHash = await hashPassword(first.password, ctx.scryptCost);
  // The pipeline removes the stored picture again if anything below fails.
  const url = await storeFile(ctx.files, 'profilePicture');
  const id = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const row = await trx
      .insertInto('students')
      .values({
        ...values,
        passwordHash,
        mustChangePassword: first.mustChangePassword,
        profilePictureUrl: url ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveSearchTerms(trx, [{ ...values, id: row.id }]);
    await writeLog(trx, actor, {
      action: 'CREATE_STUDENT',
      entity: 'Student',
      entityId: row.id,
      schoolId: values.schoolId,
      details: { changes: diff({}, values) },
    });
    return row.id;
  });
  const student = await getStudent(db, id, ctx.defaultTimeZone);
  return { ...student, passwordSlip: first.generated ? slipOf(student, student.school?.name, first.password) : null };
}

/**
 * PATCH /students/{id}: only the fields sent change (null clears an optional one). A new password
 * replaces the old one and signs the student out everywhere; so does deactivating.
 */
export async function updateStudent(ctx: StudentContext, id: number, input: UpdateStudentInput): Promise<Student> {
  const { db, actor } = ctx;
  const before = await studentRow(db, id);
  if (before.isArchived) throw notFound(M.notFound);
  const changes: Partial<StudentValues> = {};
  for (const key of STUDENT_FIELDS) {
    const value = input[key];
    if (value === undefined) continue;
    // Required fields cannot be cleared (the schema refuses blank ones; null here means "not given").
    if (value === null && (key === 'firstName' || key === 'lastName' || key === 'lrn' || key === 'parentPhone')) continue;
    (changes as Record<string, unknown>)[key] = value;
  }
  if (changes.notificationPreference === null) changes.notificationPreference = DEFAULT_NOTIFICATION_PREFERENCE;
  const after = { ...before, ...changes };
  await checkPlacement(db, after);
  await assertUnique(
    db,
    {
      lrn: changes.lrn ?? undefined,
      email: changes.email ?? undefined,
      rfidCardId: changes.rfidCardId ?? undefined,
    },
    id,
    ctx.unavailable,
  );
  if (input.password) assertStrongPassword('password', input.password, after.email, [after.firstName, after.lastName, after.lrn]);
  const passwordHash = input.password ? await hashPassword(input.password, ctx.scryptCost) : undefined;
  const isActive = input.isActive === undefined ? undefined : input.isActive ? 1 : 0;
  const url = await storeFile(ctx.files, 'profilePicture', before.profilePictureUrl);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('students')
      .set({
        ...changes,
        ...(passwordHash ? { passwordHash, mustChangePassword: 0 } : {}),
        ...(isActive === undefined ? {} : { isActive }),
        ...(url ? { profilePictureUrl: url } : {}),
        updatedAt: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (['firstName', 'lastName', 'email', 'lrn'].some((k) => k in changes)) await saveSearchTerms(trx, [{ ...after, id }]);
    if (passwordHash || isActive === 0) await revokeUserSessions(trx, 'STUDENT', id);
    const logged: Record<string, unknown> = { ...changes };
    if (isActive !== undefined) logged.isActive = isActive;
    const details: Record<string, unknown> = { changes: diff(before, logged) };
    if (passwordHash) details.credentialChanged = true; // a key with 'password' in it would be redacted
    if (url) details.profilePictureChanged = true;
    await writeLog(trx, actor, { action: 'UPDATE_STUDENT', entity: 'Student', entityId: id, schoolId: after.schoolId, details });
  });
  return getStudent(db, id, ctx.defaultTimeZone);
}
