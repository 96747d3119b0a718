/*
 * The school-admin console: the permission catalogue's names, what each one lets an admin do (the 403
 * message "You do not have permission to …"), and the signed-in admin's own account as GET /api/admin/me returns it.
 * Zod-free: the console's nav and route guard import it at first load.
 */

/** The permissions of the catalogue (migrations 0002, 0038 and 0047); the super admin ticks them per admin. */
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
  'MANAGE_SCHOOL_SETTINGS',
  'ROLL_OVER_SCHOOL_YEAR',
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
  MANAGE_SCHOOL_SETTINGS: "change the school's settings",
  ROLL_OVER_SCHOOL_YEAR: 'roll the school year over',
};

/** Each permission in words, as the console shows it (checkboxes, lists, the admin's own account). */
export const PERMISSION_LABELS: Record<AdminPermission, string> = {
  VIEW_STUDENTS: 'View students',
  MANAGE_STUDENTS: 'Manage students',
  ARCHIVE_STUDENTS: 'Archive students',
  VIEW_GRADES_SECTIONS: 'View grades and sections',
  MANAGE_GRADES_SECTIONS: 'Manage grades and sections',
  VIEW_ATTENDANCE: 'View attendance',
  MANAGE_ATTENDANCE: 'Manage attendance',
  VIEW_SMS_HISTORY: 'View SMS history',
  SEND_SMS: 'Send SMS',
  MANAGE_SMS_DEVICES: 'Manage SMS devices',
  MANAGE_RFID_READERS: 'Manage RFID readers',
  MANAGE_FACEBOOK_PAGES: 'Manage Facebook pages',
  VIEW_REPORTS: 'View reports',
  VIEW_SYSTEM_LOGS: 'View activity log',
  MANAGE_SCHOOL_PROFILE: 'Manage school profile',
  MANAGE_SCHOOL_SETTINGS: 'Manage school settings',
  ROLL_OVER_SCHOOL_YEAR: 'Roll the school year over',
};

export function permissionDeniedMessage(permission: AdminPermission): string {
  return `You do not have permission to ${PERMISSION_ACTIONS[permission]}`;
}

export const ADMIN_ROLE_REQUIRED = 'Admin access required';
export const NO_SCHOOL_MESSAGE = 'Your account is not assigned to a school';
/** Who gives a school admin permissions and a school: only a super admin (Admin Management). */
export const NO_ACCESS_MESSAGES = {
  title: 'Your account has no access yet',
  noPermissions: 'No permission has been given to your account, so there is nothing for you to open here yet.',
  noSchool: 'Your account is not assigned to a school yet, so there is nothing for you to open here.',
  whoGrants:
    'Only a super admin can give you permissions and a school, in Admin Management (Edit Admin). Ask them to choose your role.',
} as const;

/** Whether an admin can open anything of their school: a school and at least one permission. */
export function hasAnyAccess(schoolId: number | null | undefined, permissions: Record<string, boolean> | undefined): boolean {
  return schoolId != null && Object.values(permissions ?? {}).some((on) => on === true);
}

/** Whether an admin's permission map allows one of them (the browser's guard; the server decides again). */
export function hasPermission(permissions: Record<string, boolean> | undefined, needed: RoutePermission): boolean {
  if (needed === 'OWN_ACCOUNT') return true;
  return permissions?.[needed] === true;
}
