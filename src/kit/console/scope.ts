import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { hasPermission, type RoutePermission } from '@domain/admins/console';
import { consoleRole, isAdminConsole } from './role';

/*
 * Which console this page is: the super admin's (/super-admin, every school) or a school admin's (/admin,
 * their own school). The same feature screens serve both; they ask this module, never the role:
 * - `$consoleAccess`: the school admin's school and CURRENT permissions (GET /api/admin/me, set by the shell);
 * - `can(p)` / `useCan()`: whether to show an action (the server refuses it anyway: 403);
 * - `consoleHref(path)`: a '/super-admin/…' link as this console spells it.
 */

export type ConsoleAccess =
  | { kind: 'superAdmin' }
  | { kind: 'admin'; schoolId: number | null; schoolName: string | null; permissions: Record<string, boolean> };

export const $consoleAccess = atom<ConsoleAccess>({ kind: 'superAdmin' });

export { consoleRole, isAdminConsole };

/** One permission, or several of which any one will do (a screen of several tabs, each with its own). */
export type Needed = RoutePermission | readonly RoutePermission[];

export function can(permission: Needed, access: ConsoleAccess = $consoleAccess.get()): boolean {
  if (access.kind === 'superAdmin') return true;
  const anyOf: readonly RoutePermission[] = typeof permission === 'string' ? [permission] : permission;
  return anyOf.some((p) => hasPermission(access.permissions, p));
}

/** `can` that re-renders when the permissions arrive or change. */
export function useCan(): (permission: Needed) => boolean {
  const access = useStore($consoleAccess);
  return (permission) => can(permission, access);
}

/**
 * The school a new record gets in its form: the school admin's own (they have no other), '' in the super admin's
 * console (chosen in the form).
 */
export function consoleSchoolValue(access: ConsoleAccess = $consoleAccess.get()): string {
  return access.kind === 'admin' && access.schoolId != null ? String(access.schoolId) : '';
}

/** '/super-admin/x' in the school admin's console is '/admin/x' (the routes mirror each other). */
export function consoleHref(path: string): string {
  return isAdminConsole() ? path.replace(/^\/super-admin(?=\/|$)/, '/admin') : path;
}
