import { atom } from 'nanostores';
import { deleteAdmin, fetchAdmins, registerAdmin, updateAdmin, updateAdminPermissions } from './api';
import { fetchPermissions } from './permissions-api';
import { fetchSchools } from '@features/schools';
import { toApiError } from '@kit/http';
import { actionFailure, sentFields, type ActionResult } from '@kit/form/action';
import { chosenFileError, IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@domain/files';
import { ADMIN_PERMISSIONS } from '@domain/admins/console';
import {
  adminFormRequired,
  adminFormSchema,
  ADMIN_ROLES,
  checkAdmin,
  DEFAULT_ADMIN_ROLE,
  matchingRole,
  rolePermissions,
  SUCCESS_MESSAGES,
  type Admin,
  type AdminCheck,
  type Permission,
} from '@domain/admins';

export type { ActionResult };

/** A chosen picture's problem before upload (the server checks the content again). */
export const adminPictureError = (file: File) => chosenFileError(file, IMAGE_MIME_TYPES, IMAGE_MAX_BYTES, 'Profile picture');

export interface AdminsState {
  /** null before the first load */
  admins: Admin[] | null;
  loading: boolean;
  error: string | null;
}

/** The loaded admins (Admin Management); filtering happens in the browser (filterAdmins). */
export const $admins = atom<AdminsState>({ admins: null, loading: false, error: null });

/** The permission catalogue, for the checkboxes of the Admin Profile modal. */
export const $permissionCatalogue = atom<{ permissions: Permission[] | null; error: string | null }>({
  permissions: null,
  error: null,
});

export async function loadAdmins(): Promise<void> {
  $admins.set({ ...$admins.get(), loading: true, error: null });
  try {
    $admins.set({ admins: await fetchAdmins(), loading: false, error: null });
  } catch (err) {
    $admins.set({ ...$admins.get(), loading: false, error: (await toApiError(err, 'Failed to fetch admins')).message });
  }
}

export async function loadPermissionCatalogue(): Promise<void> {
  try {
    $permissionCatalogue.set({ permissions: (await fetchPermissions()).permissions, error: null });
  } catch (err) {
    $permissionCatalogue.set({
      ...$permissionCatalogue.get(),
      error: (await toApiError(err, 'Failed to fetch permissions')).message,
    });
  }
}

export interface SchoolChoice {
  id: number;
  name: string;
  acronym: string;
}

/** The schools an admin can be assigned to (the School select of the forms). */
export const $schoolChoices = atom<{ schools: SchoolChoice[] | null; error: string | null }>({ schools: null, error: null });

export async function loadSchoolChoices(): Promise<void> {
  try {
    const schools = (await fetchSchools()).map(({ id, name, acronym }) => ({ id, name, acronym }));
    $schoolChoices.set({ schools, error: null });
  } catch (err) {
    $schoolChoices.set({
      schools: $schoolChoices.get().schools,
      error: (await toApiError(err, 'Failed to fetch schools')).message,
    });
  }
}

/** The values of the admin form (Add New Admin and Edit Admin ask the same things), as the inputs hold them. */
export interface AdminForm {
  email: string;
  /** create: the first password; edit: a new one ('' keeps the current password) */
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  employeeId: string;
  department: string;
  position: string;
  /** '' = none chosen yet */
  schoolId: string;
  /** every catalogue permission → on/off; a new admin starts from DEFAULT_ADMIN_ROLE's */
  permissions: Record<string, boolean>;
}

/** A new admin's form (from the default role, over the catalogue's names) or an admin's values for editing. */
export function adminForm(admin?: Admin, names: readonly string[] = ADMIN_PERMISSIONS): AdminForm {
  return {
    email: admin?.email ?? '',
    password: '',
    firstName: admin?.firstName ?? '',
    lastName: admin?.lastName ?? '',
    phoneNumber: admin?.phoneNumber ?? '',
    employeeId: admin?.employeeId ?? '',
    department: admin?.department ?? '',
    position: admin ? (admin.position ?? '') : ADMIN_ROLES[DEFAULT_ADMIN_ROLE].label,
    schoolId: admin?.schoolId != null ? String(admin.schoolId) : '',
    permissions: admin
      ? Object.fromEntries(names.map((n) => [n, admin.permissions[n] === true]))
      : rolePermissions(DEFAULT_ADMIN_ROLE, names),
  };
}

/** The form's check plus the picture's: the value to send, or what to show (banner message and field errors). */
function checkForm<T>(
  checked: AdminCheck<T>,
  picture: File | null,
): { ok: true; value: T } | { ok: false; result: ActionResult } {
  const fileError = picture ? adminPictureError(picture) : null;
  if (checked.ok && !fileError) return checked;
  const errors = { ...(checked.ok ? {} : checked.errors), ...(fileError ? { profilePicture: fileError } : {}) };
  return { ok: false, result: { ok: false, message: checked.ok ? null : checked.message, errors } };
}

const samePermissions = (a: Record<string, boolean>, b: Record<string, boolean>) =>
  Object.keys({ ...a, ...b }).every((k) => (a[k] ?? false) === (b[k] ?? false));

/**
 * Saves the admin form: one schema for both (adminFormSchema). A new admin is registered with its permissions (and
 * its role when they are exactly one's, for the log); an edit saves the details (the email is read-only, an empty
 * password keeps the current one), then the permissions when they changed.
 */
export async function saveAdmin(admin: Admin | null, form: AdminForm, picture: File | null): Promise<ActionResult> {
  const isNew = admin === null;
  const checked = checkForm(checkAdmin(adminFormSchema, { ...form, isNew }, adminFormRequired(isNew)), picture);
  if (!checked.ok) return checked.result;
  const { isNew: _new, password, permissions, ...details } = checked.value;
  if (isNew) {
    try {
      const role = matchingRole(permissions) ?? undefined;
      const res = await registerAdmin(sentFields({ ...details, password, permissions, role }), picture);
      void loadAdmins();
      return { ok: true, message: res.message ?? SUCCESS_MESSAGES.created, data: undefined };
    } catch (err) {
      return actionFailure(err, 'Registration failed. Please try again.');
    }
  }
  try {
    // The email is read-only: checked on the form, never sent.
    await updateAdmin(admin.id, sentFields({ ...details, email: undefined, newPassword: password || undefined }, admin), picture);
  } catch (err) {
    return actionFailure(err, 'Failed to update admin');
  }
  if (!samePermissions(admin.permissions, permissions)) {
    try {
      await updateAdminPermissions(admin.id, permissions);
    } catch (err) {
      return actionFailure(err, 'Failed to update admin permissions');
    }
  }
  void loadAdmins();
  return { ok: true, message: SUCCESS_MESSAGES.updated, data: undefined };
}

/** Delete (after the confirmation): deactivates the admin and signs it out; the list reloads. */
export async function deactivateAdmin(admin: Admin): Promise<ActionResult> {
  try {
    const res = await deleteAdmin(admin.id);
    void loadAdmins();
    return { ok: true, message: res.message ?? SUCCESS_MESSAGES.deactivated, data: undefined };
  } catch (err) {
    return actionFailure(err, 'Failed to delete admin');
  }
}

/** Reactivate: a deactivated admin can sign in again (PATCH isActive:true); its sessions stay revoked. */
export async function reactivateAdmin(admin: Admin): Promise<ActionResult> {
  try {
    await updateAdmin(admin.id, { isActive: true });
    void loadAdmins();
    return { ok: true, message: SUCCESS_MESSAGES.reactivated, data: undefined };
  } catch (err) {
    return actionFailure(err, 'Failed to update admin');
  }
}
