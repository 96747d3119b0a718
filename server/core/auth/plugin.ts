import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import type { Actor } from '../audit-log';
import { deviceCookie } from './known-devices';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/** Reads the bearer token of every /api request into request.auth; role checks are per route. */
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

  app.addHook('onRequest', async (request) => {
    // Reader intake carries a reader token, not a session (server/features/rfid/taps-routes.ts checks it).
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/rfid/')) return;
    const token = bearer(request);
    if (!token) return;
    // One statement when the session cache does not have it (server/core/auth/session-cache.ts), none when it does.
    request.auth = await app.sessionCache.lookup(token);
  });

  app.decorate('requireSuperAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized('Your session has expired. Please sign in again.');
    if (request.auth.role !== 'SUPER_ADMIN') throw forbidden('Super admin access required');
  });
});
