/*
 * The school-admin console: the permission catalogue's names, what each one lets an admin do (the 403
 * message "You do not have permission to …"), and the signed-in admin's own account as GET /api/admin/me returns it.
 * Zod-free: the console's nav and route guard import it at first load.
 */

/** The 15 permissions of the catalogue (migration 0002); the super admin ticks them per admin. */
export const ADMIN_PERMISSIONS = [
  'VIEW_STUDENTS',
  'MANAGE_STUDENTS',
  'ARCHIVE_STUDENTS',
  'VIEW_GRADES_SECTIONS',
  'MANAGE_GRADES_SECTIONS',
  'VIEW_ATTENDANCE',
  'MANAGE_ATTENDANCE',
  'VIEW_SMS_HISTORY',
  'SEND_SMS',
  'MANAGE_SMS_DEVICES',
  'MANAGE_RFID_READERS',
  'MANAGE_FACEBOOK_PAGES',
  'VIEW_REPORTS',
  'VIEW_SYSTEM_LOGS',
  'MANAGE_SCHOOL_PROFILE',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/**
 * What a route of /api/admin demands: one permission, or `OWN_ACCOUNT` for the admin's own profile and password
 * (always allowed, even without a school).
 */
export type RoutePermission = AdminPermission | 'OWN_ACCOUNT';

/** "You do not have permission to {action}" (403 of every /api/admin route whose permission the admin lacks). */
export const PERMISSION_ACTIONS: Record<AdminPermission, string> = {
  VIEW_STUDENTS: 'view students',
  MANAGE_STUDENTS: 'register or edit students',
  ARCHIVE_STUDENTS: 'archive or restore students',
  VIEW_GRADES_SECTIONS: 'view grades and sections',
  MANAGE_GRADES_SECTIONS: 'manage grades and sections',
  VIEW_ATTENDANCE: 'view attendance',
  MANAGE_ATTENDANCE: 'correct attendance',
  VIEW_SMS_HISTORY: 'view the SMS history',
  SEND_SMS: 'send messages to parents',
  MANAGE_SMS_DEVICES: 'manage SMS devices',
  MANAGE_RFID_READERS: 'manage RFID readers',
  MANAGE_FACEBOOK_PAGES: 'manage Facebook pages',
  VIEW_REPORTS: 'view reports',
  VIEW_SYSTEM_LOGS: "view the school's activity log",
  MANAGE_SCHOOL_PROFILE: 'edit the school profile',
};

export function permissionDeniedMessage(permission: AdminPermission): string {
  return `You do not have permission to ${PERMISSION_ACTIONS[permission]}`;
}

export const ADMIN_ROLE_REQUIRED = 'Admin access required';
export const NO_SCHOOL_MESSAGE = 'Your account is not assigned to a school';

/** Whether an admin's permission map allows one of them (the browser's guard; the server decides again). */
export function hasPermission(permissions: Record<string, boolean> | undefined, needed: RoutePermission): boolean {
  if (needed === 'OWN_ACCOUNT') return true;
  return permissions?.[needed] === true;
}
