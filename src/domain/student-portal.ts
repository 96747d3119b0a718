import { z } from 'zod';
import { paginationSchema } from './api';
import { ATTENDANCE_STATUSES, SMS_TYPES } from './dashboard';
import { SMS_STATUSES } from './sms-history';
import { isEmail, isSafeText } from './validation';
import { isMonth } from '@shared/student-month';

/*
 * The student and parent portal: the wire contract of /api/student/… . Every route is scoped to the
 * signed-in learner (the STUDENT session's user); nothing takes another learner's id.
 */

export const STUDENT_PORTAL_MESSAGES = {
  identifierRequired: 'Email or LRN is required',
  identifierInvalid: 'Please enter a valid email address or a 12-digit LRN',
  invalidCredentials: 'Invalid email, LRN or password',
  monthInvalid: 'Month must be in the form YYYY-MM',
  messageNotFound: 'Message not found',
  studentRequired: 'Student access required',
  mustChangePassword: 'Please choose your own password first: the one on your slip works only to sign in once.',
} as const;
const M = STUDENT_PORTAL_MESSAGES;

/** Page size of the messages list. */
export const STUDENT_MESSAGES_PAGE_SIZE = 10;

const LRN = /^\d{12}$/;

/** POST /api/student/login: the `email` field holds the learner's email OR LRN (one box on the /login page). */
export const studentLoginSchema = z.object({
  email: z
    .string({ error: M.identifierRequired })
    .trim()
    .min(1, M.identifierRequired)
    .max(254, M.identifierInvalid)
    .refine((v) => isSafeText(v) && (LRN.test(v) || isEmail(v)), M.identifierInvalid)
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type StudentLoginInput = z.infer<typeof studentLoginSchema>;

/** Is the sign-in identifier an LRN (else an email)? */
export const isLrn = (identifier: string) => LRN.test(identifier);

export const signedInStudentSchema = z.object({
  id: z.number(),
  /** optional: the LRN is a learner's sign-in */
  email: z.string().nullable(),
  /** the password was handed out on a slip: the learner chooses their own before anything else */
  mustChangePassword: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.literal('STUDENT'),
});
/** Same shape as POST /api/super-admin/login's data: { token (only when asked for), user }. */
export const studentSignInResultSchema = z.object({ token: z.string().optional(), user: signedInStudentSchema });
export type StudentSignInResult = z.infer<typeof studentSignInResultSchema>;

const named = z.object({ name: z.string() });

/** GET /api/student/profile: the learner's own record (the guardian's phone masked: the school holds it). */
export const studentProfileSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  lrn: z.string(),
  /** see signedInStudentSchema */
  mustChangePassword: z.boolean(),
  profilePictureUrl: z.string().nullable(),
  school: z.object({ name: z.string(), acronym: z.string() }).nullable(),
  gradeModel: named.nullable(),
  sectionModel: named.nullable(),
  guardian: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    /** e.g. '+63 •••• ••4567' */
    phone: z.string(),
  }),
  notificationPreference: z.string(),
  /** The school's time zone: the portal shows every time in it. */
  timeZone: z.string(),
  createdAt: z.string(),
});
export type StudentProfile = z.infer<typeof studentProfileSchema>;

/** Today's status for the portal's first card. */
export const TODAY_KINDS = ['CHECKED_IN', 'LATE', 'ABSENT', 'EXCUSED', 'NOT_YET', 'NO_CLASS'] as const;
export type TodayKind = (typeof TODAY_KINDS)[number];

export const todayStatusSchema = z.object({
  date: z.string(),
  kind: z.enum(TODAY_KINDS),
  checkInAt: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  /** Why there is no class (holiday name, 'Weekend'); the excuse note for EXCUSED. */
  reason: z.string().nullable(),
});
export type TodayStatus = z.infer<typeof todayStatusSchema>;

export const monthDaySchema = z.object({
  date: z.string(),
  classDay: z.boolean(),
  reason: z.string().nullable(),
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  mark: z.enum([...ATTENDANCE_STATUSES, 'NO_RECORD', 'UPCOMING', 'NO_CLASS']),
  checkInAt: z.string().nullable(),
  checkOutAt: z.string().nullable(),
});
export type PortalMonthDay = z.infer<typeof monthDaySchema>;

export const monthTotalsSchema = z.object({
  classDays: z.number(),
  classDaysSoFar: z.number(),
  present: z.number(),
  absent: z.number(),
  tardy: z.number(),
  excused: z.number(),
});

/** GET /api/student/attendance?month=YYYY-MM */
export const studentAttendanceSchema = z.object({
  month: z.string(),
  timeZone: z.string(),
  today: todayStatusSchema,
  days: z.array(monthDaySchema),
  totals: monthTotalsSchema,
});
export type StudentAttendance = z.infer<typeof studentAttendanceSchema>;

export const studentAttendanceQuerySchema = z.object({
  month: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || isMonth(v), M.monthInvalid)
    .transform((v) => (v ? v : undefined)),
});

/** A message sent to the learner's guardians (SMS or Messenger), without the school's internals. */
export const studentMessageSchema = z.object({
  id: z.number(),
  type: z.enum(SMS_TYPES),
  channel: z.string(),
  message: z.string(),
  status: z.enum(SMS_STATUSES),
  /** The guardian's number, masked. */
  phoneNumber: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  timeZone: z.string(),
});
export type StudentMessage = z.infer<typeof studentMessageSchema>;
export const studentMessagesSchema = z.object({ messages: z.array(studentMessageSchema), pagination: paginationSchema });
export type StudentMessages = z.infer<typeof studentMessagesSchema>;

/**
 * GET /api/student/messenger: is a guardian connected (read-only: the guardian's link is the school's), and the
 * learner's OWN Messenger: connected or not, and the learner's own link waiting to be opened. A learner's link
 * binds only the learner's own slot, which gets a confirmation and no attendance notices.
 */
export const studentMessengerSchema = z.object({
  /** The school's Facebook page (null: the school has none, no link can be made). */
  page: z.object({ pageName: z.string().nullable() }).nullable(),
  /** A guardian is connected (through the school's link). */
  connected: z.boolean(),
  connectedAt: z.string().nullable(),
  /** The learner's own Messenger. */
  mine: z.object({ connected: z.boolean(), connectedAt: z.string().nullable() }),
  /** The learner's own unused link is waiting (it was shown once when made). */
  pendingLink: z.object({ createdAt: z.string(), expiresAt: z.string() }).nullable(),
  ttlDays: z.number(),
});
export type StudentMessenger = z.infer<typeof studentMessengerSchema>;

/** POST /api/student/messenger/links: the single-use link and its QR code, shown this once. */
export const studentOptInLinkSchema = studentMessengerSchema.extend({ link: z.string(), qrSvg: z.string() });
export type StudentOptInLink = z.infer<typeof studentOptInLinkSchema>;

/** Masks a phone number to its last 4 digits: '+639171234567' → '•••••••••4567'. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return '••••';
  return `${'•'.repeat(Math.min(8, digits.length - 4))}${digits.slice(-4)}`;
}
