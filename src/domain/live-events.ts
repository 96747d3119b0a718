import { z } from 'zod';
import { ATTENDANCE_STATUSES, liveAttendanceEventSchema, liveTapEventSchema } from './attendance';
import { smsNotificationSchema } from './sms-history';
import { smsAlarmSchema } from './alarms';

/**
 * The socket events, one schema each: the server emits them through
 * `realtime.emitToSuperAdmins(event, payload)` and the browser receives them through `subscribeLive(event, handler)`
 * (src/kit/live.ts), both typed by this map, so an event's name and payload are written once.
 */
export const LIVE_EVENTS = {
  /** An attendance record changed (a tap, an absence, a correction), with the History row. */
  attendance: liveAttendanceEventSchema,
  /** Every tap a reader reports, unknown cards too. */
  'attendance:all': liveTapEventSchema,
  /** A message's status changed (sent, delivered, failed, uncertain, expired), with the SMS History row. */
  'sms:sent': smsNotificationSchema,
  /** An SMS alarm was raised, or cleared (clearedAt set). */
  'sms:alarm': smsAlarmSchema,
} as const;

export type LiveEventName = keyof typeof LIVE_EVENTS;
export type LivePayload<E extends LiveEventName> = z.infer<(typeof LIVE_EVENTS)[E]>;

/**
 * The learner's own room on the student portal: a nudge that something of theirs changed, never
 * another learner's data and never the console's rows; the portal reads its own view again.
 */
export const STUDENT_LIVE_EVENTS = {
  attendance: z.object({ id: z.number(), status: z.enum(ATTENDANCE_STATUSES) }),
  'sms:sent': z.object({ id: z.number() }),
} as const;

export type StudentLiveEventName = keyof typeof STUDENT_LIVE_EVENTS;
export type StudentLivePayload<E extends StudentLiveEventName> = z.infer<(typeof STUDENT_LIVE_EVENTS)[E]>;
