import type { FastifyInstance } from 'fastify';
import { hashPassword } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';
import { WANT_TOKEN } from './app';

let seq = 0;
export const ADMIN_TEST_PASSWORD = 'Registrar-Test-2024!';

/**
 * A school admin of `schoolId` with exactly these permissions (a direct row, hashed with the app's cost), signed
 * in through POST /api/admin/login; returns the id, email and token.
 */
export async function signedInAdmin(app: FastifyInstance, schoolId: number | null, permissions: readonly string[]) {
  seq += 1;
  const email = `registrar${seq}-${Date.now()}@school.test`;
  const now = nowIso();
  const row = await app.db
    .insertInto('admins')
    .values({
      email,
      passwordHash: await hashPassword(ADMIN_TEST_PASSWORD, app.config.scryptCost),
      firstName: 'Reg',
      lastName: `Istrar${seq}`,
      employeeId: `RT-${seq}-${Date.now() % 100000}`,
      schoolId,
      permissions: JSON.stringify(Object.fromEntries(permissions.map((p) => [p, true]))),
      isActive: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: WANT_TOKEN,
    payload: { email, password: ADMIN_TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return { id: row.id, email, token: res.json().data.token as string };
}
