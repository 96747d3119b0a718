import { z } from 'zod';
import { emailField, honeypotField, isSafeText, UNSAFE_TEXT_ERROR } from '../validation';
import { HONEYPOT_FIELD } from '../public-forms';

import { INQUIRY_LIMITS, INQUIRY_MESSAGES } from './messages';

export { INQUIRY_LIMITS, INQUIRY_MESSAGES } from './messages';

const text = (required: string, max: number, maxMessage: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, maxMessage).refine(isSafeText, UNSAFE_TEXT_ERROR);

/** POST /api/inquiries (email, subject, inquiry) and the 'Send us a Message' form. */
export const inquirySchema = z.object({
  email: emailField(INQUIRY_MESSAGES.email, INQUIRY_MESSAGES.emailInvalid),
  subject: text(INQUIRY_MESSAGES.subject, INQUIRY_LIMITS.subject, INQUIRY_MESSAGES.subjectMax),
  inquiry: text(INQUIRY_MESSAGES.inquiry, INQUIRY_LIMITS.inquiry, INQUIRY_MESSAGES.inquiryMax),
  [HONEYPOT_FIELD]: honeypotField,
});
export type InquiryInput = z.output<typeof inquirySchema>;

/** An inquiry as the API returns it (`_id` as the spec reads it, `id` as well). */
export const inquiryRecordSchema = z.object({
  _id: z.number(),
  id: z.number(),
  email: z.string(),
  subject: z.string(),
  inquiry: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Inquiry = z.infer<typeof inquiryRecordSchema>;
