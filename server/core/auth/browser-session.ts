import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_REQUEST_HEADER, TOKEN_REQUEST_VALUE } from '@domain/auth';
import { CSRF_COOKIES, CSRF_HEADER, ROLE_COOKIES, ROLES, sessionRoleOfPath, type Role } from '@domain/auth/roles';
import type { SessionLifetimes } from '../config';
import { lifetimesOf } from './sessions';

/*
 * A browser's session lives in two cookies per role, both set by the server, Path=/, SameSite=Strict, and Secure
 * when the request came over https (request.protocol, which follows TRUST_PROXY):
 * - ROLE_COOKIES[role] (SUPER_ADMIN_TOKEN…): the session token, HttpOnly, so no page script can read it;
 * - CSRF_COOKIES[role] (SUPER_ADMIN_CSRF…): the session's CSRF value, readable, which the one HTTP client echoes
 *   in CSRF_HEADER. It is an HMAC of the session token keyed by the token itself: another site can neither read
 *   the cookie nor compute the value, and any server process can check it without storing anything.
 * Strict rather than Lax: the pages are static and every authenticated call is a same-origin fetch, so a
 * Strict cookie costs the school nothing, and no request started from another site (a link, a form, an image)
 * ever carries the session.
 * A client that is not a browser asks the sign-in route for a bearer token (TOKEN_REQUEST_HEADER) and gets no
 * cookies; a bearer request needs no CSRF value (no browser adds an Authorization header by itself).
 */

/** The cookies of a request's Cookie header (the last of a repeated name wins). */
export function readCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

/** The CSRF value of a session token. */
export const csrfFor = (token: string): string => createHmac('sha256', token).update('csrf').digest('base64url');

/** Whether `given` is the CSRF value of `token` (compared in constant time). */
export function csrfMatches(token: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length > 100) return false;
  const want = Buffer.from(csrfFor(token));
  const got = Buffer.from(given);
  return got.length === want.length && timingSafeEqual(got, want);
}

const cookie = (name: string, value: string, maxAgeSeconds: number, secure: boolean, httpOnly: boolean) =>
  `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`;

const secure = (request: FastifyRequest) => request.protocol === 'https';

/** Sets a role's two session cookies, kept by the browser as long as the session can last. */
function setSessionCookies(request: FastifyRequest, reply: FastifyReply, role: Role, token: string, maxMs: number) {
  const maxAge = Math.floor(maxMs / 1000);
  reply.header('set-cookie', cookie(ROLE_COOKIES[role], token, maxAge, secure(request), true));
  reply.header('set-cookie', cookie(CSRF_COOKIES[role], csrfFor(token), maxAge, secure(request), false));
}

/** Removes the session cookies of `roles` (a sign-out: all three, as the browser's session store forgets all three). */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, roles: readonly Role[] = ROLES) {
  for (const role of roles) {
    reply.header('set-cookie', cookie(ROLE_COOKIES[role], '', 0, secure(request), true));
    reply.header('set-cookie', cookie(CSRF_COOKIES[role], '', 0, secure(request), false));
  }
}

/** Whether the sign-in asked for a bearer token (a script) rather than cookies (a browser). */
export const wantsBearerToken = (request: FastifyRequest) => request.headers[TOKEN_REQUEST_HEADER] === TOKEN_REQUEST_VALUE;

/**
 * What every sign-in route answers with its new session: for a script that asked (TOKEN_REQUEST_HEADER), the
 * data with its bearer token; for a browser, the session's cookies and the data without the token.
 */
export function signedIn<T extends { token?: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  role: Role,
  data: T,
  lifetimes: SessionLifetimes,
): T {
  if (wantsBearerToken(request) || !data.token) return data;
  setSessionCookies(request, reply, role, data.token, lifetimesOf(role, lifetimes).maxMs);
  const { token: _token, ...rest } = data;
  return rest as T;
}

const SIGN_IN_PATH = /^\/api\/([a-z-]+\/)?login$/;

/**
 * The session cookie a request to `url` is authenticated by, if it carries one: its route's role (sessionRoleOfPath),
 * or for a shared route the first of SUPER_ADMIN, ADMIN, STUDENT it carries. Sign-in routes read none (a sign-in
 * is made by nobody).
 */
export function sessionCookieOf(request: FastifyRequest): { role: Role; token: string } | null {
  const pathname = request.url.split('?')[0]!;
  if (SIGN_IN_PATH.test(pathname) || !request.headers.cookie) return null;
  const cookies = readCookies(request.headers.cookie);
  const routeRole = sessionRoleOfPath(pathname);
  for (const role of routeRole ? [routeRole] : ROLES) {
    const token = cookies[ROLE_COOKIES[role]];
    if (token) return { role, token };
  }
  return null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a cookie-authenticated request may go on: a read, or a change that carries the session's CSRF value. */
export const csrfPasses = (request: FastifyRequest, token: string) =>
  SAFE_METHODS.has(request.method) || csrfMatches(token, request.headers[CSRF_HEADER]);
