import { sendInquiry } from './forms-api';
import { ApiError } from '@kit/http';
import { INQUIRY_MESSAGES, inquirySchema } from '@domain/inquiries';
import { HONEYPOT_FIELD } from '@domain/public-forms';
import { validate, type ValidationResult } from '@domain/validation';

/*
 * What the contact form needs only once it is used: the schema (zod) and the API client (ky). ContactForm
 * imports this module lazily (fetched as soon as the form gets focus), so /inquiries' first load carries neither
 * (a lighter page).
 */

export type InquiryFields = { email: string; subject: string; inquiry: string };

/** The form's fields checked by the one schema the API uses too. */
export const checkInquiry = (values: InquiryFields): ValidationResult<unknown> => validate(inquirySchema, values);

/** Sends the inquiry; on failure, the server's message, else the fixed text (network failures and timeouts included). */
export async function postInquiry(
  values: InquiryFields,
  trap: string,
): Promise<{ failure: string; errors?: Record<string, string> } | null> {
  try {
    await sendInquiry({ ...values, email: values.email.trim(), [HONEYPOT_FIELD]: trap });
    return null;
  } catch (err) {
    if (!(err instanceof ApiError)) return { failure: INQUIRY_MESSAGES.sendFailed };
    return { failure: err.status > 0 ? err.message : INQUIRY_MESSAGES.sendFailed, errors: err.errors };
  }
}
