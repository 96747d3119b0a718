import { z } from 'zod';
import { EMAIL_MAX, emailField, isEmail, PHONE_PATTERN, requiredText } from '../validation';
import { IMAGE_MIME_TYPES } from '../files';
import { isLrn } from '../student-portal';

export const PASSWORD_MIN = 8;

export const loginSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, 'Please enter a valid email address')
    .refine(isEmail, 'Please enter a valid email address')
    .transform((v) => v.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** What the API receives (currentPassword, newPassword). */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: z
    .string({ error: 'New password is required' })
    .min(1, 'New password is required')
    .min(PASSWORD_MIN, 'Password must be at least 8 characters')
    .max(200, 'Password must be 200 characters or less'),
});

/** A secret's reveal (a device's API key, a page's token): the caller's own password, checked again. */
export const confirmPasswordSchema = z.object({
  password: z.string({ error: 'Your password is required' }).min(1, 'Your password is required').max(200),
});
export const PASSWORD_INCORRECT = 'Password is incorrect';

/** The modal adds the confirmation. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });

/** Profile picture: an image (checked by content on the server), at most 2 MB. */
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = IMAGE_MIME_TYPES;
export const PROFILE_PICTURE_HINT = 'JPG, PNG, GIF or WebP. Max 2MB.';

/** The signed-in super admin's own profile (GET/PATCH /api/super-admin/profile). */
export const profileRecordSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  isActive: z.boolean(),
  accessLevel: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profileRecordSchema>;

/** The own profile form: phone optional; fields are sent only when non-empty. */
export const profileSchema = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: emailField('Email is required', 'Please enter a valid email address'),
  phoneNumber: z
    .string()
    .trim()
    .max(30)
    .refine((v) => v === '' || PHONE_PATTERN.test(v), 'Please enter a valid phone number')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** The signed-in super admin or school admin as POST /api/super-admin/login and /api/admin/login return it. */
export const signedInUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(['SUPER_ADMIN', 'ADMIN']),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/**
 * A client that is not a browser (a script, a bench, a reader's setup, the API reference page) sends this header
 * with the value TOKEN_REQUEST_VALUE to a sign-in route, and gets the session as a bearer token in `data.token`
 * instead of the browser's cookies. Without it the body carries no token.
 */
export const TOKEN_REQUEST_HEADER = 'x-session-token';
export const TOKEN_REQUEST_VALUE = 'bearer';
/** The sign-in routes' declared headers (the API reference shows the opt-in). */
export const signInHeadersSchema = z.looseObject({
  [TOKEN_REQUEST_HEADER]: z
    .literal(TOKEN_REQUEST_VALUE, { error: `${TOKEN_REQUEST_HEADER} is either absent or "${TOKEN_REQUEST_VALUE}"` })
    .optional()
    .describe('"bearer": answer with the session token in data.token (scripts) instead of setting cookies (browsers)'),
});

/** The session token: only for a sign-in that asked for it with TOKEN_REQUEST_HEADER. */
const bearerToken = z.string().optional();

/** POST /api/super-admin/login and POST /api/admin/login → data */
export const signInResultSchema = z.object({ token: bearerToken, user: signedInUserSchema });
export type SignInResult = z.infer<typeof signInResultSchema>;

/** The roles the one /login page signs in (POST /api/login), and where each lands. */
export const SIGN_IN_ROLES = ['ADMIN', 'SUPER_ADMIN', 'STUDENT'] as const;
export type SignInRole = (typeof SIGN_IN_ROLES)[number];

/**
 * POST /api/login (the /login page's form too): an email, or a learner's 12-digit LRN, and the password. The
 * messages are the super admin's form's; an LRN is accepted as well.
 */
export const signInSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, 'Please enter a valid email address')
    .refine((v) => isLrn(v) || isEmail(v), 'Please enter a valid email address')
    .transform((v) => v.toLowerCase()),
  password: loginSchema.shape.password,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** POST /api/login's answer: the session of whichever role the account has, and that role. */
export const anySignInResultSchema = z.object({
  token: bearerToken,
  role: z.enum(SIGN_IN_ROLES),
  /** a learner's e-mail may be absent; mustChangePassword: a learner's generated password to change first */
  user: signedInUserSchema.extend({
    role: z.enum(SIGN_IN_ROLES),
    email: z.string().nullable(),
    mustChangePassword: z.boolean().optional(),
  }),
});
export type AnySignInResult = z.infer<typeof anySignInResultSchema>;

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
