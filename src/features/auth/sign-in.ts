import { loginSchema } from '@domain/auth';
import { validate } from '@domain/validation';
import { login } from './api';
import { toApiError } from '@kit/http';

/*
 * What the sign-in form needs only once it is used: the schema (zod) and the API client (ky). LoginForm imports
 * this module lazily (fetched as soon as the form gets focus), so /login's first load carries neither (issue #20).
 */

/** The form's fields checked by the one schema the API uses too. */
export const checkLogin = (fields: { email: string; password: string }) => validate(loginSchema, fields);

/**
 * The order the one /login page tries: school admins first (they sign in daily; a super admin rarely), so the
 * refusals each try leaves in the system log (LOGIN_FAILED of the roles the account is not) stay few.
 */
const ROLES_IN_TURN = ['ADMIN', 'SUPER_ADMIN', 'STUDENT'] as const;
export type SignInRole = (typeof ROLES_IN_TURN)[number];

/** Where each role lands after signing in (issue 22; the student portal is issue 24's). */
export const HOME_OF: Record<SignInRole, string> = { SUPER_ADMIN: '/home', ADMIN: '/admin', STUDENT: '/student' };

/**
 * Signs in whichever role the account has: the school admin's sign-in, the super admin's, then the student's (the
 * email field may hold a student's LRN). A 401 (not this role's account), a 429 (this role's sign-in is throttled
 * for the address: it says nothing about the others) or a 404 (a role whose sign-in is not there yet) moves on;
 * any other answer (a bad field) is the answer. When no role signs in, a throttle message wins over the 401's.
 */
export async function postLogin(
  email: string,
  password: string,
): Promise<{ token: string; role: SignInRole } | { message: string; errors: Record<string, string> }> {
  let refused: { message: string; errors: Record<string, string> } | null = null;
  let throttled: { message: string; errors: Record<string, string> } | null = null;
  for (const role of ROLES_IN_TURN) {
    try {
      const result = await login(email, password, role);
      return { token: result.token, role };
    } catch (err) {
      const apiError = await toApiError(err, 'Login failed. Please try again.');
      const answer = { message: apiError.message, errors: apiError.errors };
      if (apiError.status === 429) throttled ??= answer;
      else if (apiError.status === 401) refused ??= answer;
      else if (apiError.status !== 404) return answer;
    }
  }
  return throttled ?? refused ?? { message: 'Invalid email or password', errors: {} };
}
