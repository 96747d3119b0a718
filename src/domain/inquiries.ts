import { z } from 'zod';
import { emailField } from './validation';
import { HONEYPOT_FIELD, honeypotField } from './public-forms';

/** Limits of the public contact form (issue #3: subject ≤ 200, message ≤ 5,000). */
export const INQUIRY_LIMITS = { subject: 200, inquiry: 5000 } as const;

export const INQUIRY_MESSAGES = {
  email: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subject: 'Subject is required',
  subjectMax: `Subject must be ${INQUIRY_LIMITS.subject} characters or less`,
  inquiry: 'Message is required',
  inquiryMax: `Message must be ${INQUIRY_LIMITS.inquiry.toLocaleString('en-US')} characters or less`,
  notFound: 'Inquiry not found',
  // Spec §8 "Contact"
  sent: 'Thank you! Your message has been sent successfully. We will get back to you within 24 hours.',
  sendFailed: 'Failed to send message. Please try again.',
  deleted: 'Inquiry deleted successfully',
} as const;

const text = (required: string, max: number, maxMessage: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, maxMessage);

/** POST /api/inquiries (spec §7: email, subject, inquiry) and the 'Send us a Message' form. */
export const inquirySchema = z.object({
  email: emailField(INQUIRY_MESSAGES.email, INQUIRY_MESSAGES.emailInvalid),
  subject: text(INQUIRY_MESSAGES.subject, INQUIRY_LIMITS.subject, INQUIRY_MESSAGES.subjectMax),
  inquiry: text(INQUIRY_MESSAGES.inquiry, INQUIRY_LIMITS.inquiry, INQUIRY_MESSAGES.inquiryMax),
  [HONEYPOT_FIELD]: honeypotField,
});
export type InquiryInput = z.output<typeof inquirySchema>;

/** Spec §3 Inquiry as the API returns it (`_id` as the spec reads it, `id` as well). */
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
