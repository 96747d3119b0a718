import { atom } from 'nanostores';
import { request } from '@kit/http';
import { $consoleAccess } from '@kit/console/scope';
import type { Admin } from '@domain/admins';

/** The signed-in school admin (GET /api/admin/me): their school and CURRENT permissions. */
export const $adminAccount = atom<{ admin: Admin | null; error: string | null }>({ admin: null, error: null });

export const fetchAdminAccount = () => request<Admin>('Failed to fetch your account', (api) => api.get('admin/me'));

/** Reads the account and hands the console its access (nav, guards, buttons); the server decides every call again. */
export async function loadAdminAccount(): Promise<Admin | null> {
  try {
    const admin = await fetchAdminAccount();
    $adminAccount.set({ admin, error: null });
    $consoleAccess.set({
      kind: 'admin',
      schoolId: admin.schoolId,
      schoolName: admin.school?.name ?? null,
      permissions: admin.permissions,
    });
    return admin;
  } catch (err) {
    $adminAccount.set({ admin: null, error: err instanceof Error ? err.message : 'Failed to fetch your account' });
    return null;
  }
}
