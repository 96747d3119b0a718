import { archiveStudent, bulkArchiveStudents, bulkRestoreStudents, registerStudent, restoreStudent, updateStudent } from './api';
import { chosenFileError, IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@domain/files';
import {
  DEFAULT_NOTIFICATION_PREFERENCE,
  editStudentFormSchema,
  REGISTER_FIELDS,
  type RegisterFieldKey,
  registerStudentFormSchema,
  STUDENT_SUCCESS,
  type RegisteredStudent,
  type Student,
} from '@domain/students';
import { validate } from '@domain/validation';
import { actionFailure, invalid, sentFields, type ActionResult } from '@kit/form/action';

/** A success text as the overlay shows it: the first sentence large, the rest under it. */
function headline(text: string): { message: string; detail?: string } {
  const cut = text.search(/[!.]\s/);
  return cut < 0 ? { message: text } : { message: text.slice(0, cut + 1), detail: text.slice(cut + 2) };
}

/** The success screen of the Register/Edit Student modal (2 s, then close and refresh). */
export const STUDENT_REGISTERED = headline(STUDENT_SUCCESS.registered);
export const STUDENT_UPDATED = headline(STUDENT_SUCCESS.updated);

/** A chosen picture's problem before upload (the server checks the content again). */
export const studentPictureError = (file: File) => chosenFileError(file, IMAGE_MIME_TYPES, IMAGE_MAX_BYTES, 'Profile picture');

/** The Register/Edit Student form as its inputs hold it (every value is text; '' = not given). */
export interface StudentForm extends Record<RegisterFieldKey, string> {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  lrn: string;
  dateOfBirth: string;
  gender: string;
  address: string;
  rfidCardId: string;
  phoneNumber: string;
  parentFirstName: string;
  parentLastName: string;
  parentEmail: string;
  parentFacebookMessengerName: string;
  parentPhone: string;
  parentAddress: string;
  emergencyContact: string;
  notificationPreference: string;
  enrolmentDate: string;
  leftOn: string;
  leftReason: string;
  schoolId: string;
  gradeId: string;
  sectionId: string;
}

const text = (v: string | number | null | undefined) => (v == null ? '' : String(v));

/** An empty form (with the school, grade and section the list is showing), or a student's values for editing. */
export function studentForm(
  student?: Student | null,
  place: { schoolId?: string; gradeId?: string; sectionId?: string } = {},
): StudentForm {
  return {
    firstName: text(student?.firstName),
    middleName: text(student?.middleName),
    lastName: text(student?.lastName),
    email: text(student?.email),
    lrn: text(student?.lrn),
    dateOfBirth: text(student?.dateOfBirth).slice(0, 10),
    gender: text(student?.gender),
    address: text(student?.address),
    rfidCardId: text(student?.rfidCardId),
    phoneNumber: text(student?.phoneNumber),
    parentFirstName: text(student?.parentFirstName),
    parentLastName: text(student?.parentLastName),
    parentEmail: text(student?.parentEmail),
    parentFacebookMessengerName: text(student?.parentFacebookMessengerName),
    parentPhone: text(student?.parentPhone),
    parentAddress: text(student?.parentAddress),
    emergencyContact: text(student?.emergencyContact),
    notificationPreference: text(student?.notificationPreference) || DEFAULT_NOTIFICATION_PREFERENCE,
    enrolmentDate: text(student?.enrolmentDate),
    leftOn: text(student?.leftOn),
    leftReason: text(student?.leftReason),
    schoolId: student ? text(student.schoolId) : (place.schoolId ?? ''),
    gradeId: student ? text(student.gradeId) : (place.gradeId ?? ''),
    sectionId: student ? text(student.sectionId) : (place.sectionId ?? ''),
    ...(Object.fromEntries(REGISTER_FIELDS.map((f) => [f.key, text(student?.[f.key])])) as Record<RegisterFieldKey, string>),
  };
}

/** The form after a change: a new school clears grade and section, a new grade clears the section. */
export function studentFormPatch(patch: Partial<StudentForm>): Partial<StudentForm> {
  const next = { ...patch };
  if (patch.schoolId !== undefined) Object.assign(next, { gradeId: '', sectionId: '' });
  if (patch.gradeId !== undefined) next.sectionId = '';
  return next;
}

/** The form's values as the API reads them: '' left out (create) or null (a cleared field on edit). */
function formInput(form: StudentForm, mode: 'create' | 'edit'): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(form)) {
    if (v.trim() !== '') out[k] = v;
    else if (mode === 'edit') out[k] = null;
  }
  return out;
}

/** Every message at once: the schema's and the picture's. */
function formErrors(checked: { ok: boolean; errors?: Record<string, string> }, fileError: string | null) {
  const errors = { ...(checked.errors ?? {}) };
  if (fileError) errors.profilePicture = fileError;
  return errors;
}

/**
 * Register New Student: checked with the API's schema, then multipart (gender and dateOfBirth omitted when empty).
 * The reply carries the learner's generated first password (its slip), shown once.
 */
export async function registerNewStudent(form: StudentForm, picture: File | null): Promise<ActionResult<RegisteredStudent>> {
  const fileError = picture ? studentPictureError(picture) : null;
  const checked = validate(registerStudentFormSchema, formInput(form, 'create'));
  if (!checked.ok || fileError) return invalid(formErrors(checked, fileError));
  try {
    const res = await registerStudent(sentFields(checked.value), picture);
    return { ok: true, message: STUDENT_REGISTERED.message, data: res.data };
  } catch (err) {
    return actionFailure(err, 'Failed to register student');
  }
}

/** Edit Student: a cleared optional field is sent as null (a new password is a new slip, not a field). */
export async function saveStudentChanges(
  student: Student,
  form: StudentForm,
  picture: File | null,
): Promise<ActionResult<Student>> {
  const fileError = picture ? studentPictureError(picture) : null;
  const checked = validate(editStudentFormSchema, formInput(form, 'edit'));
  if (!checked.ok || fileError) return invalid(formErrors(checked, fileError));
  try {
    const res = await updateStudent(student.id, sentFields(checked.value, student), picture);
    return { ok: true, message: STUDENT_UPDATED.message, data: res.data };
  } catch (err) {
    return actionFailure(err, 'Failed to update student');
  }
}

/** Archive one student or several with one (optional) reason; bulk archives happen in one transaction on the server. */
export async function archiveChosenStudents(ids: number[], reason: string): Promise<ActionResult> {
  const why = reason.trim() || undefined;
  try {
    const res = ids.length === 1 ? await archiveStudent(ids[0], why) : await bulkArchiveStudents(ids, why);
    return { ok: true, message: res.message ?? `${ids.length} students archived`, data: undefined };
  } catch (err) {
    return actionFailure(err, 'Failed to archive student');
  }
}

/** Restore one archived student or several (one transaction on the server). */
export async function restoreChosenStudents(ids: number[]): Promise<ActionResult> {
  try {
    const res = ids.length === 1 ? await restoreStudent(ids[0]) : await bulkRestoreStudents(ids);
    return { ok: true, message: res.message ?? `${ids.length} students restored`, data: undefined };
  } catch (err) {
    return actionFailure(err, 'Failed to restore student');
  }
}

/** Filters of the student lists (the API's query names); '' = nothing chosen. */
export const STUDENT_FILTERS = { schoolId: '', gradeId: '', sectionId: '', searchTerm: '' };
export type StudentFilters = typeof STUDENT_FILTERS;

/** All-schools Students: changing school resets grade and section; changing grade resets section. */
export function studentFilterPatch(patch: Partial<StudentFilters>): Partial<StudentFilters> {
  if (patch.schoolId !== undefined) return { ...patch, gradeId: '', sectionId: '' };
  if (patch.gradeId !== undefined) return { ...patch, sectionId: '' };
  return patch;
}
