import { z } from 'zod';
import { SMS_ALARM_KINDS, SMS_ALARM_NOTICE_STATUSES } from './texts';

/*
 * SMS alarms: raised while a school's messages stop going out, cleared by themselves when they move again. The
 * dashboards show the raised ones as a banner (GET /sms-alarms, and the `sms:alarm` live event).
 */

export { SMS_ALARM_HINTS, SMS_ALARM_KINDS, SMS_ALARM_NOTICE_STATUSES, type SmsAlarmKind } from './texts';

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
