import { z } from 'zod';
import { booleanField, clearableText, emailField, MAX_ID, requiredText, typeError, validate } from '../validation';
import { PASSWORD_MIN } from '../auth';
import { PERMISSION_LABELS, type AdminPermission } from './console';
import { ADMIN_ROLE_IDS, ADMIN_ROLES } from './roles';

export * from './roles';

/*
 * Admin accounts and their permissions (Admin Management, the admin and permission records, creating and
 * editing an admin). One schema per payload; the console forms and the API use the same ones.
 */

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const PASSWORD_LENGTH_MESSAGE = 'Password must be at least 8 characters long';
export const SCHOOL_INVALID_MESSAGE = 'Please select a valid school';

/** An admin, as the API returns it (never the password). */
export const adminSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  employeeId: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  /** every catalogue permission → on/off */
  permissions: z.record(z.string(), z.boolean()),
  profilePictureUrl: z.string().nullable(),
  schoolId: z.number().nullable(),
  school: z.object({ name: z.string(), acronym: z.string() }).nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;

/** GET /api/super-admin/admins: `?includeInactive=true` adds deactivated admins. */
export const adminListQuerySchema = z.object({ includeInactive: z.string().optional() });
export const adminListSchema = z.object({ admins: z.array(adminSchema) });
export type AdminList = z.infer<typeof adminListSchema>;

/** A permission of the catalogue. */
export const permissionSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

export const permissionCatalogueSchema = z.object({
  permissions: z.array(permissionSchema),
  groupedByCategory: z.record(z.string(), z.array(permissionSchema)),
});
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;

export const syncResultSchema = z.object({ created: z.number(), updated: z.number(), unchanged: z.number() });
export type SyncResult = z.infer<typeof syncResultSchema>;

/** A school id from a select ('' = none) or JSON; absent → undefined, none → null. */
const schoolIdField = z.preprocess(
  (v) => (v === '' || v === null ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: SCHOOL_INVALID_MESSAGE })
    .int(SCHOOL_INVALID_MESSAGE)
    .positive(SCHOOL_INVALID_MESSAGE)
    .max(MAX_ID, SCHOOL_INVALID_MESSAGE)
    .nullish(),
);

/** UPPER_SNAKE_CASE, e.g. VIEW_STUDENTS. */
export const PERMISSION_NAME_PATTERN = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const PERMISSION_NAME_MESSAGE = 'Permission names must be UPPER_SNAKE_CASE (e.g. VIEW_STUDENTS)';

export const permissionsMapSchema = z.record(
  z.string().max(100, PERMISSION_NAME_MESSAGE).regex(PERMISSION_NAME_PATTERN, PERMISSION_NAME_MESSAGE),
  z.boolean({ error: 'Permission values must be true or false' }),
  typeError('Permissions are required', 'Permissions must be a map of permission name to true or false'),
);

/** PATCH /api/super-admin/admins/{id}/permissions */
export const updatePermissionsSchema = z.object({ permissions: permissionsMapSchema });

const nameFields = {
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  employeeId: requiredText('Employee ID is required', 50),
};
const optionalFields = {
  phoneNumber: clearableText(30),
  department: clearableText(100),
  position: clearableText(100),
};

/** POST /api/super-admin/register-admin (the `data` part) and the Add New Admin form. */
export const createAdminSchema = z.object({
  email: emailField('Email is required'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(PASSWORD_MIN, PASSWORD_LENGTH_MESSAGE)
    .max(200, 'Password must be 200 characters or less'),
  ...nameFields,
  ...optionalFields,
  schoolId: schoolIdField,
  /** A role's permissions (roles.ts); `permissions` given too are applied over them. */
  role: z
    .enum(ADMIN_ROLE_IDS, { error: `Role must be one of ${ADMIN_ROLE_IDS.join(', ')}` })
    .optional()
    .meta({ description: ADMIN_ROLE_IDS.map((id) => `${id}: ${ADMIN_ROLES[id].permissions.join(', ')}`).join('; ') }),
  permissions: permissionsMapSchema.optional(),
});
export type CreateAdminInput = z.infer<typeof createAdminSchema>;
export const CREATE_ADMIN_REQUIRED = ['email', 'password', 'firstName', 'lastName', 'employeeId'] as const;

/** An empty new password keeps the current one. */
const newPasswordField = z
  .string({ error: PASSWORD_LENGTH_MESSAGE })
  .max(200, 'Password must be 200 characters or less')
  .refine((v) => v === '' || v.length >= PASSWORD_MIN, PASSWORD_LENGTH_MESSAGE)
  .nullish()
  .transform((v) => v || undefined);

/**
 * PATCH /api/super-admin/admins/{id}: every field optional (only what is sent changes). The email is
 * read-only: it may be sent, but must equal the current one. isActive reactivates a deactivated admin.
 */
export const updateAdminSchema = z.object({
  email: emailField('Email is required').optional(),
  firstName: nameFields.firstName.optional(),
  lastName: nameFields.lastName.optional(),
  employeeId: nameFields.employeeId.optional(),
  ...optionalFields,
  schoolId: schoolIdField,
  newPassword: newPasswordField,
  isActive: booleanField('isActive must be true or false').optional(),
});
export type UpdateAdminInput = z.infer<typeof updateAdminSchema>;
/** A create or edit body as the console sends it (each schema reads the fields it knows). */
export type AdminPayload = Partial<z.input<typeof createAdminSchema> & z.input<typeof updateAdminSchema>>;
export const UPDATE_ADMIN_REQUIRED = ['email', 'firstName', 'lastName', 'employeeId'] as const;

export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';
export const SCHOOL_REQUIRED_MESSAGE = 'School is required';

/**
 * The Add New Admin and Edit Admin form: one schema, the same questions and rules. A school admin works for a
 * school, so the school is required in both (the API still takes an admin without one). `isNew` decides the
 * password only: required to create; on edit a blank one keeps the current password.
 */
export const adminFormSchema = z
  .object({
    isNew: z.boolean(),
    email: emailField('Email is required'),
    password: z.string().max(200, 'Password must be 200 characters or less'),
    ...nameFields,
    ...optionalFields,
    schoolId: z.preprocess((v) => (v == null ? '' : v), schoolIdField).refine((v) => v != null, SCHOOL_REQUIRED_MESSAGE),
    permissions: permissionsMapSchema,
  })
  .superRefine((v, ctx) => {
    if (v.isNew && v.password === '') ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_REQUIRED_MESSAGE });
    else if (v.password !== '' && v.password.length < PASSWORD_MIN)
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_LENGTH_MESSAGE });
  });
export type AdminFormOutput = z.output<typeof adminFormSchema>;
/** The form's required fields (the password on create only). */
export const adminFormRequired = (isNew: boolean): readonly string[] => [
  ...UPDATE_ADMIN_REQUIRED,
  'schoolId',
  ...(isNew ? ['password'] : []),
];

const isBlank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/** The alert when a required field is blank (undefined when none is); the API's 400 message too. */
export const requiredFieldsMessage = (input: Record<string, unknown>, required: readonly string[]): string | undefined =>
  required.some((k) => isBlank(input[k])) ? REQUIRED_FIELDS_MESSAGE : undefined;

export type AdminCheck<T> = { ok: true; value: T } | { ok: false; message: string; errors: Record<string, string> };

/**
 * Validates an admin payload. The top message is 'Please fill in all required fields' when a required
 * field is blank, else the first field message; `errors` has every field's message.
 */
export function checkAdmin<S extends z.ZodType>(
  schema: S,
  input: Record<string, unknown>,
  required: readonly string[],
): AdminCheck<z.output<S>> {
  const r = validate(schema, input);
  if (r.ok) return r;
  return {
    ok: false,
    errors: r.errors,
    message: requiredFieldsMessage(input, required) ?? Object.values(r.errors)[0] ?? 'Invalid input',
  };
}

/** One permission definition of POST /api/super-admin/permissions/sync. */
export const permissionDefinitionSchema = z.object({
  name: z
    .string({ error: 'Permission name is required' })
    .trim()
    .min(1, 'Permission name is required')
    .max(100, 'Permission name must be 100 characters or less')
    .regex(PERMISSION_NAME_PATTERN, PERMISSION_NAME_MESSAGE),
  description: requiredText('Permission description is required', 300),
  category: requiredText('Permission category is required', 100),
});
export type PermissionDefinition = z.infer<typeof permissionDefinitionSchema>;

export const syncPermissionsSchema = z.object({
  additionalPermissions: z
    .array(
      permissionDefinitionSchema,
      typeError('additionalPermissions is required', 'additionalPermissions must be a list of permissions'),
    )
    .max(500, 'At most 500 permissions can be synced at once')
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((p, i) => {
        if (seen.has(p.name))
          ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Permission ${p.name} is listed twice` });
        seen.add(p.name);
      });
    }),
});

/**
 * What a school admin can be allowed to do. Migrations 0002 and 0038 seed the same list (migrations keep their
 * own copy); POST /api/super-admin/permissions/sync takes it for a database that must catch up by hand.
 */
export const PERMISSION_CATALOGUE: PermissionDefinition[] = [
  { name: 'VIEW_STUDENTS', category: 'Students', description: 'View the students of the school' },
  { name: 'MANAGE_STUDENTS', category: 'Students', description: 'Register and edit students' },
  { name: 'ARCHIVE_STUDENTS', category: 'Students', description: 'Archive and restore students' },
  { name: 'VIEW_GRADES_SECTIONS', category: 'Grades and Sections', description: 'View grades and sections' },
  { name: 'MANAGE_GRADES_SECTIONS', category: 'Grades and Sections', description: 'Create and edit grades and sections' },
  { name: 'VIEW_ATTENDANCE', category: 'Attendance', description: 'View attendance records and live taps' },
  { name: 'MANAGE_ATTENDANCE', category: 'Attendance', description: 'Correct attendance records (e.g. mark excused)' },
  { name: 'VIEW_SMS_HISTORY', category: 'Notifications', description: 'View SMS and Messenger notification history' },
  { name: 'SEND_SMS', category: 'Notifications', description: 'Send custom SMS messages to parents' },
  { name: 'MANAGE_SMS_DEVICES', category: 'Devices', description: 'Add, edit and test the school SMS devices' },
  {
    name: 'MANAGE_RFID_READERS',
    category: 'Devices',
    description: 'Register and manage RFID readers; a reader’s token records attendance for the school',
  },
  { name: 'MANAGE_FACEBOOK_PAGES', category: 'Devices', description: 'Manage the school Facebook page' },
  { name: 'VIEW_REPORTS', category: 'Reports', description: 'View and export attendance and notification reports' },
  { name: 'VIEW_SYSTEM_LOGS', category: 'Reports', description: 'View the activity log of the school' },
  { name: 'MANAGE_SCHOOL_PROFILE', category: 'School', description: 'Edit the school profile and logo' },
  {
    name: 'MANAGE_SCHOOL_SETTINGS',
    category: 'School',
    description: "Set the school's class days, late and absence cutoffs, DepEd School ID and school head",
  },
  {
    name: 'ROLL_OVER_SCHOOL_YEAR',
    category: 'School',
    description: 'Roll the school year over (move learners up a grade, archive completers) and undo it within 7 days',
  },
];

/** Words shown in capitals, not as 'Rfid'/'Sms'. */
const ACRONYMS = new Set(['RFID', 'SMS', 'ID', 'LRN', 'API', 'CSV']);

/**
 * A permission in words: 'MANAGE_GRADES_SECTIONS' → 'Manage grades and sections' (PERMISSION_LABELS); a name
 * added by a sync and not known here reads as its words ('VIEW_BUS_ROUTES' → 'View bus routes').
 */
export function permissionLabel(name: string): string {
  const known = (PERMISSION_LABELS as Record<string, string | undefined>)[name as AdminPermission];
  if (known) return known;
  const words = name
    .split('_')
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toUpperCase()) ? w.toUpperCase() : w.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The list summary: 'Disabled' when none is on, 'All' when every one is, else the enabled labels. */
export function permissionSummary(permissions: Record<string, boolean>): string {
  const names = Object.keys(permissions);
  const on = names.filter((n) => permissions[n]);
  if (on.length === 0) return 'Disabled';
  if (on.length === names.length) return 'All';
  return on.map(permissionLabel).join(', ');
}

/** True when every named permission is on (the 'All' checkbox). */
export function allPermissionsOn(permissions: Record<string, boolean>, names: string[]): boolean {
  return names.length > 0 && names.every((n) => permissions[n] === true);
}

/** Every named permission set to one value (the 'All' toggle). */
export function setAllPermissions(names: string[], on: boolean): Record<string, boolean> {
  return Object.fromEntries(names.map((n) => [n, on]));
}

export const adminFullName = (a: Pick<Admin, 'firstName' | 'lastName'>) => `${a.firstName} ${a.lastName}`.trim();

export const SUCCESS_MESSAGES = {
  created: 'Admin registered successfully',
  updated: 'Admin updated successfully',
  deactivated: 'Admin deactivated successfully',
  reactivated: 'Admin reactivated successfully',
  permissions: 'Admin permissions updated successfully',
} as const;

/** The alert after a sync ('Permissions synced successfully! Created/Updated/Unchanged'). */
export const syncMessage = (r: SyncResult) =>
  `Permissions synced successfully! Created: ${r.created}, Updated: ${r.updated}, Unchanged: ${r.unchanged}`;

/** Admin Management filters; '' means any. */
export interface AdminFilters {
  search: string;
  school: string;
  department: string;
  position: string;
  /** '' = active admins (the spec's list), 'deactivated' = only deactivated ones (to reactivate), 'all'. */
  status: string;
}
export const EMPTY_ADMIN_FILTERS: AdminFilters = { search: '', school: '', department: '', position: '', status: '' };
export const ADMIN_STATUS_CHOICES = [
  { value: 'deactivated', label: 'Deactivated' },
  { value: 'all', label: 'Active and deactivated' },
];

const statusMatches = (a: Admin, status: string) =>
  status === 'all' ? true : status === 'deactivated' ? !a.isActive : a.isActive;

/** Free text over first name, last name, email, employee id; exact school acronym, department, position; status. */
export function filterAdmins(admins: Admin[], f: AdminFilters): Admin[] {
  const q = f.search.trim().toLowerCase();
  return admins.filter(
    (a) =>
      statusMatches(a, f.status) &&
      (!q || [a.firstName, a.lastName, a.email, a.employeeId].some((v) => v.toLowerCase().includes(q))) &&
      (!f.school || a.school?.acronym === f.school) &&
      (!f.department || a.department === f.department) &&
      (!f.position || a.position === f.position),
  );
}

const distinct = (values: Array<string | null | undefined>) =>
  [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b));

/** Filter choices built from the loaded admins. */
export function adminFilterChoices(admins: Admin[]) {
  return {
    schools: distinct(admins.map((a) => a.school?.acronym)),
    departments: distinct(admins.map((a) => a.department)),
    positions: distinct(admins.map((a) => a.position)),
  };
}

export const hasActiveFilters = (f: AdminFilters) => Object.values(f).some((v) => v.trim() !== '');

/**
 * GET /api/admin/access-help: who can give the signed-in admin permissions and a school. The code's rule is that
 * only a super admin can (Admin Management); their names and e-mail addresses, to ask them.
 */
export const accessHelpSchema = z.object({
  grantedBy: z.literal('SUPER_ADMIN'),
  superAdmins: z.array(z.object({ name: z.string(), email: z.string() })),
});
export type AccessHelp = z.infer<typeof accessHelpSchema>;
