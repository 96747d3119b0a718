import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { as, createTestApp, dbKind, loginSuperAdmin, WANT_TOKEN } from '../../helpers/app';
import { createSchool, insertStudent } from '../../helpers/schools';
import { hashPassword } from '@core/auth/passwords';
import { localDate, nowIso } from '@core/time/time';
import { permissionDeniedMessage } from '@domain/admins/console';

/*
 * The school-admin console's server side: sign-in, sessions and sockets that end with a deactivation,
 * permissions read afresh on every request, every action logged as the admin's (their school's activity log, and
 * the super admin's filter by userType), and live events only to the admin's own school.
 */

const t = await createTestApp({
  liveSessionCheckMs: 200,
  rateLimits: { loginPerMinute: 1_000_000, loginPerEmailPer15Min: 1_000_000, publicFormsPerMinute: 1_000_000 },
});
afterAll(() => t.close());
const { app } = t;
const root = await loginSuperAdmin(app);
const schoolA = (await createSchool(app, root, { name: 'Console School A' })).id;
const schoolB = (await createSchool(app, root, { name: 'Console School B' })).id;
const PASSWORD = 'Registrar-Pass-2024!';
let seq = 0;

async function newAdmin(schoolId: number | null, permissions: string[], isActive: 0 | 1 = 1) {
  seq += 1;
  const email = `console${seq}@school.test`;
  const row = await app.db
    .insertInto('admins')
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD, t.config.scryptCost),
      firstName: 'Rosa',
      lastName: `Registrar${seq}`,
      employeeId: `CON-${seq}`,
      schoolId,
      permissions: JSON.stringify(Object.fromEntries(permissions.map((p) => [p, true]))),
      isActive,
      createdAt: nowIso(),
      updatedAt: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}
const signIn = (email: string, password = PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/admin/login', headers: WANT_TOKEN, payload: { email, password } });
async function tokenOf(email: string) {
  const res = await signIn(email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

/** These cases check the rooms (who receives what), not the payloads: they send small stand-ins. */
const emitRaw = (app: FastifyInstance, schoolId: number, event: string, payload: unknown) =>
  (app.realtime.emitToSchool as (schoolId: number, event: string, payload: unknown) => void)(schoolId, event, payload);

describe(`school-admin sign-in (${dbKind})`, () => {
  it('signs an admin in with the super admin’s reply shape, role ADMIN, logged with the school', async () => {
    const a = await newAdmin(schoolA, ['VIEW_STUDENTS']);
    const res = await signIn(a.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Signed in',
      data: { token: expect.any(String), user: { id: a.id, email: a.email, firstName: 'Rosa', role: 'ADMIN' } },
    });
    const log = await app.db
      .selectFrom('systemLogs')
      .selectAll()
      .where('action', '=', 'LOGIN')
      .where('entity', '=', 'Admin')
      .where('userId', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ userRole: 'ADMIN', schoolId: schoolA });
    expect(JSON.parse(log.performedBy!)).toMatchObject({ email: a.email, employeeId: expect.stringMatching(/^CON-/) });
  });

  it('refuses a wrong password, a deactivated admin and a super admin’s credentials with the same 401', async () => {
    const a = await newAdmin(schoolA, []);
    const off = await newAdmin(schoolA, [], 0);
    for (const res of [
      await signIn(a.email, 'wrong-password'),
      await signIn(off.email),
      await signIn('root@school.test', 'SuperSecret123'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email or password');
    }
  });

  it('a deactivation ends the admin’s sessions at once', async () => {
    const a = await newAdmin(schoolA, ['VIEW_STUDENTS']);
    const token = await tokenOf(a.email);
    expect((await as(token)(app, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
    const off = await as(root)(app, { method: 'PATCH', url: `/api/super-admin/admins/${a.id}`, payload: { isActive: false } });
    expect(off.statusCode, off.body).toBe(200);
    const after = await as(token)(app, { method: 'GET', url: '/api/admin/me' });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has expired. Please sign in again.');
  });

  it('a permission taken away is refused on the very next request, and given back it works again', async () => {
    const a = await newAdmin(schoolA, ['VIEW_STUDENTS']);
    const token = await tokenOf(a.email);
    const list = () => as(token)(app, { method: 'GET', url: '/api/admin/students' });
    expect((await list()).statusCode).toBe(200);
    const set = (permissions: Record<string, boolean>) =>
      as(root)(app, { method: 'PATCH', url: `/api/super-admin/admins/${a.id}/permissions`, payload: { permissions } });
    expect((await set({ VIEW_STUDENTS: false })).statusCode).toBe(200);
    const refused = await list();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(permissionDeniedMessage('VIEW_STUDENTS'));
    expect((await set({ VIEW_STUDENTS: true })).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
  });

  it('an admin without a school reaches their own account only', async () => {
    const a = await newAdmin(null, ['VIEW_STUDENTS']);
    const token = await tokenOf(a.email);
    expect((await as(token)(app, { method: 'GET', url: '/api/admin/me' })).json().data).toMatchObject({ schoolId: null });
    const res = await as(token)(app, { method: 'GET', url: '/api/admin/students' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account is not assigned to a school');
  });
});

describe(`the admin's school only (${dbKind})`, () => {
  it('lists only the admin’s school’s students, whatever school the query names', async () => {
    const mine = await insertStudent(app, schoolA);
    const theirs = await insertStudent(app, schoolB);
    const token = await tokenOf((await newAdmin(schoolA, ['VIEW_STUDENTS'])).email);
    const res = await as(token)(app, { method: 'GET', url: '/api/admin/students?limit=100' });
    const ids = res.json().data.students.map((s: { id: number }) => s.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const other = await as(token)(app, { method: 'GET', url: `/api/admin/students?schoolId=${schoolB}` });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('School not found');
    const one = await as(token)(app, { method: 'GET', url: `/api/admin/students/${theirs}` });
    expect([one.statusCode, one.json().message]).toEqual([404, 'Student not found']);
  });

  it('registers a student into the admin’s school, logged as the admin in the school’s activity log', async () => {
    const a = await newAdmin(schoolA, ['MANAGE_STUDENTS', 'VIEW_SYSTEM_LOGS']);
    const token = await tokenOf(a.email);
    seq += 1;
    const res = await as(token)(app, {
      method: 'POST',
      url: '/api/admin/register-student',
      payload: {
        firstName: 'Liza',
        lastName: `Soberano${seq}`,
        email: `liza${seq}@students.test`,
        lrn: String(610000000000 + seq),
        parentPhone: '0917 123 4567',
        password: 'Mango-Lantern-58',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.schoolId).toBe(schoolA);
    const logs = await as(token)(app, { method: 'GET', url: '/api/admin/system-logs?action=CREATE_STUDENT' });
    const entry = logs.json().data.logs.find((l: { entityId: string }) => l.entityId === String(res.json().data.id));
    expect(entry).toMatchObject({ userRole: 'ADMIN', userId: a.id, performedBy: { email: a.email } });
    // School B's admin does not see it in their activity log; the super admin finds it by userType admin.
    const tokenB = await tokenOf((await newAdmin(schoolB, ['VIEW_SYSTEM_LOGS'])).email);
    const logsB = await as(tokenB)(app, { method: 'GET', url: '/api/admin/system-logs?action=CREATE_STUDENT&limit=100' });
    expect(logsB.json().data.logs.map((l: { entityId: string }) => l.entityId)).not.toContain(String(res.json().data.id));
    const byType = await as(root)(app, {
      method: 'GET',
      url: '/api/super-admin/system-logs?userType=admin&action=CREATE_STUDENT',
    });
    expect(byType.json().data.logs.some((l: { entityId: string }) => l.entityId === String(res.json().data.id))).toBe(true);
  });
});

describe(`the school admin's dashboard (${dbKind})`, () => {
  it("counts today's records of the admin's school and lists who has none yet", async () => {
    const school = (await createSchool(app, root, { name: 'Dashboard School' })).id;
    // Every day a school day, so the figures do not depend on the calendar.
    const settings = await as(root)(app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${school}/attendance-settings`,
      payload: {
        timeZone: 'Asia/Manila',
        lateCutoff: '07:45',
        absenceCutoff: '10:00',
        schoolDays: [1, 2, 3, 4, 5, 6, 7],
        holidays: [],
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const [arrived, late, excused, missing] = [
      await insertStudent(app, school),
      await insertStudent(app, school),
      await insertStudent(app, school),
      await insertStudent(app, school),
    ];
    await insertStudent(app, school, { isArchived: 1 });
    await insertStudent(app, schoolB); // another school's student is none of these figures
    const today = localDate(app.clock.now(), 'Asia/Manila');
    const record = (studentId: number, status: string) =>
      app.db
        .insertInto('attendanceRecords')
        .values({ studentId, schoolId: school, date: today, status, createdAt: nowIso(), updatedAt: nowIso() })
        .execute();
    await record(arrived, 'PRESENT');
    await record(late, 'LATE');
    await record(excused, 'EXCUSED');
    const token = await tokenOf((await newAdmin(school, ['VIEW_ATTENDANCE'])).email);
    const res = await as(token)(app, { method: 'GET', url: '/api/admin/dashboard' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      school: { name: 'Dashboard School' },
      date: today,
      timeZone: 'Asia/Manila',
      isSchoolDay: true,
      students: 4,
      counts: { PRESENT: 1, LATE: 1, ABSENT: 0, EXCUSED: 1 },
      missing: { total: 1, students: [{ id: missing, firstName: 'Stu' }] },
    });
  });
});

describe(`a message to a grade's or a section's parents (${dbKind})`, () => {
  it('shows the count first, queues one intent per active student, and a retry queues nothing again', async () => {
    const g = await as(root)(app, {
      method: 'POST',
      url: '/api/super-admin/grades',
      payload: { schoolId: schoolA, name: 'Grade 9', level: 9 },
    });
    const gradeId = g.json().data.id as number;
    const sec = await as(root)(app, {
      method: 'POST',
      url: '/api/super-admin/sections',
      payload: { schoolId: schoolA, gradeId, name: 'Sampaguita' },
    });
    const sectionId = sec.json().data.id as number;
    const place = (id: number, section: number | null) =>
      app.db.updateTable('students').set({ gradeId, sectionId: section }).where('id', '=', id).execute();
    const inSection = [await insertStudent(app, schoolA), await insertStudent(app, schoolA)];
    for (const id of inSection) await place(id, sectionId);
    await place(await insertStudent(app, schoolA), null);
    await place(await insertStudent(app, schoolA, { isArchived: 1 }), sectionId); // archived: not reached
    const token = await tokenOf((await newAdmin(schoolA, ['SEND_SMS'])).email);
    // The dialog's choices come with SEND_SMS alone: the school's grades with their sections, no other school's.
    const choices = (await as(token)(app, { method: 'GET', url: '/api/admin/sms-history/group-choices' })).json().data;
    expect(choices.find((c: { id: number }) => c.id === gradeId)).toEqual({
      id: gradeId,
      name: 'Grade 9',
      sections: [{ id: sectionId, name: 'Sampaguita' }],
    });
    const audience = (q: string) => as(token)(app, { method: 'GET', url: `/api/admin/sms-history/group-audience?${q}` });
    expect((await audience(`gradeId=${gradeId}`)).json().data).toEqual({ recipients: 3 });
    expect((await audience(`gradeId=${gradeId}&sectionId=${sectionId}`)).json().data).toEqual({ recipients: 2 });

    const requestId = '6f1c7d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
    const send = () =>
      as(token)(app, {
        method: 'POST',
        url: '/api/admin/sms-history/group-messages',
        payload: { gradeId, sectionId, message: 'Field trip on Friday.', requestId },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ data: { recipients: 2 }, message: 'Message queued for the parents of 2 students' });
    expect((await send()).statusCode).toBe(202);
    const intents = await app.db
      .selectFrom('notificationOutbox')
      .select(['studentId', 'payload'])
      .where('idempotencyKey', 'like', `CUSTOM:${requestId}:%`)
      .execute();
    expect(intents.map((i) => i.studentId).sort()).toEqual([...inSection].sort());
    expect(JSON.parse(intents[0]!.payload)).toMatchObject({ type: 'CUSTOM', text: 'Field trip on Friday.', schoolId: schoolA });
    const logs = await app.db.selectFrom('systemLogs').selectAll().where('entityId', '=', requestId).execute();
    expect(logs.map((l) => [l.action, l.userRole, l.schoolId])).toEqual([['SEND_GROUP_MESSAGE', 'ADMIN', schoolA]]);
  });

  it("refuses another school's grade (404) and a grade with nobody in it (400), writing nothing", async () => {
    const other = await as(root)(app, {
      method: 'POST',
      url: '/api/super-admin/grades',
      payload: { schoolId: schoolB, name: 'Grade 7', level: 7 },
    });
    const empty = await as(root)(app, {
      method: 'POST',
      url: '/api/super-admin/grades',
      payload: { schoolId: schoolA, name: 'Grade 12', level: 12 },
    });
    const token = await tokenOf((await newAdmin(schoolA, ['SEND_SMS'])).email);
    const send = (gradeId: number, requestId: string) =>
      as(token)(app, {
        method: 'POST',
        url: '/api/admin/sms-history/group-messages',
        payload: { gradeId, message: 'Hello', requestId },
      });
    const foreign = await send(other.json().data.id, '11111111-2222-4333-8444-555555555555');
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Grade not found']);
    const nobody = await send(empty.json().data.id, '11111111-2222-4333-8444-666666666666');
    expect([nobody.statusCode, nobody.json().message]).toEqual([400, 'No active students in this grade or section']);
    const written = await app.db
      .selectFrom('notificationOutbox')
      .select('id')
      .where('idempotencyKey', 'like', 'CUSTOM:11111111-2222-4333-8444-%')
      .execute();
    expect(written).toEqual([]);
  });
});

describe(`live events per school (${dbKind})`, () => {
  const url = async () => {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };
  const connect = async (token: string) => {
    const socket = io(await url(), { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const join = (socket: Socket) => socket.timeout(3000).emitWithAck('joinSchool') as Promise<{ ok: boolean }>;
  const next = (socket: Socket, event: string, ms = 400) =>
    new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => resolve('none'), ms);
      socket.once(event, (payload: unknown) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });

  it('an admin of A gets A’s attendance, never B’s; sms:sent only with VIEW_SMS_HISTORY', async () => {
    const socket = await connect(await tokenOf((await newAdmin(schoolA, ['VIEW_ATTENDANCE'])).email));
    expect(await join(socket)).toEqual({ ok: true });
    const fromB = next(socket, 'attendance');
    emitRaw(app, schoolB, 'attendance', { id: 1, school: 'B' });
    expect(await fromB).toBe('none');
    const fromA = next(socket, 'attendance');
    emitRaw(app, schoolA, 'attendance', { id: 2, school: 'A' });
    expect(await fromA).toEqual({ id: 2, school: 'A' });
    const sms = next(socket, 'sms:sent');
    emitRaw(app, schoolA, 'sms:sent', { id: 3 });
    expect(await sms).toBe('none');
    socket.disconnect();
  });

  it('refuses an admin without a live permission, and a super admin’s token (joinSchool)', async () => {
    const none = await connect(await tokenOf((await newAdmin(schoolA, ['VIEW_STUDENTS'])).email));
    expect(await join(none)).toEqual({ ok: false });
    none.disconnect();
    const sa = await connect(root);
    expect(await join(sa)).toEqual({ ok: false });
    sa.disconnect();
  });

  it('a deactivation drops the admin’s socket at once', async () => {
    const a = await newAdmin(schoolA, ['VIEW_ATTENDANCE']);
    const socket = await connect(await tokenOf(a.email));
    expect(await join(socket)).toEqual({ ok: true });
    const dropped = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await as(root)(app, { method: 'PATCH', url: `/api/super-admin/admins/${a.id}`, payload: { isActive: false } });
    await dropped;
    expect(socket.connected).toBe(false);
  });

  it('a permission taken away drops the socket at the next check', async () => {
    const a = await newAdmin(schoolA, ['VIEW_ATTENDANCE']);
    const socket = await connect(await tokenOf(a.email));
    expect(await join(socket)).toEqual({ ok: true });
    const dropped = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await as(root)(app, {
      method: 'PATCH',
      url: `/api/super-admin/admins/${a.id}/permissions`,
      payload: { permissions: { VIEW_ATTENDANCE: false } },
    });
    await dropped;
    expect(socket.connected).toBe(false);
  });
});
