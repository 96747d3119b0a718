import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, type TestApp, WANT_TOKEN } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { hashPassword } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';

/*
 * POST /api/login: the one /login page's sign-in finds the account's role and signs in exactly that
 * one — one throttle count and one LOGIN_FAILED entry per refused attempt, the same message for every refusal.
 */

const PASSWORD = 'Gate-Keeper-2024!';
const LIMIT = 3;
let t: TestApp;
let schoolId: number;
let seq = 0;

async function account(table: 'admins' | 'students', extra: Record<string, unknown> = {}) {
  seq += 1;
  const email = `signin${seq}@school.test`;
  const now = nowIso();
  const passwordHash = await hashPassword(PASSWORD, t.config.scryptCost);
  const common = {
    email,
    passwordHash,
    firstName: 'Sign',
    lastName: `In${seq}`,
    schoolId,
    isActive: 1,
    createdAt: now,
    updatedAt: now,
  };
  if (table === 'admins') {
    await t.app.db
      .insertInto('admins')
      .values({ ...common, employeeId: `SI-${seq}`, permissions: '{}', ...extra })
      .execute();
    return { email };
  }
  const lrn = String(310000000000 + seq);
  await t.app.db
    .insertInto('students')
    .values({ ...common, lrn, parentPhone: '+639170000001', isArchived: 0, ...extra })
    .execute();
  return { email, lrn };
}

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: WANT_TOKEN,
    payload: { email, password },
    remoteAddress: '10.9.9.9',
  });
const failures = async () => (await logsOf(t.app, 'LOGIN_FAILED')).length;

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { loginPerMinute: 1_000_000, loginPerEmailPer15Min: LIMIT, publicFormsPerMinute: 1_000_000 },
  });
  schoolId = (await createSchool(t.app, await loginSuperAdmin(t.app), { name: 'Sign-in School' })).id;
});
afterAll(() => t.close());

describe(`POST /api/login (${dbKind})`, () => {
  it('signs each role in with its own token and names the role', async () => {
    const admin = await account('admins');
    const student = await account('students');
    const cases = [
      { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, role: 'SUPER_ADMIN', check: '/api/super-admin/profile' },
      { email: admin.email, password: PASSWORD, role: 'ADMIN', check: '/api/admin/me' },
      { email: student.email, password: PASSWORD, role: 'STUDENT', check: '/api/student/profile' },
      { email: student.lrn!, password: PASSWORD, role: 'STUDENT', check: '/api/student/profile' },
    ];
    for (const c of cases) {
      const res = await login(c.email, c.password);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.message).toBe('Signed in');
      expect(body.data.role).toBe(c.role);
      expect(body.data.user.role).toBe(c.role);
      const me = await as(body.data.token)(t.app, { method: 'GET', url: c.check });
      expect(me.statusCode, `${c.role} ${me.body}`).toBe(200);
    }
  });

  it('one wrong password is one LOGIN_FAILED entry, for every role and for an unknown account', async () => {
    const admin = await account('admins');
    const student = await account('students');
    for (const [email, entity] of [
      [admin.email, 'Admin'],
      [SUPER_ADMIN.email, 'SuperAdmin'],
      [student.email, 'Student'],
      [student.lrn!, 'Student'],
      ['nobody-here@school.test', 'Admin'],
    ] as const) {
      const before = await failures();
      const res = await login(email, 'Wrong-Password-1');
      expect(res.statusCode, email).toBe(401);
      expect(res.json().message).toBe('Invalid email or password');
      expect(await failures(), email).toBe(before + 1);
      expect((await logsOf(t.app, 'LOGIN_FAILED'))[0]!.entity).toBe(entity);
    }
  });

  it('a deactivated admin and an archived learner get the same refusal', async () => {
    const off = await account('admins', { isActive: 0 });
    const archived = await account('students', { isArchived: 1 });
    for (const email of [off.email, archived.email]) {
      const res = await login(email, PASSWORD);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email or password');
    }
  });

  it('counts one failure per attempt in the throttle, shared with the per-role route', async () => {
    const admin = await account('admins');
    for (let i = 0; i < LIMIT; i += 1) expect((await login(admin.email, `Wrong-${i}-pass`)).statusCode).toBe(401);
    const blocked = await login(admin.email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    const perRole = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: WANT_TOKEN,
      payload: { email: admin.email, password: PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    expect(perRole.statusCode).toBe(429);
    // Another account from the same address is not held back by it (the count was this account's alone).
    const other = await account('admins');
    expect((await login(other.email, PASSWORD)).statusCode).toBe(200);
  });

  it('answers bad input with the form messages and writes nothing', async () => {
    const before = await failures();
    const cases = [
      [{ password: 'x' }, 'Email is required'],
      [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email address'],
      [{ email: 'a@b.co' }, 'Password is required'],
    ] as const;
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', headers: WANT_TOKEN, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await failures()).toBe(before);
  });
});
