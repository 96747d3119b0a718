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

/** POST /api/super-admin/login: the token, or the spec §8 message and field errors. */
export async function postLogin(
  email: string,
  password: string,
): Promise<{ token: string } | { message: string; errors: Record<string, string> }> {
  try {
    return { token: (await login(email, password)).token };
  } catch (err) {
    const apiError = await toApiError(err, 'Login failed. Please try again.');
    return { message: apiError.message, errors: apiError.errors };
  }
}
