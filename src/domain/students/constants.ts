/*
 * Students' constants and messages and the two plain helpers the forms share: what the schemas in
 * ./students.ts refuse with, and what the console shows. Re-exported by ./students.ts.
 */

/** Page size 20 for the student lists and the archived list. */
export const STUDENT_PAGE_SIZE = 20;
export const LRN_LENGTH = 12;
export const STUDENT_PASSWORD_MIN = 8;

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { MALE: 'Male', FEMALE: 'Female', OTHER: 'Other' };

/** Notification preference values; SMS_ONLY is the default. */
export const NOTIFICATION_PREFERENCES = ['SMS_ONLY', 'FACEBOOK_MESSENGER_ONLY', 'BOTH'] as const;
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];
export const DEFAULT_NOTIFICATION_PREFERENCE: NotificationPreference = 'SMS_ONLY';
export const NOTIFICATION_PREFERENCE_LABELS: Record<NotificationPreference, string> = {
  SMS_ONLY: 'SMS only',
  FACEBOOK_MESSENGER_ONLY: 'Facebook Messenger only',
  BOTH: 'SMS and Facebook Messenger',
};

/** Student messages (exact), plus the API's own for what the spec leaves open. */
export const STUDENT_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  emailInvalid: 'Please enter a valid email address',
  lrn: 'LRN is required',
  lrnInvalid: 'LRN must be a 12-digit number',
  parentPhone: 'Parent phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  password: 'Password is required',
  passwordLength: 'Password must be at least 8 characters',
  gender: 'Gender must be MALE, FEMALE or OTHER',
  dateOfBirth: 'Please enter a valid date of birth (YYYY-MM-DD)',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  enrolmentDate: 'Please enter a valid enrolment date (YYYY-MM-DD)',
  leftOn: 'Please enter a valid date the learner left (YYYY-MM-DD)',
  leftReason: 'Reason for leaving must be TRANSFERRED_OUT, DROPPED_OUT or NLPA',
  cardId: 'RFID card ID must be hexadecimal digits (e.g. 04:A1:B2:C3)',
  notificationPreference: 'Notification preference must be SMS_ONLY, FACEBOOK_MESSENGER_ONLY or BOTH',
  school: 'School is required',
  schoolInvalid: 'Please select a valid school',
  gradeInvalid: 'Please select a valid grade',
  sectionInvalid: 'Please select a valid section',
  gradeOtherSchool: 'The grade does not belong to this school',
  sectionOtherSchool: 'The section does not belong to this school',
  sectionOtherGrade: 'The section does not belong to this grade',
  sectionNeedsGrade: 'Please select a grade for this section',
  lrnTaken: 'A student with this LRN already exists',
  emailTaken: 'A student with this email already exists',
  cardTaken: 'This RFID card is already assigned to another student',
  notFound: 'Student not found',
  archivedNotFound: 'Archived student not found',
  alreadyArchived: 'Student is already archived',
  alreadyRestored: 'Student is not archived (already restored)',
  reasonMax: 'Reason must be 500 characters or less',
  bulkEmpty: 'Select at least one student',
  bulkMax: 'Select at most 500 students at a time',
  bulkIds: 'Student ids must be positive whole numbers',
} as const;

/** Success texts. */
export const STUDENT_SUCCESS = {
  registered: 'Student Registered Successfully! The student has been added to the system.',
  updated: 'Student updated successfully',
  archived: 'Student archived successfully',
  restored: 'Student restored successfully',
  newSlip: 'New password issued. Print the slip for the guardian: the password is shown only now.',
} as const;

export const ARCHIVE_REASON_FALLBACK = 'No reason provided';
export const ARCHIVE_REASON_MAX = 500;
export const BULK_MAX = 500;

/**
 * Philippine mobile number → E.164 ('+639171234567'), or null. Accepts 09XXXXXXXXX and +639XXXXXXXXX,
 * with spaces or dashes between the digits (what parents write down); stored normalised for sending.
 */
export function normalizePhMobile(raw: string): string | null {
  const compact = raw.trim().replace(/[\s-]/g, '');
  const m = /^(?:0|\+63)(9\d{9})$/.exec(compact);
  return m ? `+63${m[1]}` : null;
}
