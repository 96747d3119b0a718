import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, as, type TestApp, WANT_TOKEN } from '../../helpers/app';
import { createSession } from '@core/auth/sessions';
import { hashPassword } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';

describe(`super-admin sign-in (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('signs in with the first super admin and returns a token and the user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/super-admin/login', headers: WANT_TOKEN, payload: SUPER_ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.user).toMatchObject({ email: SUPER_ADMIN.email, role: 'SUPER_ADMIN' });
    expect(body.data.user.passwordHash).toBeUndefined();
  });

  it('stores only a hash of the token', async () => {
    const token = await loginSuperAdmin(t.app);
    const rows = await t.app.db.selectFrom('sessions').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('rejects a wrong password and an unknown email with the same message', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      headers: WANT_TOKEN,
      payload: { ...SUPER_ADMIN, password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      headers: WANT_TOKEN,
      payload: { email: 'who@x.test', password: 'whatever1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: 'Invalid email or password' });
    expect(unknown.json().message).toBe('Invalid email or password');
  });

  it('answers missing fields and malformed JSON with 400 and field messages', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/super-admin/login', headers: WANT_TOKEN, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      headers: { ...WANT_TOKEN, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
  });

  it('requires a session on every super-admin route: none or unknown → 401', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/super-admin/profile' });
    expect(none.statusCode).toBe(401);
    const unknown = await as('not-a-real-token')(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    expect(unknown.statusCode).toBe(401);
  });

  it('answers an ADMIN or STUDENT session with 403', async () => {
    const now = nowIso();
    const admin = await t.app.db
      .insertInto('admins')
      .values({
        email: 'admin@school.test',
        passwordHash: await hashPassword('whatever123', 1024),
        firstName: 'Ada',
        lastName: 'Admin',
        employeeId: 'E-1',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(t.app.db, 'ADMIN', admin.id);
    const res = await as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    expect(res.statusCode).toBe(403);
  });

  it('rejects an expired session', async () => {
    const { token, sessionId } = await createSession(t.app.db, 'SUPER_ADMIN', 1);
    await t.app.db.updateTable('sessions').set({ expiresAt: '2000-01-01T00:00:00.000Z' }).where('id', '=', sessionId).execute();
    const res = await as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the session and is written to the system log', async () => {
    const before = await newestLogId();
    const token = await loginSuperAdmin(t.app);
    expect((await as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' })).statusCode).toBe(200);
    const out = await as(token)(t.app, { method: 'POST', url: '/api/super-admin/logout' });
    expect(out.statusCode).toBe(200);
    expect((await as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' })).statusCode).toBe(401);
    expect(await actionsSince(before)).toEqual(['LOGIN', 'LOGOUT']);
  });

  it('writes a failed sign-in to the system log with the email tried, never the password', async () => {
    const before = await newestLogId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      headers: WANT_TOKEN,
      payload: { email: SUPER_ADMIN.email, password: 'Wrong-Guess-77' },
    });
    expect(res.statusCode).toBe(401);
    const rows = await t.app.db.selectFrom('systemLogs').selectAll().where('id', '>', before).execute();
    expect(rows.map((r) => r.action)).toEqual(['LOGIN_FAILED']);
    expect(JSON.parse(rows[0]!.details ?? '{}')).toEqual({ email: SUPER_ADMIN.email });
    expect(JSON.stringify(rows)).not.toContain('Wrong-Guess-77');
  });

  /** Each test reads only the log entries it caused, so the tests pass in any order or alone. */
  async function newestLogId(): Promise<number> {
    const row = await t.app.db
      .selectFrom('systemLogs')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }
  async function actionsSince(id: number): Promise<string[]> {
    const rows = await t.app.db.selectFrom('systemLogs').select('action').where('id', '>', id).orderBy('id').execute();
    return rows.map((r) => r.action);
  }
});

describe(`sign-in rate limits (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { loginPerMinute: 100, loginPerEmailPer15Min: 3, publicFormsPerMinute: 5 } });
  });
  afterAll(async () => t.close());

  it('limits attempts per email with 429 and a clear message', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/super-admin/login',
        headers: WANT_TOKEN,
        payload: { email: 'victim@x.test', password: 'guess-guess' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
  });

  it('does not let strangers lock the owner out: 50 wrong passwords from other addresses, then the owner signs in from theirs', async () => {
    const owner = { remoteAddress: '198.51.100.7' };
    const login = (payload: object, from: { remoteAddress: string }) =>
      t.app.inject({ method: 'POST', url: '/api/super-admin/login', headers: WANT_TOKEN, payload, ...from });
    expect((await login(SUPER_ADMIN, owner)).statusCode).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await login({ email: SUPER_ADMIN.email, password: `guess-${i}` }, { remoteAddress: `203.0.113.${i % 10}` });
      statuses.push(res.statusCode);
    }
    // Each attacking address gets its 3 guesses, then only a slowed-down attempt now and then.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(46);

    const ownerAgain = await login(SUPER_ADMIN, owner);
    expect(ownerAgain.statusCode, ownerAgain.body).toBe(200);
  });

  it('refuses an address after its wrong passwords for an account, but not the same address for another account', async () => {
    const from = { remoteAddress: '192.0.2.55' };
    const login = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/super-admin/login', headers: WANT_TOKEN, payload, ...from });
    for (let i = 0; i < 3; i++) expect((await login({ email: 'target@x.test', password: 'wrong-wrong' })).statusCode).toBe(401);
    const blocked = await login({ email: 'target@x.test', password: 'wrong-wrong' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many sign-in attempts for this account. Please try again in 15 minutes.');
    expect((await login({ email: 'other@x.test', password: 'wrong-wrong' })).statusCode).toBe(401);
  });

  it('slows an account down for new addresses once it draws many failures, and a valid password after the wait gets in', async () => {
    const t3 = await createTestApp({
      rateLimits: { loginPerMinute: 1000, loginPerEmailPer15Min: 3, publicFormsPerMinute: 5 },
      loginSlowdownMs: 300,
    });
    try {
      const login = (password: string, remoteAddress: string) =>
        t3.app.inject({
          method: 'POST',
          url: '/api/super-admin/login',
          headers: WANT_TOKEN,
          payload: { ...SUPER_ADMIN, password },
          remoteAddress,
        });
      for (let i = 0; i < 3; i++) expect((await login('wrong-wrong', `203.0.113.${i}`)).statusCode).toBe(401);
      const newDevice = await login(SUPER_ADMIN.password, '198.51.100.99');
      expect(newDevice.statusCode).toBe(429);
      expect(newDevice.json().message).toMatch(
        /^Too many failed sign-ins for this account\. Please wait \d seconds? and try again\.$/,
      );
      // The slowdown's 300 ms pass on a fake clock (the sign-in limits' counters read Date).
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 350 });
      expect((await login(SUPER_ADMIN.password, '198.51.100.99')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
      await t3.close();
    }
  });

  it('wrong current passwords in Change Password count against the account: new addresses are slowed down', async () => {
    const t3 = await createTestApp({
      rateLimits: { loginPerMinute: 1000, loginPerEmailPer15Min: 3, publicFormsPerMinute: 5 },
      loginSlowdownMs: 60_000,
    });
    try {
      const signIn = await t3.app.inject({
        method: 'POST',
        url: '/api/super-admin/login',
        headers: WANT_TOKEN,
        payload: SUPER_ADMIN,
        remoteAddress: '203.0.113.50',
      });
      const token = signIn.json().data.token as string;
      for (let i = 0; i < 3; i++) {
        const res = await t3.app.inject({
          method: 'POST',
          url: '/api/super-admin/change-password',
          remoteAddress: '203.0.113.50',
          headers: { authorization: `Bearer ${token}` },
          payload: { currentPassword: `Wrong-${i}-password`, newPassword: 'Another-Secret-9876' },
        });
        expect(res.statusCode).toBe(400);
      }
      const newAddress = await t3.app.inject({
        method: 'POST',
        url: '/api/super-admin/login',
        payload: SUPER_ADMIN,
        remoteAddress: '198.51.100.98',
      });
      expect(newAddress.statusCode).toBe(429);
      expect(newAddress.json().message).toMatch(/^Too many failed sign-ins for this account\. Please wait/);
    } finally {
      await t3.close();
    }
  });

  it('limits attempts per IP', async () => {
    const t2 = await createTestApp({ rateLimits: { loginPerMinute: 2, loginPerEmailPer15Min: 100, publicFormsPerMinute: 5 } });
    try {
      const attempt = (i: number) =>
        t2.app.inject({
          method: 'POST',
          url: '/api/super-admin/login',
          headers: WANT_TOKEN,
          payload: { email: `x${i}@x.test`, password: 'guess-guess' },
        });
      expect((await attempt(1)).statusCode).toBe(401);
      expect((await attempt(2)).statusCode).toBe(401);
      const blocked = await attempt(3);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Too many requests/);
    } finally {
      await t2.close();
    }
  });
});
