import { z } from 'zod';

/** Payloads of the public webhooks (POST /api/webhooks/sms, GET/POST /api/webhooks/messenger). */

const text = z.string().optional();

/** httpSMS events (CloudEvents JSON): type + data { id, request_id, owner, timestamp, error_message }. */
export const smsWebhookEventSchema = z.object({
  type: text,
  data: z.object({ id: text, request_id: text, owner: text, timestamp: text, error_message: text, reason: text }).optional(),
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
