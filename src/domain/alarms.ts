import { z } from 'zod';

/*
 * SMS alarms: raised while a school's messages stop going out, cleared by themselves when they move again. The
 * dashboards show the raised ones as a banner (GET /sms-alarms, and the `sms:alarm` live event).
 */

export const SMS_ALARM_KINDS = ['NO_DEVICE', 'CREDITS_USED_UP', 'DEVICE_SILENT', 'HEARTBEAT_STALE', 'QUEUE_WAIT'] as const;
export type SmsAlarmKind = (typeof SMS_ALARM_KINDS)[number];

/** What the school should do about each kind of alarm (the banner's second line). */
export const SMS_ALARM_HINTS: Record<SmsAlarmKind, string> = {
  NO_DEVICE: 'Add an SMS device in Device Management, or set one to Active.',
  CREDITS_USED_UP:
    'Buy more messages on httpsms.com, then send a test from Device Management: a test that goes through resumes the phone.',
  DEVICE_SILENT: 'Check the phone: unlock it, open the httpSMS app, and keep it charged and on the network.',
  HEARTBEAT_STALE: 'Check that the phone is on, online and running the httpSMS app.',
  QUEUE_WAIT: 'The phones cannot keep up: add a phone in Device Management, or raise their send rate.',
};

/** The one notice to the school's contact number: sent, or why not. */
export const SMS_ALARM_NOTICE_STATUSES = [
  'PENDING',
  'SENDING',
  'SENT',
  'UNCERTAIN',
  'FAILED',
  'NO_DEVICE',
  'NO_CONTACT',
] as const;

export const smsAlarmSchema = z.object({
  id: z.number(),
  kind: z.enum(SMS_ALARM_KINDS),
  school: z.object({ id: z.number(), name: z.string(), acronym: z.string() }).nullable(),
  device: z.object({ id: z.number(), name: z.string(), phoneNumber: z.string() }).nullable(),
  message: z.string(),
  raisedAt: z.string(),
  /** Set on the live event of an alarm that has just cleared. */
  clearedAt: z.string().nullable(),
  noticeStatus: z.enum(SMS_ALARM_NOTICE_STATUSES),
  /** The school's time zone (the platform's default without a school). */
  timeZone: z.string(),
});
export type SmsAlarm = z.infer<typeof smsAlarmSchema>;

export const smsAlarmListSchema = z.array(smsAlarmSchema);

/** GET /sms-alarms?schoolId: the raised alarms, of one school or (super admin) of every school. */
export const smsAlarmListQuerySchema = z.object({
  schoolId: z
    .string({ error: 'School must be a school id' })
    .trim()
    .regex(/^\d{0,10}$/, 'School must be a school id')
    .optional()
    .transform((v) => (v ? Number(v) : undefined)),
});
