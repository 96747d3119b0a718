import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { browserSignIn, E2E_BASE_URL } from './helpers';

/*
 * School admins for e2e specs: one registered by the super admin with exactly some permissions, and
 * their session as the /login page leaves it (the server-set ADMIN_TOKEN and ADMIN_CSRF cookies).
 */
export const ADMIN_PASSWORD = 'Registrar-Gate-2024';
let seq = 0;

export async function createAdmin(request: APIRequestContext, root: string, schoolId: number, permissions: string[]) {
  seq += 1;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}${seq}`;
  const email = `registrar.${tag}@school.test`;
  const headers = { Authorization: `Bearer ${root}` };
  const created = await request.post(`${E2E_BASE_URL}/api/super-admin/register-admin`, {
    headers,
    data: { email, password: ADMIN_PASSWORD, firstName: 'Rosa', lastName: `Registrar${seq}`, employeeId: `REG-${tag}`, schoolId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as number;
  const granted = await request.patch(`${E2E_BASE_URL}/api/super-admin/admins/${id}/permissions`, {
    headers,
    data: { permissions: Object.fromEntries(permissions.map((p) => [p, true])) },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  return email;
}

export async function signInAdmin(_request: APIRequestContext, context: BrowserContext, email: string) {
  await browserSignIn(context, '/api/admin/login', { email, password: ADMIN_PASSWORD });
}
