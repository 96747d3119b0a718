import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import {
  ADMIN_PERMISSIONS,
  ADMIN_ROLE_REQUIRED,
  NO_SCHOOL_MESSAGE,
  permissionDeniedMessage,
  type RoutePermission,
} from '@domain/admins/console';

/** The signed-in school admin as every /api/admin route sees it: read afresh on each request. */
export interface AdminScope {
  adminId: number;
  /** The one school the admin runs (null: not assigned; only OWN_ACCOUNT routes answer then). */
  schoolId: number | null;
  permissions: Record<string, boolean>;
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** The stored JSON map name → on/off (a damaged value counts as nothing allowed). */
export function parsePermissionMap(text: string | null | undefined): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v === true]));
  } catch {
    return {};
  }
}

const KNOWN = new Set<string>([...ADMIN_PERMISSIONS, 'OWN_ACCOUNT']);

/**
 * onRoute of the /api/admin scope: a route without a known `config.permission` is a programming error, caught
 * when the server starts rather than a route left open to every admin.
 */
export function assertRoutePermission(route: RouteOptions): void {
  const permission = (route.config as { permission?: string } | undefined)?.permission;
  if (!permission || !KNOWN.has(permission)) {
    throw new Error(`${route.method} ${route.url}: an /api/admin route must declare config.permission`);
  }
}

/**
 * onRequest of the /api/admin scope, before the body is read: 401 without a live session, 403 for another role,
 * then the admin's school and permissions are read from their row (one statement by primary key), so a permission
 * the super admin takes away is refused on the very next request; 403 "You do not have permission to …" when the
 * route's permission is off, and for a school route when the admin has no school.
 */
export function adminGuard(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const auth = request.auth;
    if (!auth) throw unauthorized(SESSION_EXPIRED);
    if (auth.role !== 'ADMIN') throw forbidden(ADMIN_ROLE_REQUIRED);
    const row = await app.db
      .selectFrom('admins')
      .select(['schoolId', 'permissions', 'isActive'])
      .where('id', '=', auth.userId)
      .executeTakeFirst();
    // A deactivation revokes the sessions too; this catches a row changed by hand within the session cache's time.
    if (!row || !row.isActive) throw unauthorized(SESSION_EXPIRED);
    const permissions = parsePermissionMap(row.permissions);
    request.admin = { adminId: auth.userId, schoolId: row.schoolId, permissions };
    const needed = (request.routeOptions.config as { permission?: RoutePermission }).permission;
    if (needed === 'OWN_ACCOUNT') return;
    if (!needed) throw forbidden(ADMIN_ROLE_REQUIRED);
    if (permissions[needed] !== true) throw forbidden(permissionDeniedMessage(needed));
    if (row.schoolId == null) throw forbidden(NO_SCHOOL_MESSAGE);
  };
}

/** The admin's school on a school route (the guard has refused the request already when there is none). */
export function adminSchoolId(request: FastifyRequest): number {
  const schoolId = request.admin?.schoolId;
  if (schoolId == null) throw forbidden(NO_SCHOOL_MESSAGE);
  return schoolId;
}
