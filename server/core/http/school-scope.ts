import type { FastifyRequest } from 'fastify';
import type { AdminPermission } from '@domain/admins/console';
import { notFound } from './errors';
import { adminSchoolId } from '../auth/admin-scope';

/**
 * Who a feature's route plugin serves: the same routes are registered under /api/super-admin (every
 * school) and under /api/admin (the admin's own school, each route behind its permission). A plugin built as
 * `routes(scope)` asks the scope, never the role:
 * - `permission(p)`: the route's config (the admin scope demands `p`; the super admin needs none);
 * - `school(request, requested)`: the school the request acts on — the super admin's choice (undefined = all), or
 *   the admin's own school (a different one asked for is 404 `notFoundMessage`, as another school's record is);
 * - `owns(request, schoolId, message)`: 404 `message` when a record's school is not the admin's (no-op for the
 *   super admin).
 */
export interface SchoolScope {
  readonly kind: 'superAdmin' | 'admin';
  permission(p: AdminPermission): { permission?: AdminPermission };
  school(request: FastifyRequest, requested?: number | null, notFoundMessage?: string): number | undefined;
  owns(request: FastifyRequest, schoolId: number | null | undefined, message: string): void;
}

export const SCHOOL_NOT_FOUND = 'School not found';

export const SUPER_ADMIN_SCOPE: SchoolScope = {
  kind: 'superAdmin',
  permission: () => ({}),
  school: (_request, requested) => requested ?? undefined,
  owns: () => undefined,
};

export const ADMIN_SCOPE: SchoolScope = {
  kind: 'admin',
  permission: (permission) => ({ permission }),
  school(request, requested, notFoundMessage = SCHOOL_NOT_FOUND) {
    const own = adminSchoolId(request);
    if (requested != null && requested !== own) throw notFound(notFoundMessage);
    return own;
  },
  owns(request, schoolId, message) {
    if (schoolId !== adminSchoolId(request)) throw notFound(message);
  },
};
