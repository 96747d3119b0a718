import ky, { HTTPError, type Input, type KyInstance, type Options } from 'ky';
import { getCookie, removeCookie } from './cookies';
import { CSRF_COOKIES, CSRF_HEADER, ROLES, sessionRoleOfPath } from '@domain/auth/roles';
import type { ApiFailure } from '@domain/api';
import { consoleRole } from './console/role';

export const REQUEST_TIMEOUT_MS = 10_000;
export const LOGIN_PATH = '/login';

/** Where an expired session sends the browser; tests and the session store may replace it. */
export const onUnauthorized = {
  handle: () => {
    // The session is over whichever role it was: the page forgets all three, as on sign-out (a 401 racing a
    // sign-out must not leave the other two behind). The server has removed the ended session's own cookie.
    for (const cookie of Object.values(CSRF_COOKIES)) removeCookie(cookie);
    if (location.pathname !== LOGIN_PATH) location.replace(LOGIN_PATH);
  },
};

/**
 * The CSRF value a call carries: that of the session the server authenticates it by (the same rule,
 * sessionRoleOfPath: /api/student/… the learner's, /api/admin/… the school admin's, /api/super-admin/… the super
 * admin's, a shared route the first role signed in).
 */
export const csrfCookieFor = (url: string) => {
  const role = sessionRoleOfPath(new URL(url, 'http://x').pathname);
  return role ? CSRF_COOKIES[role] : CSRF_COOKIES[ROLES.find((r) => getCookie(CSRF_COOKIES[r])) ?? 'SUPER_ADMIN'];
};

/**
 * The one HTTP client: same-origin /api, the browser's session cookies (HttpOnly, set by the server) with the
 * session's CSRF value in CSRF_HEADER (csrfCookieFor), 10 s timeout, and a 401 forgets the session and goes to
 * /login.
 */
const client = ky.create({
  prefixUrl: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const csrf = getCookie(csrfCookieFor(request.url));
        if (csrf) request.headers.set(CSRF_HEADER, csrf);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        // A failed sign-in is a 401 too, but it is an answer for the form, not an expired session.
        if (response.status === 401 && !/\/api\/([a-z-]+\/)?login$/.test(new URL(request.url).pathname)) onUnauthorized.handle();
      },
    ],
  },
});

/**
 * In the school admin's console a feature's call to 'super-admin/…' goes to 'admin/…': the same routes,
 * which the server answers for the admin's own school and permissions. Features name one path for both consoles.
 */
const scoped = (input: Input): Input =>
  typeof input === 'string' && input.startsWith('super-admin/') && consoleRole() === 'ADMIN'
    ? `admin/${input.slice('super-admin/'.length)}`
    : input;

export const api: KyInstance = Object.assign((input: Input, options?: Options) => client(scoped(input), options), {
  get: (input: Input, options?: Options) => client.get(scoped(input), options),
  post: (input: Input, options?: Options) => client.post(scoped(input), options),
  put: (input: Input, options?: Options) => client.put(scoped(input), options),
  patch: (input: Input, options?: Options) => client.patch(scoped(input), options),
  delete: (input: Input, options?: Options) => client.delete(scoped(input), options),
  head: (input: Input, options?: Options) => client.head(scoped(input), options),
  create: client.create,
  extend: client.extend,
  stop: client.stop,
  retry: client.retry,
}) as KyInstance;

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
 * General rule: the server's message if present, else the error's own message, else the
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
 * multipart/form-data as the API reads it: a `data` part holding JSON plus file parts.
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
