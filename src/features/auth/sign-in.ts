import { signInSchema, type SignInRole } from '@domain/auth';
import { validate } from '@domain/validation';
import { signInAnyRole } from './api';
import { toApiError } from '@kit/http';

/*
 * What the sign-in form needs only once it is used: the schema (zod) and the API client (ky). LoginForm imports
 * this module lazily (fetched as soon as the form gets focus), so /login's first load carries neither.
 */

/** The form's fields checked by the one schema the API uses too (an email, or a learner's LRN). */
export const checkLogin = (fields: { email: string; password: string }) => validate(signInSchema, fields);

export type { SignInRole };

/** Where each role lands after signing in (the student portal has its own sign-in). */
export const HOME_OF: Record<SignInRole, string> = { SUPER_ADMIN: '/home', ADMIN: '/admin', STUDENT: '/student' };

/**
 * Signs in whichever role the account has: POST /api/login finds the role on the server and signs in that one
 * (one try, so one refusal in the log and one count in the sign-in limit).
 */
export async function postLogin(
  email: string,
  password: string,
): Promise<{ role: SignInRole } | { message: string; errors: Record<string, string> }> {
  try {
    // The session arrives as the server's cookies; the body says whose it is.
    const result = await signInAnyRole(email, password);
    return { role: result.role };
  } catch (err) {
    const apiError = await toApiError(err, 'Login failed. Please try again.');
    return { message: apiError.message, errors: apiError.errors };
  }
}
