import { ADMIN_PERMISSIONS, type AdminPermission } from './console';

/*
 * The roles a school admin starts from: each a named set of permissions. The Add/Edit Admin form picks one and
 * the permissions stay editable before saving; POST register-admin takes `role` too. A role is not stored: an
 * admin's permissions are (a role's set may change later without changing anyone's access).
 */

export const ADMIN_ROLE_IDS = ['REGISTRAR', 'CLASS_ADVISER', 'GUARD', 'PRINCIPAL'] as const;
export type AdminRoleId = (typeof ADMIN_ROLE_IDS)[number];

export interface AdminRole {
  id: AdminRoleId;
  label: string;
  description: string;
  permissions: readonly AdminPermission[];
}

export const ADMIN_ROLES: Record<AdminRoleId, AdminRole> = {
  REGISTRAR: {
    id: 'REGISTRAR',
    label: 'Registrar',
    description:
      "Enrols learners, keeps grades and sections, corrects attendance, files the DepEd forms, sets the school's class days and rolls the year over.",
    permissions: [
      'VIEW_STUDENTS',
      'MANAGE_STUDENTS',
      'ARCHIVE_STUDENTS',
      'VIEW_GRADES_SECTIONS',
      'MANAGE_GRADES_SECTIONS',
      'VIEW_ATTENDANCE',
      'MANAGE_ATTENDANCE',
      'VIEW_SMS_HISTORY',
      'VIEW_REPORTS',
      'MANAGE_SCHOOL_SETTINGS',
      'ROLL_OVER_SCHOOL_YEAR',
    ],
  },
  CLASS_ADVISER: {
    id: 'CLASS_ADVISER',
    label: 'Class adviser',
    description: "Follows their learners' attendance, excuses absences, messages parents and prints SF2.",
    permissions: [
      'VIEW_STUDENTS',
      'VIEW_GRADES_SECTIONS',
      'VIEW_ATTENDANCE',
      'MANAGE_ATTENDANCE',
      'VIEW_SMS_HISTORY',
      'SEND_SMS',
      'VIEW_REPORTS',
    ],
  },
  GUARD: {
    id: 'GUARD',
    label: 'Guard',
    description: 'Watches the gate: sees who came in and looks a learner up.',
    permissions: ['VIEW_STUDENTS', 'VIEW_ATTENDANCE'],
  },
  PRINCIPAL: {
    id: 'PRINCIPAL',
    label: 'Principal',
    description: 'Runs the school: every permission, the school profile, settings, devices and activity log included.',
    permissions: ADMIN_PERMISSIONS,
  },
};

/** The role a new admin starts from in the form. */
export const DEFAULT_ADMIN_ROLE: AdminRoleId = 'CLASS_ADVISER';

/** Every named permission on or off as the role has it (names outside the role: off). */
export function rolePermissions(role: AdminRoleId, names: readonly string[] = ADMIN_PERMISSIONS): Record<string, boolean> {
  const on = new Set<string>(ADMIN_ROLES[role].permissions);
  return Object.fromEntries(names.map((n) => [n, on.has(n)]));
}

/** The role whose set equals these permissions exactly, or null (edited: custom). */
export function matchingRole(permissions: Record<string, boolean>): AdminRoleId | null {
  const on = new Set(Object.keys(permissions).filter((n) => permissions[n] === true));
  return (
    ADMIN_ROLE_IDS.find((id) => {
      const set = ADMIN_ROLES[id].permissions;
      return set.length === on.size && set.every((p) => on.has(p));
    }) ?? null
  );
}
