import { atom } from 'nanostores';
import { getCookie, removeCookie } from '@kit/cookies';
import { CSRF_COOKIES, ROLES, type Role } from '@domain/auth/roles';

export interface SessionState {
  isAuthenticated: boolean;
  userRole: Role | null;
  loading: boolean;
}

/**
 * The session, read once from the cookies at start-up. The session cookies are HttpOnly: which roles
 * are signed in is read from their readable CSRF cookies, which the server sets and removes with them.
 */
export const $session = atom<SessionState>({ isAuthenticated: false, userRole: null, loading: true });

/** SUPER_ADMIN, else ADMIN, else STUDENT, else signed out. */
export function readSession(): void {
  const role = ROLES.find((r) => getCookie(CSRF_COOKIES[r])) ?? null;
  $session.set({ isAuthenticated: role !== null, userRole: role, loading: false });
}

/**
 * Sign-in, after the server answered it with its cookies: nothing happens if the role is missing or
 * unknown, or if the browser did not keep the session's cookie.
 */
export function signIn(role: string | undefined): boolean {
  if (!role || !(ROLES as readonly string[]).includes(role) || !getCookie(CSRF_COOKIES[role as Role])) return false;
  $session.set({ isAuthenticated: true, userRole: role as Role, loading: false });
  return true;
}

/**
 * Clears the session and forgets the readable cookies of all three roles (the sign-out route removes the session
 * cookies themselves; the caller navigates to /login).
 */
export function clearSession(): void {
  for (const name of Object.values(CSRF_COOKIES)) removeCookie(name);
  $session.set({ isAuthenticated: false, userRole: null, loading: false });
}

/** Access check. */
export function hasAccess(state: SessionState, allowed: Role[]): boolean {
  return state.isAuthenticated && state.userRole !== null && allowed.includes(state.userRole);
}

/** The page a signed-out visitor came from, so sign-in can return there. */
const REDIRECT_KEY = 'redirectAfterLogin';
export function rememberRedirect(path: string): void {
  sessionStorage.setItem(REDIRECT_KEY, path);
}
export function takeRedirect(): string | null {
  const path = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  // Only same-site paths: never an absolute URL supplied from outside.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}
