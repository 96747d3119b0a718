import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { as, createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, WANT_TOKEN, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { createStudent } from '../../helpers/students';
import { signedInAdmin, ADMIN_TEST_PASSWORD } from '../../helpers/admins';
import { CSRF_COOKIES, CSRF_HEADER, ROLE_COOKIES, type Role } from '@domain/auth/roles';
import { CSRF_REFUSED } from '@core/auth/plugin';
import { loadConfig } from '@core/config';

/*
 * Browser sessions held by the server: HttpOnly role cookies set by the sign-in routes, a CSRF value for changes,
 * a bearer token only for a client that asks, and idle and absolute lifetimes read from the (test) clock.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STUDENT_PASSWORD = 'Mango-Lantern-58';

/** The browser's cookies after a reply (name → value), as a browser would keep them. */
function cookieJar(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(res.cookies.filter((c) => c.value !== '').map((c) => [c.name, c.value]));
}

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

describe(`sessions in server-set cookies (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let schoolId: number;
  let learner: { email: string; lrn: string; id: number };
  let admin: { email: string };

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { loginPerMinute: 1000, loginPerEmailPer15Min: 100, publicFormsPerMinute: 5 } });
    root = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, root)).id;
    learner = await createStudent(t.app, root, schoolId);
    admin = await signedInAdmin(t.app, schoolId, ['VIEW_STUDENTS']);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  /** A browser's sign-in (no opt-in header) on `url`; the reply and the cookies it leaves. */
  const browserSignIn = async (url: string, email: string, password: string, extra: Partial<InjectOptions> = {}) => {
    const res = await t.app.inject({ method: 'POST', url, payload: { email, password }, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return { res, jar: cookieJar(res) };
  };
  const superAdminBrowser = () => browserSignIn('/api/super-admin/login', SUPER_ADMIN.email, SUPER_ADMIN.password);
  const learnerBrowser = () => browserSignIn('/api/student/login', learner.email, STUDENT_PASSWORD);

  /** A request made by a browser holding `jar` (cookies only, no Authorization header). */
  const withCookies = (jar: Record<string, string>, opts: InjectOptions) => t.app.inject({ ...opts, cookies: jar });
  const schoolCount = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('schools')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Who signs in on each route: the account's identifier and password (read once the accounts exist). */
  const WHO: Record<string, () => [string, string]> = {
    SUPER_ADMIN: () => [SUPER_ADMIN.email, SUPER_ADMIN.password],
    ADMIN: () => [admin.email, ADMIN_TEST_PASSWORD],
    STUDENT_LRN: () => [learner.lrn, STUDENT_PASSWORD],
    STUDENT: () => [learner.email, STUDENT_PASSWORD],
  };
  it.each([
    ['/api/super-admin/login', 'SUPER_ADMIN', 'SUPER_ADMIN'],
    ['/api/admin/login', 'ADMIN', 'ADMIN'],
    ['/api/student/login', 'STUDENT', 'STUDENT_LRN'],
    ['/api/login', 'ADMIN', 'ADMIN'],
    ['/api/login', 'STUDENT', 'STUDENT'],
  ] as const)('%s (%s): a browser gets HttpOnly SameSite=Strict cookies and no token in the body', async (url, role, who) => {
    const [email, password] = WHO[who]!();
    const { res } = await browserSignIn(url, email, password);
    expect(res.json().data.token).toBeUndefined();
    expect(res.body).not.toMatch(/"token"/);
    const session = cookieOf(res, ROLE_COOKIES[role as Role])!;
    expect(session).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' });
    expect(session.value).toMatch(/^[\w-]{43}$/);
    expect(session.secure).toBeFalsy();
    expect(session.maxAge).toBe(role === 'STUDENT' ? 90 * 86_400 : 7 * 86_400);
    const csrf = cookieOf(res, CSRF_COOKIES[role as Role])!;
    expect(csrf).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value).toMatch(/^[\w-]{43}$/);
    expect(csrf.value).not.toBe(session.value);
  });

  it.each(['/api/super-admin/login', '/api/login'])(
    '%s: a script that asks for a token gets it in the body and no cookie',
    async (url) => {
      const res = await t.app.inject({ method: 'POST', url, headers: WANT_TOKEN, payload: SUPER_ADMIN });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.token).toMatch(/^[\w-]{43}$/);
      expect(res.headers['set-cookie']).toBeUndefined();
      // The token is a working bearer token.
      const me = await as(res.json().data.token)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
      expect(me.statusCode).toBe(200);
    },
  );

  it('sets Secure only when the request came over https (X-Forwarded-Proto believed only from a trusted proxy)', async () => {
    const behind = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const login = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        behind.app.inject({ method: 'POST', url: '/api/super-admin/login', payload: SUPER_ADMIN, headers, remoteAddress });
      const https = await login({ 'x-forwarded-proto': 'https' });
      expect(cookieOf(https, 'SUPER_ADMIN_TOKEN')).toMatchObject({ secure: true, httpOnly: true });
      expect(cookieOf(https, 'SUPER_ADMIN_CSRF')).toMatchObject({ secure: true });
      expect(https.headers['set-cookie']).toEqual(
        expect.arrayContaining([expect.stringMatching(/^SUPER_ADMIN_TOKEN=.*; Secure/)]),
      );
      const http = await login({});
      expect(cookieOf(http, 'SUPER_ADMIN_TOKEN')!.secure).toBeFalsy();
      // A client that is not the proxy cannot claim https for itself.
      const claimed = await login({ 'x-forwarded-proto': 'https' }, '203.0.113.9');
      expect(cookieOf(claimed, 'SUPER_ADMIN_TOKEN')!.secure).toBeFalsy();
    } finally {
      await behind.close();
    }
  });

  it("authenticates a browser's reads by the route's role cookie", async () => {
    const sa = await superAdminBrowser();
    expect((await withCookies(sa.jar, { method: 'GET', url: '/api/super-admin/profile' })).statusCode).toBe(200);
    const st = await learnerBrowser();
    const profile = await withCookies(st.jar, { method: 'GET', url: '/api/student/profile' });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data.lrn).toBe(learner.lrn);
    // Each route reads its own role's cookie: a learner's cookie opens no super-admin route, and back.
    expect((await withCookies(st.jar, { method: 'GET', url: '/api/super-admin/profile' })).statusCode).toBe(401);
    expect((await withCookies(sa.jar, { method: 'GET', url: '/api/student/profile' })).statusCode).toBe(401);
  });

  it('refuses a cookie-authenticated change without the CSRF header, or with a wrong one: 403, nothing written', async () => {
    const { jar } = await superAdminBrowser();
    const before = await schoolCount();
    const create = {
      method: 'POST' as const,
      url: '/api/super-admin/schools',
      payload: { name: 'Forged School', acronym: 'FRG' },
    };
    const missing = await withCookies(jar, create);
    expect([missing.statusCode, missing.json().message]).toEqual([403, CSRF_REFUSED]);
    const wrong = await withCookies(jar, { ...create, headers: { [CSRF_HEADER]: 'x'.repeat(43) } });
    expect([wrong.statusCode, wrong.json().message]).toEqual([403, CSRF_REFUSED]);
    // Another session's CSRF value is wrong too.
    const other = await superAdminBrowser();
    const crossed = await withCookies(jar, { ...create, headers: { [CSRF_HEADER]: other.jar.SUPER_ADMIN_CSRF! } });
    expect(crossed.statusCode).toBe(403);
    expect(await schoolCount()).toBe(before);
    const logs = await t.app.db.selectFrom('systemLogs').select('id').where('details', 'like', '%Forged School%').execute();
    expect(logs).toHaveLength(0);
    // With its own CSRF value, the same browser's change goes through.
    const ok = await withCookies(jar, { ...create, headers: { [CSRF_HEADER]: jar.SUPER_ADMIN_CSRF! } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await schoolCount()).toBe(before + 1);
  });

  it("checks a learner's changes the same way", async () => {
    const { jar } = await learnerBrowser();
    const change = {
      method: 'POST' as const,
      url: '/api/student/change-password',
      payload: { currentPassword: STUDENT_PASSWORD, newPassword: 'Another-Pass-1' },
    };
    expect((await withCookies(jar, change)).statusCode).toBe(403);
    // The password did not change: the old one still signs in.
    await learnerBrowser();
  });

  it('leaves bearer requests as they were: no CSRF header needed', async () => {
    const res = await as(root)(t.app, {
      method: 'POST',
      url: '/api/super-admin/schools',
      payload: { name: 'Bearer School', acronym: 'BRS' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('ends a staff session unused for 12 hours and a learner session unused for 30 days (the clock moved, no sleep)', async () => {
    const staff = await superAdminBrowser();
    const student = await learnerBrowser();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const read = (jar: Record<string, string>, url: string) => withCookies(jar, { method: 'GET', url });
    // Used just before each timeout: still live, and the use starts the idle time again.
    vi.setSystemTime(start + 12 * HOUR - 60_000);
    expect((await read(staff.jar, '/api/super-admin/profile')).statusCode).toBe(200);
    vi.setSystemTime(start + 24 * HOUR - 120_000);
    expect((await read(staff.jar, '/api/super-admin/profile')).statusCode).toBe(200);
    // Then unused for 12 hours and a minute: over, and the reply removes the browser's cookies.
    vi.setSystemTime(start + 36 * HOUR);
    const over = await read(staff.jar, '/api/super-admin/profile');
    expect(over.statusCode).toBe(401);
    expect(cookieOf(over, 'SUPER_ADMIN_TOKEN')).toMatchObject({ value: '', maxAge: 0 });
    expect(cookieOf(over, 'SUPER_ADMIN_CSRF')).toMatchObject({ value: '', maxAge: 0 });

    // The learner's session, last used at `start`, is alive 29 days later, and over 30 days after its last use.
    vi.setSystemTime(start + 29 * DAY);
    expect((await read(student.jar, '/api/student/profile')).statusCode).toBe(200);
    vi.setSystemTime(start + 59 * DAY + 60_000);
    expect((await read(student.jar, '/api/student/profile')).statusCode).toBe(401);
  });

  it('ends a session at its absolute lifetime however much it is used (staff 7 days, learners 90 days)', async () => {
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/super-admin/login',
      headers: WANT_TOKEN,
      payload: SUPER_ADMIN,
    });
    const token = staff.json().data.token as string;
    const student = await learnerBrowser();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const staffRead = () => as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    // Used every 10 hours (never idle for 12): live until 7 days, refused after.
    for (let h = 10; h < 7 * 24; h += 10) {
      vi.setSystemTime(start + h * HOUR);
      expect((await staffRead()).statusCode, `after ${h} h`).toBe(200);
    }
    vi.setSystemTime(start + 7 * DAY + 60_000);
    expect((await staffRead()).statusCode).toBe(401);
    // The learner, used every 20 days, is refused after 90.
    for (let d = 20; d < 90; d += 20) {
      vi.setSystemTime(start + d * DAY);
      expect((await withCookies(student.jar, { method: 'GET', url: '/api/student/profile' })).statusCode, `day ${d}`).toBe(200);
    }
    vi.setSystemTime(start + 90 * DAY + 60_000);
    expect((await withCookies(student.jar, { method: 'GET', url: '/api/student/profile' })).statusCode).toBe(401);
  });

  it('stamps a session as seen at most once a minute', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/super-admin/login', headers: WANT_TOKEN, payload: SUPER_ADMIN });
    const token = res.json().data.token as string;
    const seen = async () =>
      (await t.app.db.selectFrom('sessions').select('lastSeenAt').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow())
        .lastSeenAt;
    const first = await seen();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    vi.setSystemTime(start + 30_000);
    await as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    t.app.sessionCache.clear();
    await as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    expect(await seen()).toBe(first);
    vi.setSystemTime(start + 61_000);
    t.app.sessionCache.clear();
    await as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    expect(await seen()).toBe(new Date(start + 61_000).toISOString());
  });

  it('signs out: revokes the session and removes the cookies of all three roles', async () => {
    const { jar } = await superAdminBrowser();
    const out = await withCookies(jar, {
      method: 'POST',
      url: '/api/super-admin/logout',
      headers: { [CSRF_HEADER]: jar.SUPER_ADMIN_CSRF! },
    });
    expect(out.statusCode).toBe(200);
    for (const name of [...Object.values(ROLE_COOKIES), ...Object.values(CSRF_COOKIES)]) {
      expect(cookieOf(out, name), name).toMatchObject({ value: '', maxAge: 0, path: '/' });
    }
    expect(cookieOf(out, 'SUPER_ADMIN_TOKEN')!.httpOnly).toBe(true);
    // The session is revoked: the old cookie opens nothing.
    expect((await withCookies(jar, { method: 'GET', url: '/api/super-admin/profile' })).statusCode).toBe(401);
  });

  it("joins a browser's socket by its cookie and CSRF value, never by the cookie alone", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const { jar } = await superAdminBrowser();
    const cookie = Object.entries(jar)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const sockets: Socket[] = [];
    const joined = async (auth: Record<string, string>) => {
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie },
        auth,
        reconnection: false,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return (await socket.timeout(3000).emitWithAck('joinSuperAdmin')) as { ok: boolean };
    };
    try {
      expect(await joined({ csrf: jar.SUPER_ADMIN_CSRF! })).toEqual({ ok: true });
      expect(await joined({})).toEqual({ ok: false });
      expect(await joined({ csrf: 'y'.repeat(43) })).toEqual({ ok: false });
    } finally {
      sockets.forEach((s) => s.close());
    }
  });
});

describe('session lifetimes in the configuration', () => {
  it('reads SESSION_* in hours, and refuses an idle timeout longer than the absolute lifetime', () => {
    expect(loadConfig({}).sessions).toEqual({
      staffIdleMs: 12 * HOUR,
      studentIdleMs: 30 * DAY,
      staffMaxMs: 7 * DAY,
      studentMaxMs: 90 * DAY,
    });
    expect(loadConfig({ SESSION_IDLE_HOURS_STAFF: '2', SESSION_MAX_HOURS_STAFF: '24' }).sessions).toMatchObject({
      staffIdleMs: 2 * HOUR,
      staffMaxMs: DAY,
    });
    expect(() => loadConfig({ SESSION_IDLE_HOURS_STUDENT: '100', SESSION_MAX_HOURS_STUDENT: '48' })).toThrow(
      /Invalid SESSION_IDLE_HOURS_STUDENT="?100"?: expected at most SESSION_MAX_HOURS_STUDENT/,
    );
    expect(() => loadConfig({ SESSION_IDLE_HOURS_STAFF: '0' })).toThrow(/Invalid SESSION_IDLE_HOURS_STAFF/);
  });
});
