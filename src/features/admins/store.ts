import { atom } from 'nanostores';
import { deleteAdmin, fetchAdmins, registerAdmin, updateAdmin, updateAdminPermissions } from './api';
import { fetchPermissions, syncPermissions } from './permissions-api';
import { fetchSchools } from '@features/schools';
import { toApiError } from '@kit/http';
import { actionFailure, sentFields, type ActionResult } from '@kit/form/action';
import { chosenFileError, IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@domain/files';
import {
  checkAdmin,
  CREATE_ADMIN_REQUIRED,
  createAdminSchema,
  EDIT_ADMIN_REQUIRED,
  editAdminFormSchema,
  PERMISSION_CATALOGUE,
  SUCCESS_MESSAGES,
  syncMessage,
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

/** The values of the Add New Admin and Edit Admin forms, as the inputs hold them. */
export interface AdminForm {
  email: string;
  /** create only */
  password: string;
  /** edit only: empty keeps the current password */
  newPassword: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  employeeId: string;
  department: string;
  position: string;
  /** '' = Not Assigned */
  schoolId: string;
}

/** An empty form (admin = undefined) or the values of an admin for editing. */
export function adminForm(admin?: Admin): AdminForm {
  return {
    email: admin?.email ?? '',
    password: '',
    newPassword: '',
    firstName: admin?.firstName ?? '',
    lastName: admin?.lastName ?? '',
    phoneNumber: admin?.phoneNumber ?? '',
    employeeId: admin?.employeeId ?? '',
    department: admin?.department ?? '',
    position: admin?.position ?? '',
    schoolId: admin?.schoolId != null ? String(admin.schoolId) : '',
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

/** Add New Admin: checked with the API's schema, then sent as multipart. */
export async function registerNewAdmin(form: AdminForm, picture: File | null): Promise<ActionResult> {
  const checked = checkForm(checkAdmin(createAdminSchema, { ...form }, CREATE_ADMIN_REQUIRED), picture);
  if (!checked.ok) return checked.result;
  try {
    const res = await registerAdmin(sentFields(checked.value), picture);
    void loadAdmins();
    return { ok: true, message: res.message ?? SUCCESS_MESSAGES.created, data: undefined };
  } catch (err) {
    return actionFailure(err, 'Registration failed. Please try again.');
  }
}

const samePermissions = (a: Record<string, boolean>, b: Record<string, boolean>) =>
  Object.keys({ ...a, ...b }).every((k) => (a[k] ?? false) === (b[k] ?? false));

/**
 * Edit Admin: the details (email read-only, so not sent; an empty new password keeps the
 * current one), then the permissions when they changed.
 */
export async function saveAdminChanges(
  admin: Admin,
  form: AdminForm,
  picture: File | null,
  permissions: Record<string, boolean>,
): Promise<ActionResult> {
  const checked = checkForm(checkAdmin(editAdminFormSchema, { ...form }, EDIT_ADMIN_REQUIRED), picture);
  if (!checked.ok) return checked.result;
  try {
    // The email is read-only: checked on the form, never sent.
    await updateAdmin(admin.id, sentFields({ ...checked.value, email: undefined }, admin), picture);
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

/** 'Sync Permissions': sends the console's catalogue; the message carries the three counts. */
export async function syncPermissionCatalogue(): Promise<ActionResult> {
  try {
    const result = await syncPermissions(PERMISSION_CATALOGUE);
    void loadPermissionCatalogue();
    void loadAdmins();
    return { ok: true, message: syncMessage(result), data: undefined };
  } catch (err) {
    return actionFailure(err, 'Failed to sync permissions');
  }
}
