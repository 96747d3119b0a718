export const ROLES = ['SUPER_ADMIN', 'ADMIN', 'STUDENT'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The session cookie of each role, as the spec names them: set by the server, HttpOnly (page scripts never see the
 * token), Path=/, SameSite=Strict, Secure over https (server/core/auth/browser-session.ts).
 */
export const ROLE_COOKIES: Record<Role, string> = {
  SUPER_ADMIN: 'SUPER_ADMIN_TOKEN',
  ADMIN: 'ADMIN_TOKEN',
  STUDENT: 'STUDENT_TOKEN',
};

/**
 * The readable companion of each role's session cookie: the session's CSRF value, which the one HTTP client echoes
 * in CSRF_HEADER on every call, and by which the browser's session store knows which roles are signed in.
 */
export const CSRF_COOKIES: Record<Role, string> = {
  SUPER_ADMIN: 'SUPER_ADMIN_CSRF',
  ADMIN: 'ADMIN_CSRF',
  STUDENT: 'STUDENT_CSRF',
};

/**
 * Whose session cookie a browser's call to `pathname` is made with: /api/student/… the learner's, /api/admin/… the
 * school admin's, /api/super-admin/… the super admin's. null for the shared routes (/api/docs, public forms), which
 * take the first of SUPER_ADMIN, ADMIN, STUDENT that the browser holds (the order the session store reads them in).
 * The server (its auth plugin) and the one HTTP client (its CSRF header) follow this one rule.
 */
export function sessionRoleOfPath(pathname: string): Role | null {
  if (pathname.startsWith('/api/student/')) return 'STUDENT';
  if (pathname.startsWith('/api/admin/')) return 'ADMIN';
  if (pathname.startsWith('/api/super-admin/')) return 'SUPER_ADMIN';
  return null;
}

/** The own profile's access level: 1 Standard, 2 Advanced, anything else Full Access. */
export function accessLevelName(level: number | null | undefined): string {
  if (level === 1) return 'Standard';
  if (level === 2) return 'Advanced';
  return 'Full Access';
}

/** A change authenticated by a session cookie carries the session's CSRF value (its readable cookie) in this header. */
export const CSRF_HEADER = 'x-csrf-token';
