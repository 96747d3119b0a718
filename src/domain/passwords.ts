/**
 * Password rules beyond the spec's length (which stays in each form's schema): a password may not be
 * the account's email address, nor one that is common or quick to guess. The guessability estimate
 * (zxcvbn-ts with its common-password dictionaries) runs on the server (server/core/auth/password-strength.ts)
 * so the dictionaries never ship to the browser; these messages are shared by both sides.
 */
export const PASSWORD_MESSAGES = {
  sameAsEmail: 'Password must not be the same as the email address',
  tooGuessable: 'This password is too common or easy to guess. Please choose a stronger one.',
} as const;

/** The lowest zxcvbn score (0–4) accepted: 0 and 1 are guessed in under a million tries. */
export const PASSWORD_MIN_SCORE = 2;

/** The email as the password (any case, surrounding spaces ignored). */
export const isSameAsEmail = (password: string, email: string | null | undefined): boolean =>
  !!email && password.trim().toLowerCase() === email.trim().toLowerCase();
