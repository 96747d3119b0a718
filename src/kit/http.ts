import ky, { HTTPError, type Options } from 'ky';
import { getCookie, removeCookie } from './cookies';
import { ROLE_COOKIES } from '@domain/roles';
import type { ApiFailure } from '@domain/api';

export const REQUEST_TIMEOUT_MS = 10_000;
export const LOGIN_PATH = '/login';

/** Where an expired session sends the browser; tests and the session store may replace it. */
export const onUnauthorized = {
  handle: () => {
    // The session is over whichever role it was: all three cookies go, as on sign-out (a 401 racing a sign-out
    // must not leave the other two behind).
    for (const cookie of Object.values(ROLE_COOKIES)) removeCookie(cookie);
    if (location.pathname !== LOGIN_PATH) location.replace(LOGIN_PATH);
  },
};

/** Whose token a call carries: the student portal's calls (/api/student/…) the learner's, the others the console's. */
export const tokenCookieFor = (url: string) =>
  new URL(url, 'http://x').pathname.startsWith('/api/student/') ? ROLE_COOKIES.STUDENT : ROLE_COOKIES.SUPER_ADMIN;

/**
 * The one HTTP client: same-origin /api, bearer from the role's cookie (tokenCookieFor), 10 s timeout,
 * and a 401 clears the token and goes to /login (spec §4, §8).
 */
export const api = ky.create({
  prefixUrl: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getCookie(tokenCookieFor(request.url));
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        // A failed sign-in is a 401 too, but it is an answer for the form, not an expired session.
        if (response.status === 401 && !/\/(super-admin|student)\/login$/.test(request.url)) onUnauthorized.handle();
      },
    ],
  },
});

/** An API failure, carrying the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * Spec §8 general rule: the server's message if present, else the error's own message, else the
 * call's default. Always resolves to an ApiError.
 */
export async function toApiError(err: unknown, fallback: string): Promise<ApiError> {
  if (err instanceof ApiError) return err;
  if (err instanceof HTTPError) {
    let body: Partial<ApiFailure> | undefined;
    try {
      body = (await err.response.clone().json()) as Partial<ApiFailure>;
    } catch {
      body = undefined;
    }
    return new ApiError(body?.message || fallback, err.response.status, body?.errors ?? {});
  }
  if (err instanceof Error && err.name === 'TimeoutError')
    return new ApiError('The server took too long to answer. Please try again.', 0);
  if (err instanceof Error && err.message) return new ApiError(err.message, 0);
  return new ApiError(fallback, 0);
}

/** Runs a call and unwraps `data`; failures become ApiError with the spec's message rule. */
export async function request<T>(fallback: string, run: (client: typeof api) => Promise<Response>): Promise<T> {
  try {
    const res = await run(api);
    const body = (await res.json()) as { success: boolean; data: T; message?: string };
    return body.data;
  } catch (err) {
    throw await toApiError(err, fallback);
  }
}

/** Same as request, but keeps the whole body (for calls whose message the screen shows). */
export async function requestBody<T>(
  fallback: string,
  run: (client: typeof api) => Promise<Response>,
): Promise<{ data: T; message?: string }> {
  try {
    const res = await run(api);
    return (await res.json()) as { data: T; message?: string };
  } catch (err) {
    throw await toApiError(err, fallback);
  }
}

/**
 * multipart/form-data as the API reads it (spec §7): a `data` part holding JSON plus file parts.
 * Undefined values are left out (optional fields are sent only when present).
 */
export function toFormData(
  data: Record<string, unknown>,
  files: Record<string, File | File[] | null | undefined> = {},
): FormData {
  const form = new FormData();
  const clean = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  form.append('data', JSON.stringify(clean));
  for (const [name, value] of Object.entries(files)) {
    for (const file of Array.isArray(value) ? value : value ? [value] : []) form.append(name, file);
  }
  return form;
}

export type { Options };
