import { z } from 'zod';
import { SMS_TYPES } from '@domain/sms-history';

/*
 * What an outbox row carries as its JSON payload, read back with these schemas (never cast): an intent row's
 * (channel INTENT, written by intents.ts with the change that caused it) and a per-channel message's (SMS or
 * MESSENGER, written by expand.ts). A payload that does not match is an error, not a guess.
 */

/** An intent: what happened, to whom (the worker resolves the parent's channels and contacts when it expands it). */
export const intentPayloadSchema = z.object({
  /** What a message is about: the SMS History types (src/domain, one list for both sides). */
  type: z.enum(SMS_TYPES),
  studentId: z.number().int(),
  schoolId: z.number().int().nullable(),
  /** ISO instant of the event the parent is told about (tap time, absence cutoff, or now for CUSTOM). */
  occurredAt: z.string(),
  attendanceId: z.number().int().optional(),
  /** CUSTOM messages only: the text the sender wrote. */
  text: z.string().optional(),
  /** Who asked for a CUSTOM message (system log / SMS history "sender"). */
  sender: z.object({ role: z.string(), id: z.number().int() }).optional(),
});
export type NotificationIntent = z.infer<typeof intentPayloadSchema>;

/** A per-channel message: its rendered text, and what the worker needs to send it or fall back. */
export const channelPayloadSchema = z.object({
  type: z.enum(SMS_TYPES),
  schoolId: z.number().int().nullable(),
  text: z.string(),
  /** The parent's notificationPreference when the intent was expanded (BOTH / FACEBOOK_MESSENGER_ONLY decide fallbacks). */
  preference: z.string(),
  /** The intent's idempotency key, which the message's own key extends. */
  intentKey: z.string(),
});
export type ChannelPayload = z.infer<typeof channelPayloadSchema>;

export const intentOf = (row: { payload: string }): NotificationIntent => intentPayloadSchema.parse(JSON.parse(row.payload));
export const channelPayloadOf = (row: { payload: string }): ChannelPayload => channelPayloadSchema.parse(JSON.parse(row.payload));

/** What any outbox row (an intent or a message) is about; null when its payload does not say. */
export function payloadTypeOf(row: { payload: string }): NotificationIntent['type'] | null {
  try {
    const parsed = z.object({ type: z.enum(SMS_TYPES) }).safeParse(JSON.parse(row.payload));
    return parsed.success ? parsed.data.type : null;
  } catch {
    return null;
  }
}
