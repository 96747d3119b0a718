/**
 * No zod here: the public islands read HONEYPOT_FIELD without loading the schemas (page weight);
 * the schemas' `honeypotField` is in validation.ts.
 *
 * The two public forms (contact, order) carry a honeypot: a field people never see or fill, which
 * form-filling bots do. A filled honeypot gets the normal success answer, but nothing is stored.
 */
export const HONEYPOT_FIELD = 'website';

/** True when the hidden field holds anything but whitespace. */
export function honeypotFilled(input: unknown): boolean {
  if (!input || typeof input !== 'object') return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value == null) return false;
  return typeof value !== 'string' || value.trim() !== '';
}

/** The public contact and order forms are small JSON bodies: anything larger is refused with 413. */
export const PUBLIC_FORM_BODY_LIMIT = 16 * 1024;
