import type { Role } from '@domain/auth/roles';

/*
 * Which console the page is, from its address alone: the one ky client and the socket store need it on every page,
 * the public site's too, so it stays free of the console's stores and React (src/kit/console/scope.ts has those).
 */

/** The school admin's console is everything under /admin. */
export function isAdminConsole(): boolean {
  return typeof location !== 'undefined' && /^\/admin(\/|$)/.test(location.pathname);
}

/** The role this page signs in as (its cookie, its API scope, its live room). */
export function consoleRole(): Extract<Role, 'SUPER_ADMIN' | 'ADMIN'> {
  return isAdminConsole() ? 'ADMIN' : 'SUPER_ADMIN';
}
