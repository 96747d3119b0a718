import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, type TestApp, WANT_TOKEN } from '../../helpers/app';
import { createSchool, insertAdmin, logsOf } from '../../helpers/schools';
import { createStudent } from '../../helpers/students';
import { at, createReader, postTaps } from '../../helpers/rfid';
import { createSession } from '@core/auth/sessions';
import { nowIso } from '@core/time/time';
import { loadConfig } from '@core/config';
import { STUDENT_PORTAL_MESSAGES as M } from '@domain/student-portal';
import { addDevice, drain, historyOf } from '../../helpers/notifications';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';

/** The student portal's API — sign-in, the authorization matrix, attendance, messages, Messenger. */

// Wednesday 18 November 2026, 09:30 in Manila: the school clock of this file.
const NOW = new Date('2026-11-18T01:30:00.000Z');
const PASSWORD = 'Mango-Lantern-58';
const EXPIRED = 'Your session has expired. Please sign in again.';

describe(`student portal (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let schoolId: number;
  let a: { id: number; email: string; lrn: string };
  let b: { id: number; email: string; lrn: string };
  let aToken: string;
  let bToken: string;
  let aMessageId: number;

  const login = (email: string, password = PASSWORD, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/student/login', headers: WANT_TOKEN, payload: { email, password }, remoteAddress });
  const tokenOf = async (email: string) => {
    const res = await login(email);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.token as string;
  };
  const insertMessage = async (studentId: number, values: { type: string; channel: string; status: string; message: string }) => {
    const now = nowIso();
    const row = await t.app.db
      .insertInto('smsNotifications')
      .values({ studentId, schoolId, phoneNumber: '+639171234567', createdAt: now, updatedAt: now, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    // The per-address request limit is tested by the other sign-ins' tests; this file signs in many learners.
    t = await createTestApp(
      { rateLimits: { loginPerMinute: 1000, loginPerEmailPer15Min: 10, publicFormsPerMinute: 5 } },
      { clock: { now: () => NOW } },
    );
    root = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, root)).id;
    const settings = {
      timeZone: 'Asia/Manila',
      lateCutoff: '07:45',
      absenceCutoff: '10:00',
      schoolDays: [1, 2, 3, 4, 5],
      holidays: [
        { date: '2026-11-02', name: "All Souls' Day" },
        { date: '2026-11-30', name: 'Bonifacio Day' },
      ],
    };
    const put = await as(root)(t.app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${schoolId}/attendance-settings`,
      payload: settings,
    });
    expect(put.statusCode, put.body).toBe(200);
    a = await createStudent(t.app, root, schoolId, { rfidCardId: 'AB12CD34', parentFirstName: 'Maria' });
    b = await createStudent(t.app, root, schoolId);
    // Enrolled before the month shown, so every past class day counts.
    await t.app.db
      .updateTable('students')
      .set({ createdAt: '2026-10-01T00:00:00.000Z', enrolmentDate: '2026-10-01' })
      .where('id', 'in', [a.id, b.id])
      .execute();
    aToken = await tokenOf(a.email);
    bToken = await tokenOf(b.lrn);
    aMessageId = await insertMessage(a.id, { type: 'CHECK_IN', channel: 'SMS', status: 'DELIVERED', message: 'A arrived' });
  });
  afterAll(() => t.close());

  it('signs in with the email or the LRN, with the same reply shape as the other sign-ins, and logs it', async () => {
    for (const id of [a.email, a.email.toUpperCase(), a.lrn]) {
      const res = await login(id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Signed in',
        data: {
          token: expect.any(String),
          user: {
            id: a.id,
            email: a.email,
            firstName: 'Juan',
            lastName: expect.any(String),
            mustChangePassword: false,
            role: 'STUDENT',
          },
        },
      });
    }
    const logs = await logsOf(t.app, 'LOGIN');
    expect(logs.some((l) => l.entity === 'Student' && l.entityId === String(a.id))).toBe(true);
  });

  it('refuses a wrong password, an unknown account and a malformed identifier with clear messages', async () => {
    const wrong = await login(a.email, 'not-the-password', '10.9.9.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(M.invalidCredentials);
    const unknown = await login('123456789012', PASSWORD, '10.9.9.2');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(M.invalidCredentials);
    for (const [email, message] of [
      ['', M.identifierRequired],
      ['12345', M.identifierInvalid],
      ['not an email', M.identifierInvalid],
    ]) {
      const res = await login(email!);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await logsOf(t.app, 'LOGIN_FAILED')).some((l) => l.entity === 'Student')).toBe(true);
  });

  it('throttles guesses per account, whether the email or the LRN is typed', async () => {
    const t2 = await createTestApp({ rateLimits: { loginPerMinute: 100, loginPerEmailPer15Min: 3, publicFormsPerMinute: 5 } });
    try {
      const token2 = await loginSuperAdmin(t2.app);
      const s = await createStudent(t2.app, token2, (await createSchool(t2.app, token2)).id);
      const attempt = (email: string) =>
        t2.app.inject({
          method: 'POST',
          url: '/api/student/login',
          headers: WANT_TOKEN,
          payload: { email, password: 'guess-guess' },
        });
      expect((await attempt(s.email)).statusCode).toBe(401);
      expect((await attempt(s.lrn)).statusCode).toBe(401);
      expect((await attempt(s.email)).statusCode).toBe(401);
      const blocked = await attempt(s.lrn);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('Too many sign-in attempts for this account. Please try again in 15 minutes.');
    } finally {
      await t2.close();
    }
  });

  describe('authorization matrix: every /api/student route', () => {
    const routes = (): Array<{ name: string } & InjectOptions> => [
      { name: 'profile', method: 'GET', url: '/api/student/profile' },
      {
        name: 'change-password',
        method: 'POST',
        url: '/api/student/change-password',
        payload: { currentPassword: 'wrong-current', newPassword: 'Another-Pass-2026' },
      },
      { name: 'attendance', method: 'GET', url: '/api/student/attendance' },
      { name: 'messages', method: 'GET', url: '/api/student/messages' },
      { name: 'message', method: 'GET', url: `/api/student/messages/${aMessageId}` },
      { name: 'messenger', method: 'GET', url: '/api/student/messenger' },
      { name: 'messenger link', method: 'POST', url: '/api/student/messenger/links' },
    ];

    it('no token: 401 on every route', async () => {
      for (const { name, ...opts } of routes()) {
        const res = await t.app.inject(opts);
        expect(res.statusCode, name).toBe(401);
        expect(res.json().message, name).toBe(EXPIRED);
      }
    });

    it("a super admin's and an admin's token: 403 on every route", async () => {
      const adminId = await insertAdmin(t.app, schoolId);
      const { token: adminToken } = await createSession(t.app.db, 'ADMIN', adminId);
      for (const token of [root, adminToken]) {
        for (const { name, ...opts } of routes()) {
          const res = await as(token)(t.app, opts);
          expect(res.statusCode, name).toBe(403);
          expect(res.json().message, name).toBe(M.studentRequired);
        }
      }
    });

    it("another student: never the first learner's rows; the first learner's message id is 404", async () => {
      const other = (opts: InjectOptions) => as(bToken)(t.app, opts);
      const profile = await other({ method: 'GET', url: '/api/student/profile' });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().data.id).toBe(b.id);
      const messages = await other({ method: 'GET', url: '/api/student/messages' });
      expect(messages.statusCode).toBe(200);
      expect(messages.json().data.messages).toEqual([]);
      const message = await other({ method: 'GET', url: `/api/student/messages/${aMessageId}` });
      expect(message.statusCode).toBe(404);
      expect(message.json().message).toBe(M.messageNotFound);
      const own = await as(aToken)(t.app, { method: 'GET', url: `/api/student/messages/${aMessageId}` });
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ id: aMessageId, message: 'A arrived', phoneNumber: '••••••••4567' });
      for (const id of ['abc', '0', '99999999999']) {
        const res = await other({ method: 'GET', url: `/api/student/messages/${id}` });
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe(M.messageNotFound);
      }
    });

    it("an archived student: cannot sign in, and the learner's sessions stop on every route", async () => {
      const c = await createStudent(t.app, root, schoolId);
      const cToken = await tokenOf(c.email);
      const archive = await as(root)(t.app, {
        method: 'POST',
        url: `/api/super-admin/students/${c.id}/archive`,
        payload: { reason: 'Moved away' },
      });
      expect(archive.statusCode, archive.body).toBe(200);
      for (const { name, ...opts } of routes()) {
        const res = await as(cToken)(t.app, opts);
        expect(res.statusCode, name).toBe(401);
        expect(res.json().message, name).toBe(EXPIRED);
      }
      const again = await login(c.email);
      expect(again.statusCode).toBe(401);
      expect(again.json().message).toBe(M.invalidCredentials);
    });

    it('a deactivated learner: the session stops and signing in is refused like a wrong password', async () => {
      const d = await createStudent(t.app, root, schoolId);
      const dToken = await tokenOf(d.email);
      const off = await as(root)(t.app, {
        method: 'PATCH',
        url: `/api/super-admin/students/${d.id}`,
        ...multipart([{ name: 'data', value: JSON.stringify({ isActive: false }) }]),
      });
      expect(off.statusCode, off.body).toBe(200);
      const res = await as(dToken)(t.app, { method: 'GET', url: '/api/student/profile' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(EXPIRED);
      const again = await login(d.lrn);
      expect(again.statusCode).toBe(401);
      expect(again.json().message).toBe(M.invalidCredentials);
      const failed = (await logsOf(t.app, 'LOGIN_FAILED')).find((l) => l.entityId === String(d.id));
      expect(failed?.details).toMatchObject({ identifier: d.lrn, reason: 'inactive' });
    });
  });

  it("today and the month: a tap at 07:12 checks in, past days get their marks, and the totals follow SF2's rules", async () => {
    const rows: Array<[string, string, string | null, string | null]> = [
      ['2026-11-03', 'PRESENT', null, at('2026-11-03', '07:20')],
      ['2026-11-04', 'LATE', null, at('2026-11-04', '08:05')],
      ['2026-11-05', 'ABSENT', null, null],
      ['2026-11-06', 'EXCUSED', 'Fever', null],
    ];
    const now = nowIso();
    await t.app.db
      .insertInto('attendanceRecords')
      .values(
        rows.map(([date, status, note, checkInAt]) => ({
          studentId: a.id,
          schoolId,
          date,
          status,
          note,
          checkInAt,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    const get = (url = '/api/student/attendance') => as(aToken)(t.app, { method: 'GET', url });

    const before = (await get()).json().data;
    expect(before.today).toEqual({ date: '2026-11-18', kind: 'NOT_YET', checkInAt: null, checkOutAt: null, reason: null });

    const reader = await createReader(t.app, root, { schoolId });
    const tap = await postTaps(t.app, reader.token, {
      eventId: 'portal-1',
      cardUid: 'AB12CD34',
      tappedAt: at('2026-11-18', '07:12'),
    });
    expect(tap.statusCode, tap.body).toBe(201);

    const res = await get();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.month).toBe('2026-11');
    expect(data.timeZone).toBe('Asia/Manila');
    expect(data.today).toEqual({
      date: '2026-11-18',
      kind: 'CHECKED_IN',
      checkInAt: at('2026-11-18', '07:12'),
      checkOutAt: null,
      reason: null,
    });
    const day = (date: string) => data.days.find((d: { date: string }) => d.date === date);
    expect(data.days).toHaveLength(30);
    expect(day('2026-11-02')).toMatchObject({ classDay: false, reason: "All Souls' Day", mark: 'NO_CLASS' });
    expect(day('2026-11-07')).toMatchObject({ classDay: false, reason: 'Weekend', mark: 'NO_CLASS' });
    expect(day('2026-11-04')).toMatchObject({ classDay: true, status: 'LATE', mark: 'LATE' });
    expect(day('2026-11-09')).toMatchObject({ classDay: true, status: null, mark: 'NO_RECORD' });
    expect(day('2026-11-19')).toMatchObject({ classDay: true, mark: 'UPCOMING' });
    expect(day('2026-11-18')).toMatchObject({ classDay: true, status: 'PRESENT', mark: 'PRESENT' });
    // 19 class days (21 weekdays − 2 holidays); at 09:30 the marks run to yesterday, as on SF2 (today counts
    // once its 10:00 absence cutoff has passed): 11 days, present the 3rd and the 4th (late: tardy), absent the
    // 5th, the 6th (excused: still an absence) and the 7 class days without a check-in.
    expect(data.totals).toEqual({ classDays: 19, classDaysSoFar: 11, present: 2, absent: 9, tardy: 1, excused: 1 });

    const october = (await get('/api/student/attendance?month=2026-10')).json().data;
    expect(october.days).toHaveLength(31);
    expect(october.today.kind).toBe('CHECKED_IN');
    const bad = await get('/api/student/attendance?month=2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.monthInvalid);
  });

  it("today is 'no class' with the calendar's reason on a holiday", async () => {
    const other = (await createSchool(t.app, root)).id;
    const put = await as(root)(t.app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${other}/attendance-settings`,
      payload: {
        timeZone: 'Asia/Manila',
        lateCutoff: '07:45',
        absenceCutoff: '10:00',
        schoolDays: [1, 2, 3, 4, 5],
        holidays: [{ date: '2026-11-18', name: 'Foundation Day' }],
      },
    });
    expect(put.statusCode).toBe(200);
    const c = await createStudent(t.app, root, other);
    const res = await as(await tokenOf(c.email))(t.app, { method: 'GET', url: '/api/student/attendance' });
    expect(res.json().data.today).toEqual({
      date: '2026-11-18',
      kind: 'NO_CLASS',
      checkInAt: null,
      checkOutAt: null,
      reason: 'Foundation Day',
    });
  });

  it("lists the guardians' messages (SMS and Messenger, with status), newest first, phone masked", async () => {
    const c = await createStudent(t.app, root, schoolId);
    const cToken = await tokenOf(c.email);
    await insertMessage(c.id, { type: 'CHECK_IN', channel: 'SMS', status: 'DELIVERED', message: 'first' });
    await insertMessage(c.id, { type: 'LATE_ARRIVAL', channel: 'MESSENGER', status: 'FAILED', message: 'second' });
    const res = await as(cToken)(t.app, { method: 'GET', url: '/api/student/messages' });
    expect(res.statusCode).toBe(200);
    const { messages, pagination } = res.json().data;
    expect(messages.map((m: { message: string; channel: string; status: string }) => [m.message, m.channel, m.status])).toEqual([
      ['second', 'MESSENGER', 'FAILED'],
      ['first', 'SMS', 'DELIVERED'],
    ]);
    expect(messages[0].phoneNumber).toBe('••••••••4567');
    expect(messages[0].timeZone).toBe('Asia/Manila');
    expect(pagination).toMatchObject({ total: 2, page: 1, limit: 10 });
  });

  it("the learner's own Messenger: a single-use link (logged), also while a guardian is connected; the guardian's shown read-only", async () => {
    const none = await as(aToken)(t.app, { method: 'POST', url: '/api/student/messenger/links' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      "This student's school has no active Facebook page. Add one in Device Management → Facebook Pages.",
    );
    const now = nowIso();
    await t.app.db
      .insertInto('facebookPages')
      .values({ pageId: '5550001', pageName: 'School page', accessToken: 'x', schoolId, createdAt: now, updatedAt: now })
      .execute();
    const status = await as(aToken)(t.app, { method: 'GET', url: '/api/student/messenger' });
    expect(status.json().data).toEqual({
      page: { pageName: 'School page' },
      connected: false,
      connectedAt: null,
      mine: { connected: false, connectedAt: null },
      pendingLink: null,
      ttlDays: t.config.messengerOptInTtlDays,
    });
    const made = await as(aToken)(t.app, { method: 'POST', url: '/api/student/messenger/links' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.link).toMatch(/^https:\/\/m\.me\/5550001\?ref=[A-Za-z0-9_-]{24}$/);
    expect(made.json().data.qrSvg).toMatch(/^<svg/);
    expect(made.json().data.pendingLink).not.toBeNull();
    const log = (await logsOf(t.app, 'CREATE_MESSENGER_OPT_IN')).find((l) => l.entityId === String(a.id));
    expect(log?.userRole).toBe('STUDENT');
    expect(log?.details).toMatchObject({ slot: 'LEARNER' });
    // Still only one live link (the first died when the second was made).
    await as(aToken)(t.app, { method: 'POST', url: '/api/student/messenger/links' });
    const live = await t.app.db
      .selectFrom('messengerOptInLinks')
      .select('id')
      .where('studentId', '=', a.id)
      .where('revokedAt', 'is', null)
      .execute();
    expect(live).toHaveLength(1);

    await t.app.db
      .updateTable('students')
      .set({ parentMessengerPsid: 'PSID-1', parentMessengerBoundAt: now, parentMessengerPageId: '5550001' })
      .where('id', '=', a.id)
      .execute();
    const connected = await as(aToken)(t.app, { method: 'GET', url: '/api/student/messenger' });
    expect(connected.json().data).toMatchObject({ connected: true, connectedAt: now, mine: { connected: false } });
    // The learner's link is their own slot's: a connected guardian does not stop it, and it does not touch them.
    const mine = await as(aToken)(t.app, { method: 'POST', url: '/api/student/messenger/links' });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().data).toMatchObject({ connected: true, connectedAt: now });
  });

  it('changes the password (checked, logged), ending the other sessions; sign-out ends this one', async () => {
    const c = await createStudent(t.app, root, schoolId);
    const mine = await tokenOf(c.email);
    const elsewhere = await tokenOf(c.lrn);
    const change = (payload: object) => as(mine)(t.app, { method: 'POST', url: '/api/student/change-password', payload });
    const wrong = await change({ currentPassword: 'nope-nope', newPassword: 'Sampaguita-Blooms-77' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await change({ currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const ok = await change({ currentPassword: PASSWORD, newPassword: 'Sampaguita-Blooms-77' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Password changed successfully');
    expect((await logsOf(t.app, 'CHANGE_PASSWORD')).some((l) => l.entityId === String(c.id))).toBe(true);
    expect((await as(elsewhere)(t.app, { method: 'GET', url: '/api/student/profile' })).statusCode).toBe(401);
    expect((await as(mine)(t.app, { method: 'GET', url: '/api/student/profile' })).statusCode).toBe(200);
    expect((await login(c.email, 'Sampaguita-Blooms-77')).statusCode).toBe(200);

    const out = await as(mine)(t.app, { method: 'POST', url: '/api/student/logout' });
    expect(out.statusCode).toBe(200);
    expect((await as(mine)(t.app, { method: 'GET', url: '/api/student/profile' })).statusCode).toBe(401);
  });

  it("the profile: the learner's own record with the school's zone and the guardian's phone masked", async () => {
    const res = await as(aToken)(t.app, { method: 'GET', url: '/api/student/profile' });
    expect(res.json().data).toMatchObject({
      id: a.id,
      email: a.email,
      lrn: a.lrn,
      guardian: { firstName: 'Maria', phone: '••••••••4567' },
      timeZone: 'Asia/Manila',
      school: { acronym: expect.any(String) },
    });
    expect(res.body).not.toContain('passwordHash');
  });
});

describe(`student portal live updates (${dbKind})`, () => {
  let t: TestApp;
  let gw: StandInGateway;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    gw = await startStandInGateway();
    // The tap below is "now": its notice must not expire at the school day's end whenever the suite runs.
    const outbox = { ...loadConfig({}).outbox, enabled: false, attendanceExpiryHours: 24 * 365 };
    t = await createTestApp({ smsGatewayUrl: gw.url, outbox });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
    await gw.close();
  });
  const connect = (token: string) => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    sockets.push(socket);
    return new Promise<Socket>((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  };
  const joinStudent = (s: Socket) => s.timeout(3000).emitWithAck('joinStudent') as Promise<{ ok: boolean }>;
  const next = (s: Socket, event: string, ms = 400) =>
    new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => resolve('none'), ms);
      s.once(event, (payload: unknown) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });

  it("a learner's socket gets their own taps and guardians' messages only; other roles cannot join; archiving drops it", async () => {
    const root = await loginSuperAdmin(t.app);
    const { id: schoolId } = await createSchool(t.app, root);
    // Every day a class day: the tap below is "now", whatever day the suite runs on.
    const week = {
      timeZone: 'Asia/Manila',
      lateCutoff: '07:45',
      absenceCutoff: '10:00',
      schoolDays: [1, 2, 3, 4, 5, 6, 7],
      holidays: [],
    };
    await as(root)(t.app, { method: 'PUT', url: `/api/super-admin/schools/${schoolId}/attendance-settings`, payload: week });
    const a = await createStudent(t.app, root, schoolId, { rfidCardId: 'FEED0001' });
    const b = await createStudent(t.app, root, schoolId, { rfidCardId: 'FEED0002' });
    const signIn = async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/student/login',
          headers: WANT_TOKEN,
          payload: { email, password: PASSWORD },
        })
      ).json().data.token as string;
    const sa = await connect(await signIn(a.email));
    const sb = await connect(await signIn(b.email));
    expect(await joinStudent(sa)).toEqual({ ok: true });
    expect(await joinStudent(sb)).toEqual({ ok: true });
    expect(await joinStudent(await connect(root))).toEqual({ ok: false });
    expect(await joinStudent(await connect('not-a-token'))).toEqual({ ok: false });

    const reader = await createReader(t.app, root, { schoolId });
    const gotA = next(sa, 'attendance', 3000);
    const gotB = next(sb, 'attendance', 600);
    const tap = await postTaps(t.app, reader.token, {
      eventId: 'live-1',
      cardUid: 'FEED0001',
      tappedAt: new Date().toISOString(),
    });
    expect(tap.statusCode, tap.body).toBe(201);
    expect(await gotA).toEqual({ id: tap.json().data.attendanceId, status: tap.json().data.status });
    expect(await gotB).toBe('none');

    // The parent's check-in SMS goes out: the learner's room hears of it (the id only), the other learner's does not.
    await addDevice(t.app, root, { schoolId, isDefault: true, apiKey: 'portal-key-000001', phoneNumber: '+639181000091' });
    const smsA = next(sa, 'sms:sent', 5000);
    const smsB = next(sb, 'sms:sent', 600);
    await drain(t.app, async () => (await historyOf(t.app, a.id))[0]?.status === 'SENT');
    const sent = (await historyOf(t.app, a.id))[0]!;
    expect(await smsA).toEqual({ id: sent.id });
    expect(await smsB).toBe('none');

    const dropped = new Promise<void>((resolve) => sa.once('disconnect', () => resolve()));
    await as(root)(t.app, { method: 'POST', url: `/api/super-admin/students/${a.id}/archive`, payload: {} });
    await dropped;
    expect(sa.connected).toBe(false);
  });
});
