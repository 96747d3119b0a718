/*
 * The contact form's limits and texts without the zod schemas of `inquiries.ts` (which re-exports them): the
 * /inquiries island renders with these and loads the schema only to send (page weight).
 */

/** Limits of the public contact form (subject ≤ 200, message ≤ 5,000). */
export const INQUIRY_LIMITS = { subject: 200, inquiry: 5000 } as const;

export const INQUIRY_MESSAGES = {
  email: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  subject: 'Subject is required',
  subjectMax: `Subject must be ${INQUIRY_LIMITS.subject} characters or less`,
  inquiry: 'Message is required',
  inquiryMax: `Message must be ${INQUIRY_LIMITS.inquiry.toLocaleString('en-US')} characters or less`,
  notFound: 'Inquiry not found',
  sent: 'Thank you! Your message has been sent successfully. We will get back to you within 24 hours.',
  sendFailed: 'Failed to send message. Please try again.',
  deleted: 'Inquiry deleted successfully',
} as const;
