import { z } from 'zod';
import { paginationSchema } from './api';
import { mergeLiveRow } from '@shared/live-list';
import { SMS_LIMITS, smsPartsAsSent, type SmsEncoding } from '@shared/sms-text';
import { SMS_TYPES } from './dashboard';
import { checkDateOrder, dateQuery, idQuery } from './list-filters';
import { idField, idParams, safeString } from './validation';

/** SMS Notifications History. */

/** Page size 10 for SMS history. */
export const SMS_PAGE_SIZE = 10;
/**
 * UNCERTAIN: an attempt got no answer and the provider cannot say whether it went; an admin decides.
 * EXPIRED: an attendance notice not sent in time (OUTBOX_ATTENDANCE_EXPIRY, ATTENDANCE_NOTICE_MAX_DELAY), never sent late.
 * FOLDED: an arrival notice still waiting when the learner left: told in the departure's message instead.
 */
export const SMS_STATUSES = ['SENT', 'DELIVERED', 'PENDING', 'FAILED', 'UNCERTAIN', 'EXPIRED', 'FOLDED'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];
export type SmsType = (typeof SMS_TYPES)[number];
export { SMS_TYPES };

/** The words SMS History shows for a type, in its table and its Type filter alike. */
export const SMS_TYPE_LABELS: Record<SmsType, string> = {
  CHECK_IN: 'Check-in',
  CHECK_OUT: 'Check-out',
  ABSENCE: 'Absence',
  LATE_ARRIVAL: 'Late arrival',
  CORRECTION: 'Correction',
  CUSTOM: 'Custom',
};

export const SMS_HISTORY_EMPTY = 'No SMS notifications found. Adjust your filters or try again later.';

export const smsNotificationSchema = z.object({
  id: z.number(),
  /** The school the message was sent for (live events go to its admins' room); null for none. */
  schoolId: z.number().nullable(),
  student: z
    .object({
      id: z.number(),
      firstName: z.string(),
      lastName: z.string(),
      school: z.object({ name: z.string(), acronym: z.string() }).nullable(),
      gradeModel: z.object({ name: z.string() }).nullable(),
      sectionModel: z.object({ name: z.string() }).nullable(),
    })
    .nullable(),
  type: z.enum(SMS_TYPES),
  /** SMS or MESSENGER (a Messenger message has no phone number). */
  channel: z.string(),
  message: z.string(),
  phoneNumber: z.string().nullable(),
  status: z.enum(SMS_STATUSES),
  /**
   * Why it stopped (FAILED, UNCERTAIN, EXPIRED), or, while PENDING, why it waits: an SMS its place in its school's
   * queue ('Waiting for a phone: 240 ahead, about 12 min', domain/devices/capacity.ts).
   */
  failureReason: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** An admin dismissed this UNCERTAIN message (not resent). */
  dismissedAt: z.string().nullable(),
  /** The student's school's time zone (the platform's default without one): its times are read in it. */
  timeZone: z.string(),
  /** What happened besides the status, e.g. 'Messenger window closed: sent by SMS'. */
  note: z.string().nullable(),
});
export type SmsNotification = z.infer<typeof smsNotificationSchema>;

/** A student the 'Send message' dialog can pick (GET /sms-history/recipients?search=). */
export const messageRecipientSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  lrn: z.string(),
  schoolAcronym: z.string().nullable(),
  notificationPreference: z.string(),
});
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

export const smsHistoryPageSchema = z.object({ notifications: z.array(smsNotificationSchema), pagination: paginationSchema });
export type SmsHistoryPage = z.infer<typeof smsHistoryPageSchema>;

export const recipientsQuerySchema = z.object({ search: z.string().optional() });
export const customMessageQueuedSchema = z.object({ key: z.string() });

const enumQuery = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { message }).optional());

/** GET /api/super-admin/sms-history: the history filter (page and limit are read by pageParams). */
export const smsHistoryFiltersSchema = z
  .object({
    studentId: idQuery('Student'),
    type: enumQuery(SMS_TYPES, `Type must be one of ${SMS_TYPES.join(', ')}`),
    status: enumQuery(SMS_STATUSES, `Status must be one of ${SMS_STATUSES.join(', ')}`),
    startDate: dateQuery('From date'),
    endDate: dateQuery('To date'),
    schoolId: idQuery('School'),
    gradeId: idQuery('Grade'),
    sectionId: idQuery('Section'),
    // Read by pageParams (clamped there, never an error).
    page: z.string().optional(),
    limit: z.string().optional(),
  })
  .superRefine(checkDateOrder);
export type SmsHistoryFilters = z.output<typeof smsHistoryFiltersSchema>;

/*
 * A CUSTOM or class message may take at most 3 SMS parts, counted as it is sent (trimmed, phone punctuation in its
 * GSM-7 form: @shared/sms-text): 459 GSM-7 characters (an extension character such as € counts 2), or 201 when
 * an emoji or a letter outside GSM-7 makes it UCS-2.
 */
export const SMS_MAX_SEGMENTS = 3;
const maxCharacters = (encoding: SmsEncoding) => SMS_LIMITS[encoding].multi * SMS_MAX_SEGMENTS;

export const CUSTOM_MESSAGE_MESSAGES = {
  studentId: 'Please select a student',
  message: 'Message is required',
  tooLong: (max: number, encoding: string) =>
    `Message is too long for ${SMS_MAX_SEGMENTS} SMS: at most ${max} characters${encoding === 'UCS-2' ? ' when it has emoji or non-Latin letters' : ''}`,
  queued: 'Message queued for sending',
} as const;

/** POST /api/super-admin/sms-history/messages: a CUSTOM message to one student's parent. */
export const customMessageSchema = z.object({
  studentId: idField(CUSTOM_MESSAGE_MESSAGES.studentId),
  message: safeString({ error: CUSTOM_MESSAGE_MESSAGES.message })
    .trim()
    .min(1, CUSTOM_MESSAGE_MESSAGES.message)
    .superRefine((v, ctx) => {
      const sms = smsPartsAsSent(v);
      if (sms.parts > SMS_MAX_SEGMENTS)
        ctx.addIssue({ code: 'custom', message: CUSTOM_MESSAGE_MESSAGES.tooLong(maxCharacters(sms.encoding), sms.encoding) });
    }),
});
export type CustomMessageInput = z.output<typeof customMessageSchema>;

/*
 * A message to the parents of a whole grade or section (SEND_SMS): the console shows how many students it
 * reaches before sending. `requestId` (made once per opened dialog) makes a retried send queue nothing twice.
 */
export const GROUP_MESSAGE_MESSAGES = {
  schoolId: 'Please select a school',
  gradeId: 'Please select a grade',
  requestId: 'Request ID must be a UUID',
  nobody: 'No active students in this grade or section',
  queued: (n: number) => `Message queued for the parents of ${n} student${n === 1 ? '' : 's'}`,
} as const;

export const groupAudienceQuerySchema = z.object({
  gradeId: idField(GROUP_MESSAGE_MESSAGES.gradeId),
  sectionId: z.preprocess((v) => (v === '' ? undefined : v), idField('Section not found').optional()),
});
export const groupAudienceSchema = z.object({ recipients: z.number() });
export type GroupAudience = z.infer<typeof groupAudienceSchema>;
/** GET …/group-choices: the super admin names the school (a school admin's is their own). */
export const groupChoicesQuerySchema = z.object({
  schoolId: z.preprocess((v) => (v === '' ? undefined : v), idField(GROUP_MESSAGE_MESSAGES.schoolId).optional()),
});
/** The grades (with their sections) a class message may go to: the dialog's choices, with SEND_SMS alone. */
export const groupChoicesSchema = z.array(
  z.object({ id: z.number(), name: z.string(), sections: z.array(z.object({ id: z.number(), name: z.string() })) }),
);
export type GroupChoices = z.infer<typeof groupChoicesSchema>;

export const groupMessageSchema = groupAudienceQuerySchema.extend({
  message: customMessageSchema.shape.message,
  requestId: z.uuid({ error: GROUP_MESSAGE_MESSAGES.requestId }),
});
export type GroupMessageInput = z.output<typeof groupMessageSchema>;
export const groupMessageQueuedSchema = z.object({ recipients: z.number() });

/**
 * Live updates: a new message (sent or failed) goes to the top of page 1, the list is trimmed to the
 * page size and the total is raised by one. A row already listed (its status changed, e.g. DELIVERED) is
 * replaced in place; a status change of an older row not listed is no new message and changes nothing
 * (`mergeLiveRow`).
 */
export function insertLive(page: SmsHistoryPage, row: SmsNotification): SmsHistoryPage {
  const next = mergeLiveRow(page.notifications, page.pagination, row, page.pagination.page === 1);
  return next ? { notifications: next.rows, pagination: next.pagination } : page;
}

/** Whether a live row belongs in the list as filtered (a filtered view does not take rows it would not show). */
export function matchesFilters(row: SmsNotification, f: Partial<Record<keyof SmsHistoryFilters, unknown>>): boolean {
  if (f.status && f.status !== row.status) return false;
  if (f.type && f.type !== row.type) return false;
  if (f.endDate && row.createdAt.slice(0, 10) > String(f.endDate)) return false;
  return true;
}

/*
 * A message whose outcome nobody can tell (UNCERTAIN in SMS History) waits for an admin, who either
 * resends it (the parent may get it twice: the admin checked the phone first) or dismisses it (not resent).
 * POST /api/super-admin/sms-history/:id/resend and …/:id/dismiss, no body, answer the history row.
 */
export const SMS_UNCERTAIN_MESSAGES = {
  notFound: 'SMS notification not found',
  notUncertain: 'Only a message whose outcome is unknown (UNCERTAIN) can be resent or dismissed',
  resent: 'Message queued to be sent again',
  dismissed: 'Message dismissed: it will not be resent',
} as const;

export const smsNotificationParams = idParams(SMS_UNCERTAIN_MESSAGES.notFound);

/** Whether the row's Resend and Dismiss actions apply. */
export const isOpenUncertain = (n: { status: string; dismissedAt: string | null }) =>
  n.status === 'UNCERTAIN' && n.dismissedAt == null;
