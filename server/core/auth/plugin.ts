import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import type { Actor } from '../audit-log';
import { deviceCookie } from './known-devices';
import { clearSessionCookies, csrfPasses, sessionCookieOf } from './browser-session';
import { sessionRoleOfPath } from '@domain/auth/roles';

/** A change made with a session cookie but without the page's CSRF value (another site may have sent it). */
export const CSRF_REFUSED =
  'This change was refused because it did not carry the security token of this page. Reload the page and try again.';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/**
 * Reads the session of every /api request into request.auth: a bearer token first (scripts), else the browser's
 * session cookie for the route (browser-session.ts `sessionCookieOf`). A cookie authenticates a change (POST, PUT,
 * PATCH, DELETE) only with the session's CSRF value in CSRF_HEADER: without it a role's route (/api/super-admin/…,
 * /api/admin/…, /api/student/…) answers 403 before anything is read or written, and a shared route goes on as
 * for a visitor who is not signed in. A cookie whose session has ended is removed from the browser. Role checks
 * are per route.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('admin', null);
  app.decorateRequest('actor', function (this: FastifyRequest): Actor {
    const base = { ip: this.ip, userAgent: this.headers['user-agent'], deviceId: deviceCookie(this) };
    const a = this.auth;
    if (!a) return { role: 'PUBLIC', userId: null, name: 'Public visitor', ...base };
    const schoolId = this.admin?.schoolId;
    return {
      role: a.role,
      userId: a.userId,
      name: a.name,
      email: a.email,
      employeeId: a.employeeId,
      lrn: a.lrn,
      schoolId,
      ...base,
    };
  });

  app.addHook('onRequest', async (request, reply) => {
    // Reader intake carries a reader token, not a session (server/features/rfid/taps-routes.ts checks it).
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/rfid/')) return;
    const token = bearer(request);
    // One statement when the session cache does not have it (server/core/auth/session-cache.ts), none when it does.
    if (token) {
      request.auth = await app.sessionCache.lookup(token);
      return;
    }
    const cookie = sessionCookieOf(request);
    if (!cookie) return;
    const auth = await app.sessionCache.lookup(cookie.token);
    if (!auth || auth.role !== cookie.role) {
      clearSessionCookies(request, reply, [cookie.role]);
      return;
    }
    if (!csrfPasses(request, cookie.token)) {
      if (sessionRoleOfPath(request.url.split('?')[0]!)) throw forbidden(CSRF_REFUSED);
      return;
    }
    request.auth = auth;
  });

  app.decorate('requireSuperAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized('Your session has expired. Please sign in again.');
    if (request.auth.role !== 'SUPER_ADMIN') throw forbidden('Super admin access required');
  });
});
