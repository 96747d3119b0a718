export const ROLES = ['SUPER_ADMIN', 'ADMIN', 'STUDENT'] as const;
export type Role = (typeof ROLES)[number];

/** Cookie per role (spec §6, §9): 30 days, path /. */
export const ROLE_COOKIES: Record<Role, string> = {
  SUPER_ADMIN: 'SUPER_ADMIN_TOKEN',
  ADMIN: 'ADMIN_TOKEN',
  STUDENT: 'STUDENT_TOKEN',
};
export const TOKEN_COOKIE_DAYS = 30;
export const SESSION_DAYS = 30;

/** Spec §3 "Own profile": accessLevel 1 Standard, 2 Advanced, anything else Full Access. */
export function accessLevelName(level: number | null | undefined): string {
  if (level === 1) return 'Standard';
  if (level === 2) return 'Advanced';
  return 'Full Access';
}
