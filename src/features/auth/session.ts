import { atom } from 'nanostores';
import { getCookie, removeCookie, setCookie } from '@kit/cookies';
import { ROLE_COOKIES, ROLES, TOKEN_COOKIE_DAYS, type Role } from '@domain/roles';

export interface SessionState {
  isAuthenticated: boolean;
  userRole: Role | null;
  loading: boolean;
}

/** Spec §3 Session; read once from the cookies at start-up (spec §4). */
export const $session = atom<SessionState>({ isAuthenticated: false, userRole: null, loading: true });

/** SUPER_ADMIN_TOKEN, else ADMIN_TOKEN, else STUDENT_TOKEN, else signed out. */
export function readSession(): void {
  const role = ROLES.find((r) => getCookie(ROLE_COOKIES[r])) ?? null;
  $session.set({ isAuthenticated: role !== null, userRole: role, loading: false });
}

/** Spec §4 Login: nothing happens if the token or role is missing or unknown. */
export function signIn(token: string | undefined, role: string | undefined): boolean {
  if (!token || !role || !(ROLES as readonly string[]).includes(role)) return false;
  setCookie(ROLE_COOKIES[role as Role], token, TOKEN_COOKIE_DAYS);
  $session.set({ isAuthenticated: true, userRole: role as Role, loading: false });
  return true;
}

/** Removes all three cookies and clears the session (the caller navigates to /login). */
export function clearSession(): void {
  for (const name of Object.values(ROLE_COOKIES)) removeCookie(name);
  $session.set({ isAuthenticated: false, userRole: null, loading: false });
}

/** Spec §4 Access check. */
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
