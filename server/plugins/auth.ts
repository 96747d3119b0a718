import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSession } from '../services/sessions';
import { forbidden, unauthorized } from '../lib/errors';
import type { AuthContext } from '../types';
import type { Actor } from '../services/audit-log';
import type { DB } from '../db/index';
import type { SessionInfo } from '../services/sessions';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token.trim() : null;
}

/** Loads the user behind a session; an inactive or deleted user has no session. */
async function loadUser(db: DB, s: SessionInfo): Promise<AuthContext | null> {
  if (s.role === 'SUPER_ADMIN') {
    const u = await db
      .selectFrom('superAdmins')
      .select(['firstName', 'lastName', 'email', 'isActive'])
      .where('id', '=', s.userId)
      .executeTakeFirst();
    return u && u.isActive ? { ...s, name: `${u.firstName} ${u.lastName}`, email: u.email } : null;
  }
  if (s.role === 'ADMIN') {
    const u = await db
      .selectFrom('admins')
      .select(['firstName', 'lastName', 'email', 'employeeId', 'isActive'])
      .where('id', '=', s.userId)
      .executeTakeFirst();
    return u && u.isActive ? { ...s, name: `${u.firstName} ${u.lastName}`, email: u.email, employeeId: u.employeeId } : null;
  }
  const u = await db
    .selectFrom('students')
    .select(['firstName', 'lastName', 'email', 'lrn', 'isActive', 'isArchived'])
    .where('id', '=', s.userId)
    .executeTakeFirst();
  return u && u.isActive && !u.isArchived ? { ...s, name: `${u.firstName} ${u.lastName}`, email: u.email, lrn: u.lrn } : null;
}

/** Reads the bearer token of every /api request into request.auth; role checks are per route. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('actor', function (this: FastifyRequest): Actor {
    const base = { ip: this.ip, userAgent: this.headers['user-agent'] };
    const a = this.auth;
    if (!a) return { role: 'PUBLIC', userId: null, name: 'Public visitor', ...base };
    return { role: a.role, userId: a.userId, name: a.name, email: a.email, employeeId: a.employeeId, lrn: a.lrn, ...base };
  });

  app.addHook('onRequest', async (request) => {
    // Reader intake carries a reader token, not a session (server/routes/rfid-taps.ts checks it).
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/rfid/')) return;
    const token = bearer(request);
    if (!token) return;
    const session = await findSession(app.db, token);
    request.auth = session ? await loadUser(app.db, session) : null;
  });

  app.decorate('requireSuperAdmin', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized('Your session has expired. Please sign in again.');
    if (request.auth.role !== 'SUPER_ADMIN') throw forbidden('Super admin access required');
  });
});
