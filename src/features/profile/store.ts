import { atom } from 'nanostores';
import { fetchProfile, updateProfile } from './api';
import type { Profile } from '@domain/auth';
import { changePassword } from '@features/auth';
import { toApiError } from '@kit/http';
import { actionFailure as failure, invalid, type ActionResult } from '@kit/form/action';
import { validate } from '@domain/validation';
import { changePasswordFormSchema, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, profileSchema } from '@domain/auth';

export interface ProfileState {
  profile: Profile | null;
  loading: boolean;
  error: string | null;
}

/** The signed-in super admin's own profile. */
export const $profile = atom<ProfileState>({ profile: null, loading: false, error: null });

export interface ProfileForm {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export async function loadProfile(): Promise<void> {
  $profile.set({ ...$profile.get(), loading: true, error: null });
  try {
    $profile.set({ profile: await fetchProfile(), loading: false, error: null });
  } catch (err) {
    $profile.set({ ...$profile.get(), loading: false, error: (await toApiError(err, 'Failed to fetch profile')).message });
  }
}

/** The form's values for a profile (Cancel restores exactly these). */
export function profileForm(profile: Profile | null): ProfileForm {
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    email: profile?.email ?? '',
    phoneNumber: profile?.phoneNumber ?? '',
  };
}

/** Client-side check of a chosen picture, so a wrong file is refused before anything is sent. */
export function pictureError(file: File | null | undefined): string | null {
  if (!file) return null;
  if (!PROFILE_PICTURE_TYPES.includes(file.type)) return 'Please choose a JPG, PNG, GIF or WebP image';
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return 'The picture must be 2MB or smaller';
  return null;
}

/** Profile: validated with the shared schema; fields are sent only when non-empty. */
export async function saveProfile(form: ProfileForm, picture: File | null): Promise<ActionResult> {
  const checked = validate(profileSchema, form);
  const fileError = pictureError(picture);
  if (!checked.ok || fileError) {
    const errors = { ...(checked.ok ? {} : checked.errors), ...(fileError ? { profilePicture: fileError } : {}) };
    return invalid(errors);
  }
  const fields = Object.fromEntries(Object.entries(checked.value).filter(([, v]) => typeof v === 'string' && v !== ''));
  try {
    const profile = await updateProfile(fields, picture);
    $profile.set({ profile, loading: false, error: null });
    return { ok: true, message: 'Profile updated successfully', data: undefined };
  } catch (err) {
    return failure(err, 'Failed to update profile');
  }
}

/** Change password; the server keeps this session and signs every other one out. */
export async function changeOwnPassword(form: PasswordForm): Promise<ActionResult> {
  const checked = validate(changePasswordFormSchema, form);
  if (!checked.ok) return invalid(checked.errors);
  try {
    const res = await changePassword(checked.value.currentPassword, checked.value.newPassword);
    return { ok: true, message: res.message ?? 'Password changed successfully', data: undefined };
  } catch (err) {
    return failure(err, 'Failed to change password');
  }
}
