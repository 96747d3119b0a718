import { z } from 'zod';

/** Payloads of the public webhooks (POST /api/webhooks/sms, GET/POST /api/webhooks/messenger). */

const text = z.string().optional();

/** How far ahead of our clock an event time may be (phone clocks drift); later is refused, never stored. */
export const WEBHOOK_FUTURE_SKEW_MS = 5 * 60_000;
export const WEBHOOK_MESSAGES = { future: 'Event time is in the future' } as const;

const notInFuture = (v: string | undefined) => !v || !(Date.parse(v) > Date.now() + WEBHOOK_FUTURE_SKEW_MS);

/**
 * httpSMS events (CloudEvents JSON): type, time + data { id, request_id, owner, timestamp, error_message }. A
 * heartbeat or delivery dated in the future (a 2099 heartbeat would keep a dead phone "active") is a 400.
 */
export const smsWebhookEventSchema = z.object({
  type: text,
  time: text.refine(notInFuture, WEBHOOK_MESSAGES.future),
  data: z
    .object({
      id: text,
      request_id: text,
      owner: text,
      timestamp: text.refine(notInFuture, WEBHOOK_MESSAGES.future),
      error_message: text,
      reason: text,
      /** phone.heartbeat.offline: the phone's last heartbeat */
      last_heartbeat_timestamp: text.refine(notInFuture, WEBHOOK_MESSAGES.future),
    })
    .optional(),
});
export type SmsWebhookEvent = z.infer<typeof smsWebhookEventSchema>;

const ref = z.object({ ref: text }).optional();

/** A page subscription's events; each messaging event carries the parent's PSID and, on opt-in, the m.me ref. */
export const messengerWebhookSchema = z.object({
  object: text,
  entry: z
    .array(
      z.object({
        /** the page that received the events (its Graph id) */
        id: text,
        messaging: z
          .array(
            z.object({
              sender: z.object({ id: text }).optional(),
              recipient: z.object({ id: text }).optional(),
              message: z.unknown().optional(),
              referral: ref,
              optin: ref,
              postback: z.object({ referral: ref }).optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});
export type MessengerWebhook = z.infer<typeof messengerWebhookSchema>;

export const messengerVerifyQuerySchema = z.object({ 'hub.mode': text, 'hub.verify_token': text, 'hub.challenge': text });

export const webhookResultSchema = z.object({
  updated: z.boolean().optional(),
  bound: z.number().optional(),
  /** m.me refs that bound nothing (used, expired, replaced or unknown): logged and answered in Messenger */
  refused: z.number().optional(),
});
