import type { z } from 'zod';
import { liveAttendanceEventSchema, liveTapEventSchema } from './attendance';
import { smsNotificationSchema } from './sms-history';

/**
 * The socket events (spec §7 "Real-time"), one schema each: the server emits them through
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
} as const;

export type LiveEventName = keyof typeof LIVE_EVENTS;
export type LivePayload<E extends LiveEventName> = z.infer<(typeof LIVE_EVENTS)[E]>;
