import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { createSchool, insertStudent, logsOf } from '../../helpers/schools';
import { startSmtpInbox } from '../../helpers/smtp';
import { createSession } from '@core/auth/sessions';
import { RESET_MESSAGES } from '@domain/auth/password-reset';

const NEW_PASSWORD = 'Lantern-Orchid-Meadow-42';
const SITE = 'https://attendance.school.example';
const LINK = new RegExp(`${SITE.replace(/\./g, '\\.')}/reset-password#token=([A-Za-z0-9_-]{40,})`);

const requestReset = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset/request', payload: { email } });
const useReset = (t: TestApp, token: string, newPassword = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { token, newPassword } });
const signIn = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

afterEach(() => {
  vi.useRealTimers();
});

describe(`password reset by e-mail (${dbKind})`, () => {
  let t: TestApp;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await createTestApp({ smtpUrl: inbox.url, siteUrl: SITE, mailFrom: 'reset@school.example' });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('answers an unknown e-mail like a known one and mails only the account: its link works once and ends its sessions', async () => {
    const oldToken = await loginSuperAdmin(t.app);
    const unknown = await requestReset(t, 'nobody@school.test');
    const known = await requestReset(t, SUPER_ADMIN.email);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ success: true, data: { byEmail: true }, message: RESET_MESSAGES.requestSent });

    // The unknown address was asked for first: had it sent anything, that would be the first message here.
    const mail = await inbox.next();
    expect(mail.to).toEqual([SUPER_ADMIN.email]);
    expect(mail.headers.from).toContain('reset@school.example');
    const token = LINK.exec(mail.text)?.[1];
    expect(token, mail.text).toBeTruthy();
    expect(inbox.pending()).toBe(0);

    // Only a hash is stored, and neither the token nor the link is in the log.
    const rows = await t.app.db.selectFrom('passwordResets').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'SUPER_ADMIN', kind: 'EMAIL', usedAt: null });
    expect(rows[0]!.tokenHash).not.toContain(token!);

    const reset = await useReset(t, token!);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(RESET_MESSAGES.done);

    const again = await useReset(t, token!, 'Another-Fresh-Pass-77');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_MESSAGES.used);

    const profile = await as(oldToken)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    expect(profile.statusCode).toBe(401);
    expect((await signIn(t, SUPER_ADMIN.email, SUPER_ADMIN.password)).statusCode).toBe(401);
    expect((await signIn(t, SUPER_ADMIN.email, NEW_PASSWORD)).statusCode).toBe(200);

    const requested = await logsOf(t.app, 'PASSWORD_RESET_REQUESTED');
    expect(requested).toHaveLength(1);
    const done = await logsOf(t.app, 'PASSWORD_RESET');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ entity: 'SuperAdmin', entityId: String(rows[0]!.userId) });
    expect(done[0]!.details).toMatchObject({ by: 'EMAIL', sessionsRevoked: 1 });
    const allLogs = JSON.stringify(await t.app.db.selectFrom('systemLogs').selectAll().execute());
    expect(allLogs).not.toContain(token!);
  });

  it("refuses a school admin's link after 30 minutes and an unknown token, and a weak password uses nothing", async () => {
    const root = await loginSuperAdmin(t.app, { email: SUPER_ADMIN.email, password: NEW_PASSWORD });
    const school = await createSchool(t.app, root);
    const admin = await signedInAdmin(t.app, school.id, []);
    await requestReset(t, admin.email);
    const mail = await inbox.next();
    expect(mail.to).toEqual([admin.email]);
    const token = LINK.exec(mail.text)![1]!;

    const weak = await useReset(t, token, 'password123');
    expect(weak.statusCode).toBe(400);
    const unknown = await useReset(t, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(RESET_MESSAGES.unknown);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const late = await useReset(t, token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(RESET_MESSAGES.expired);
    vi.useRealTimers();

    // Still the old password, and the session still works.
    expect((await as(admin.token)(t.app, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(200);
    expect((await logsOf(t.app, 'PASSWORD_RESET')).filter((l) => l.entity === 'Admin')).toHaveLength(0);
  });
});

describe(`password reset without e-mail: slips (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let schoolA: number;
  let schoolB: number;
  beforeAll(async () => {
    t = await createTestApp();
    root = await loginSuperAdmin(t.app);
    schoolA = (await createSchool(t.app, root)).id;
    schoolB = (await createSchool(t.app, root)).id;
  });
  afterAll(async () => t.close());

  it('says who resets the password, and stores and logs nothing', async () => {
    const res = await requestReset(t, SUPER_ADMIN.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { byEmail: false }, message: RESET_MESSAGES.whoResets });
    expect(res.json().message).toMatch(/registrar/);
    expect(res.json().message).toMatch(/super admin/);
    expect(await t.app.db.selectFrom('passwordResets').selectAll().execute()).toHaveLength(0);
  });

  it("a registrar's slip for a learner of their school works once and ends the learner's sessions", async () => {
    const studentId = await insertStudent(t.app, schoolA);
    const student = await t.app.db.selectFrom('students').select(['lrn']).where('id', '=', studentId).executeTakeFirstOrThrow();
    const session = await createSession(t.app.db, 'STUDENT', studentId);
    const registrar = await signedInAdmin(t.app, schoolA, ['VIEW_STUDENTS', 'MANAGE_STUDENTS']);

    const issued = await as(registrar.token)(t.app, { method: 'POST', url: `/api/admin/students/${studentId}/reset-slip` });
    expect(issued.statusCode, issued.body).toBe(201);
    const slip = issued.json().data;
    expect(slip.code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(slip.signInAs).toBe(student.lrn);
    const log = (await logsOf(t.app, 'ISSUE_RESET_SLIP'))[0]!;
    expect(log).toMatchObject({ entity: 'Student', entityId: String(studentId), schoolId: schoolA });
    expect(JSON.stringify(log)).not.toContain(slip.code);

    // Typed from paper: capitals and spaces instead of dashes still match.
    const typed = slip.code.toUpperCase().replace(/-/g, ' ');
    const used = await useReset(t, typed);
    expect(used.statusCode, used.body).toBe(200);
    expect((await useReset(t, slip.code, 'Another-Fresh-Pass-77')).json().message).toBe(RESET_MESSAGES.used);

    expect((await as(session.token)(t.app, { method: 'GET', url: '/api/student/profile' })).statusCode).toBe(401);
    expect((await signIn(t, student.lrn, NEW_PASSWORD)).statusCode).toBe(200);
    const done = (await logsOf(t.app, 'PASSWORD_RESET'))[0]!;
    expect(done).toMatchObject({ entity: 'Student', entityId: String(studentId), schoolId: schoolA });
    expect(done.details).toMatchObject({ by: 'SLIP', sessionsRevoked: 1 });
  });

  it("a registrar cannot issue a slip for another school's learner, nor without MANAGE_STUDENTS", async () => {
    const other = await insertStudent(t.app, schoolB);
    const own = await insertStudent(t.app, schoolA);
    const registrar = await signedInAdmin(t.app, schoolA, ['VIEW_STUDENTS', 'MANAGE_STUDENTS']);
    const viewer = await signedInAdmin(t.app, schoolA, ['VIEW_STUDENTS']);
    const before = await t.app.db.selectFrom('passwordResets').selectAll().execute();

    const foreign = await as(registrar.token)(t.app, { method: 'POST', url: `/api/admin/students/${other}/reset-slip` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Student not found');
    const unpermitted = await as(viewer.token)(t.app, { method: 'POST', url: `/api/admin/students/${own}/reset-slip` });
    expect(unpermitted.statusCode).toBe(403);
    const adminSlip = await as(registrar.token)(t.app, {
      method: 'POST',
      url: `/api/super-admin/admins/${viewer.id}/reset-slip`,
    });
    expect(adminSlip.statusCode).toBe(403);

    expect(await t.app.db.selectFrom('passwordResets').selectAll().execute()).toEqual(before);
  });

  it("the super admin's slip for a school admin replaces the earlier one and expires after 24 hours", async () => {
    const admin = await signedInAdmin(t.app, schoolA, []);
    const issue = () => as(root)(t.app, { method: 'POST', url: `/api/super-admin/admins/${admin.id}/reset-slip` });
    const first = (await issue()).json().data;
    const second = await issue();
    expect(second.statusCode).toBe(201);
    expect(second.json().data.signInAs).toBe(admin.email);
    expect((await useReset(t, first.code)).json().message).toBe(RESET_MESSAGES.used);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60_000 + 60_000);
    const late = await useReset(t, second.json().data.code);
    expect(late.json().message).toBe(RESET_MESSAGES.expired);
    vi.useRealTimers();

    const fresh = (await issue()).json().data;
    expect((await useReset(t, fresh.code)).statusCode).toBe(200);
    expect((await as(admin.token)(t.app, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
    expect((await signIn(t, admin.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await logsOf(t.app, 'ISSUE_RESET_SLIP')).toHaveLength(4);
  });
});
