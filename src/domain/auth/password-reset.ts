import { z } from 'zod';
import { loginSchema, PASSWORD_MIN } from '.';

/** The site's own page that sets a new password; a link carries its token after '#' (never sent to a server). */
export const RESET_PAGE_PATH = '/reset-password';
/** The inquiry form a school uses to ask for an account ("Request an account for your school"). */
export const REQUEST_ACCOUNT_PATH = '/inquiries';

/** How long an e-mailed link and a printed slip stay valid (minutes). */
export const RESET_LINK_MINUTES = 30;
export const RESET_SLIP_MINUTES = 24 * 60;

export const RESET_MESSAGES = {
  requestSent:
    'If a staff account exists for this e-mail, a reset link is on its way. It works once, within 30 minutes. Learners: ask your school’s registrar for a reset slip.',
  whoResets:
    'Passwords are reset by a person, not by e-mail: learners ask their school’s registrar, and school administrators ask the super admin, for a one-time reset slip.',
  done: 'Your password has been changed. Sign in with the new password.',
  unknown: 'This reset link or code is not valid. Check it, or ask for a new one.',
  used: 'This reset link or code has already been used. Ask for a new one.',
  expired: 'This reset link or code has expired. Ask for a new one.',
  tokenRequired: 'Enter the reset code from your slip or open the link from your e-mail',
  slipIssued: 'Reset slip ready: print it or hand it over. It works once, within 24 hours.',
} as const;

/** POST /api/password-reset/request: the e-mail of the account (the same rules as the sign-in's). */
export const resetRequestSchema = z.object({ email: loginSchema.shape.email });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

/** Its answer, the same for every address: whether a link may come by e-mail, and who resets otherwise. */
export const resetRequestResultSchema = z.object({ byEmail: z.boolean() });

/** A slip's code: three groups of four letters and digits; spaces, dashes and case do not matter. */
const SLIP_CODE = /^[a-z0-9]{4}-?[a-z0-9]{4}-?[a-z0-9]{4}$/;

/** The token as stored: a slip's code in its printed form ('abcd-efgh-jkmn'), a link's token as it is. */
export function canonicalResetToken(token: string): string {
  const compact = token.replace(/\s+/g, '').toLowerCase();
  if (!SLIP_CODE.test(compact)) return token.trim();
  const bare = compact.replace(/-/g, '');
  return `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}`;
}

const newPasswordField = z
  .string({ error: 'New password is required' })
  .min(1, 'New password is required')
  .min(PASSWORD_MIN, 'Password must be at least 8 characters')
  .max(200, 'Password must be 200 characters or less');

/** POST /api/password-reset: a link's token or a slip's code, and the new password. */
export const resetConfirmSchema = z.object({
  token: z
    .string({ error: RESET_MESSAGES.tokenRequired })
    .trim()
    .min(1, RESET_MESSAGES.tokenRequired)
    .max(200, RESET_MESSAGES.unknown),
  newPassword: newPasswordField,
});
export type ResetConfirmInput = z.infer<typeof resetConfirmSchema>;

/** The reset page's form adds the confirmation. */
export const resetConfirmFormSchema = resetConfirmSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your new password') })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

/** A printed reset slip: shown once to the person who issued it (only its hash is stored). */
export const resetSlipSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
  accountName: z.string(),
  /** How the account signs in (a learner's LRN, an admin's e-mail). */
  signInAs: z.string(),
});
export type ResetSlip = z.infer<typeof resetSlipSchema>;
