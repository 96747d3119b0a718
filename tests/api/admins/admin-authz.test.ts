import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { as, createTestApp, dbKind, loginSuperAdmin, multipart, WANT_TOKEN } from '../../helpers/app';
import { createSchool, insertStudent } from '../../helpers/schools';
import { studentData } from '../../helpers/students';
import { hashPassword } from '@core/auth/passwords';
import { nowIso, localDate } from '@core/time/time';
import { ADMIN_PERMISSIONS, ADMIN_ROLE_REQUIRED, permissionDeniedMessage, type RoutePermission } from '@domain/admins/console';
import { importTemplateCsv } from '@domain/students/import';
import type { RolloverChoices } from '@domain/school-year';
import { nextYearPlan } from '../../helpers/school-year';
import { startStandInGateway } from '../../fixtures/sms-gateway';
import { startStandInGraph } from '../../fixtures/graph-api';
import { correctionCases, deviceCases } from '../../helpers/admin-authz-devices';

/*
 * The school-admin authorization matrix: EVERY /api/admin route (collected from the route table, so a new route
 * without a case fails here) × no token, a super admin's token, an admin of school A with each single permission,
 * an admin of A with none, an admin of school B with all of them, and a deactivated admin — the exact status each
 * time. A case builds its own records, so the cells do not depend on each other's order.
 */

const routes = new Map<string, RoutePermission>();
// The device cells test and send through the stand-in gateway and Graph API (real HTTP on 127.0.0.1).
const gateway = await startStandInGateway();
const graph = await startStandInGraph();
const t = await createTestApp(
  {
    smsGatewayUrl: gateway.url,
    graphApiUrl: graph.url,
    rateLimits: { loginPerMinute: 1_000_000, loginPerEmailPer15Min: 1_000_000, publicFormsPerMinute: 1_000_000 },
  },
  {
    onRoute: (r) => {
      if (!r.url.startsWith('/api/admin/')) return;
      const permission = (r.config as { permission?: RoutePermission } | undefined)?.permission;
      for (const m of [r.method].flat()) if (m !== 'HEAD' && permission) routes.set(`${m} ${r.url}`, permission);
    },
  },
);
afterAll(async () => {
  await t.close();
  await gateway.close();
  await graph.close();
});
const { app } = t;
const root = await loginSuperAdmin(app);
const schoolA = (await createSchool(app, root, { name: 'Authz School A' })).id;
// School Form 2's files need the school's DepEd School ID.
await app.db.updateTable('schools').set({ depedSchoolId: '300001' }).where('id', '=', schoolA).execute();
const schoolB = (await createSchool(app, root, { name: 'Authz School B' })).id;

let seq = 0;
const PASSWORD = 'Registrar-Pass-2024!';
async function admin(schoolId: number, permissions: readonly string[]) {
  seq += 1;
  const email = `authz${seq}@school.test`;
  const now = nowIso();
  const row = await app.db
    .insertInto('admins')
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD, t.config.scryptCost),
      firstName: 'Reg',
      lastName: `Istrar${seq}`,
      employeeId: `AZ-${seq}`,
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
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: row.id, token: res.json().data.token as string };
}

const post = (url: string, payload: unknown) => ({ method: 'POST', url, payload }) as InjectOptions;
async function grade(schoolId = schoolA) {
  const res = await as(root)(app, post('/api/super-admin/grades', { schoolId, name: `G${(seq += 1)}`, level: 1 }));
  return res.json().data.id as number;
}
async function section(gradeId: number) {
  const res = await as(root)(app, post('/api/super-admin/sections', { schoolId: schoolA, gradeId, name: `S${(seq += 1)}` }));
  return res.json().data.id as number;
}
const archived = () => insertStudent(app, schoolA, { isArchived: 1 });
const csvFile = (schoolId: number) =>
  multipart([
    { name: 'schoolId', value: String(schoolId) },
    { name: 'file', filename: 'students.csv', content: Buffer.from(importTemplateCsv()), contentType: 'text/csv' },
  ]);
const today = () => localDate(new Date(), t.config.schoolTimezone);
// School calendar and SF2: school A's year, and a fresh date for each no-class day a cell declares.
const YEAR = { start: '2026-06-08', end: '2027-04-09' };
const yearSet = await as(root)(app, {
  method: 'PUT',
  url: `/api/super-admin/schools/${schoolA}/calendar/school-year`,
  payload: YEAR,
});
expect(yearSet.statusCode, yearSet.body).toBe(200);
const freshDate = () => new Date(Date.UTC(2027, 0, 1) + (seq += 1) * 86_400_000).toISOString().slice(0, 10);
async function noClassDay() {
  const date = freshDate();
  const res = await as(root)(
    app,
    post(`/api/super-admin/schools/${schoolA}/calendar/no-class-days`, { date, name: 'Typhoon', kind: 'SUSPENSION' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return date;
}

/** The rollover wizard's default plan for school A's current year (the next year starts the day after it ends). */
async function rolloverPlan() {
  const res = await as(root)(app, { method: 'GET', url: `/api/super-admin/schools/${schoolA}/school-year/rollover` });
  return nextYearPlan(res.json().data as RolloverChoices);
}

/** Undoes school A's rollovers still in force, newest first. */
async function undoRollovers() {
  for (;;) {
    const res = await as(root)(app, { method: 'GET', url: `/api/super-admin/schools/${schoolA}/school-year/rollover` });
    const last = (res.json().data as RolloverChoices).last;
    if (!last?.canUndo) return;
    const undo = await as(root)(
      app,
      post(`/api/super-admin/schools/${schoolA}/school-year/rollovers/${last.id}/undo`, undefined),
    );
    expect(undo.statusCode, undo.body).toBe(200);
  }
}

/** A finished background job in school A. */
async function schoolJob() {
  const at = new Date().toISOString();
  const job = { kind: 'ARCHIVE_STUDENTS', schoolId: schoolA, actorRole: 'SUPER_ADMIN', actorId: null, status: 'DONE' };
  const values = { ...job, total: 1, done: 1, message: '1 student archived', createdAt: at, updatedAt: at, finishedAt: at };
  return (await app.db.insertInto('bulkJobs').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * One valid request per route, about school A's records; `success` its status for an allowed admin of A;
 * `refersToSchool`: the request names school A (or its record), so an admin of school B gets 404, else B's own
 * school answers. `password` routes need the caller's current password.
 */
interface Case {
  request(caller: { password: string }): Promise<InjectOptions>;
  success: number;
  refersToSchool: boolean;
  /** Puts back what the case's successful call changed for the cases after it. */
  cleanup?: () => Promise<void>;
}
const CASES: Record<string, Case> = {
  'GET /api/admin/me': { request: async () => ({ method: 'GET', url: '/api/admin/me' }), success: 200, refersToSchool: false },
  'GET /api/admin/access-help': {
    request: async () => ({ method: 'GET', url: '/api/admin/access-help' }),
    success: 200,
    refersToSchool: false,
  },
  // The school's own settings: MANAGE_SCHOOL_SETTINGS.
  'GET /api/admin/schools/:id/settings': {
    request: async () => ({ method: 'GET', url: `/api/admin/schools/${schoolA}/settings` }),
    success: 200,
    refersToSchool: true,
  },
  'PUT /api/admin/schools/:id/settings': {
    request: async () => ({
      method: 'PUT',
      url: `/api/admin/schools/${schoolA}/settings`,
      payload: { schoolDays: [1, 2, 3, 4, 5], lateCutoff: '07:40', absenceCutoff: '10:00', depedSchoolId: '300001' },
    }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/change-password': {
    request: async (caller) =>
      post('/api/admin/change-password', { currentPassword: caller.password, newPassword: `Fresh-Pass-${(seq += 1)}-x` }),
    success: 200,
    refersToSchool: false,
  },
  'GET /api/admin/students': {
    request: async () => ({ method: 'GET', url: `/api/admin/students?schoolId=${schoolA}` }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/students/:id': {
    request: async () => ({ method: 'GET', url: `/api/admin/students/${await insertStudent(app, schoolA)}` }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/register-student': {
    request: async () => post('/api/admin/register-student', studentData(schoolA)),
    success: 201,
    refersToSchool: true,
  },
  'PATCH /api/admin/students/:id': {
    request: async () => ({
      method: 'PATCH',
      url: `/api/admin/students/${await insertStudent(app, schoolA)}`,
      payload: { firstName: 'Edited' },
    }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/students/:id/archive': {
    request: async () => post(`/api/admin/students/${await insertStudent(app, schoolA)}/archive`, { reason: 'Moved' }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/students/:id/password-slip': {
    request: async () => ({ method: 'POST', url: `/api/admin/students/${await insertStudent(app, schoolA)}/password-slip` }),
    success: 201,
    refersToSchool: true,
  },
  'POST /api/admin/students/:id/reset-slip': {
    request: async () => ({ method: 'POST', url: `/api/admin/students/${await insertStudent(app, schoolA)}/reset-slip` }),
    success: 201,
    refersToSchool: true,
  },
  'POST /api/admin/students/bulk-archive': {
    request: async () => post('/api/admin/students/bulk-archive', { ids: [await insertStudent(app, schoolA)] }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/students/:id/movement': {
    request: async () =>
      post(`/api/admin/students/${await insertStudent(app, schoolA)}/movement`, {
        kind: 'TRANSFERRED_IN',
        date: '2026-11-16',
        school: 'Rizal Central School',
      }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/students/archive-matching': {
    request: async () =>
      post('/api/admin/students/archive-matching', {
        filter: { schoolId: String(schoolA), ids: String(await insertStudent(app, schoolA)) },
        expected: 1,
      }),
    success: 202,
    refersToSchool: true,
  },
  'POST /api/admin/students/message-matching': {
    request: async () =>
      post('/api/admin/students/message-matching', {
        filter: { schoolId: String(schoolA), ids: String(await insertStudent(app, schoolA)) },
        expected: 1,
        message: 'Classes resume on Monday.',
        requestId: randomUUID(),
      }),
    success: 202,
    refersToSchool: true,
  },
  'GET /api/admin/students/jobs/:id': {
    request: async () => ({ method: 'GET', url: `/api/admin/students/jobs/${await schoolJob()}` }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/archived-students': {
    request: async () => ({ method: 'GET', url: `/api/admin/archived-students?schoolId=${schoolA}` }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/archived-students/:id/restore': {
    request: async () => ({ method: 'POST', url: `/api/admin/archived-students/${await archived()}/restore` }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/archived-students/bulk-restore': {
    request: async () => post('/api/admin/archived-students/bulk-restore', { ids: [await archived()] }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/students/import/template': {
    request: async () => ({ method: 'GET', url: '/api/admin/students/import/template' }),
    success: 200,
    refersToSchool: false,
  },
  'POST /api/admin/students/import/preview': {
    request: async () => ({ method: 'POST', url: '/api/admin/students/import/preview', ...csvFile(schoolA) }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/students/import/commit': {
    request: async () => ({ method: 'POST', url: '/api/admin/students/import/commit', ...csvFile(schoolA) }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/grades': {
    request: async () => ({ method: 'GET', url: `/api/admin/grades?schoolId=${schoolA}` }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/grades': {
    request: async () => post('/api/admin/grades', { schoolId: schoolA, name: `New ${(seq += 1)}`, level: 2 }),
    success: 201,
    refersToSchool: true,
  },
  'GET /api/admin/grades/:id': {
    request: async () => ({ method: 'GET', url: `/api/admin/grades/${await grade()}` }),
    success: 200,
    refersToSchool: true,
  },
  'PATCH /api/admin/grades/:id': {
    request: async () => ({ method: 'PATCH', url: `/api/admin/grades/${await grade()}`, payload: { description: 'Edited' } }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/sections': {
    request: async () => post('/api/admin/sections', { schoolId: schoolA, gradeId: await grade(), name: `Sec ${(seq += 1)}` }),
    success: 201,
    refersToSchool: true,
  },
  'GET /api/admin/sections/:schoolId/:gradeId': {
    request: async () => ({ method: 'GET', url: `/api/admin/sections/${schoolA}/${await grade()}` }),
    success: 200,
    refersToSchool: true,
  },
  'PATCH /api/admin/sections/:id': {
    request: async () => ({
      method: 'PATCH',
      url: `/api/admin/sections/${await section(await grade())}`,
      payload: { description: 'Edited' },
    }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/attendance-history': {
    request: async () => ({ method: 'GET', url: `/api/admin/attendance-history?schoolId=${schoolA}` }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/attendance-history/filter-options': {
    request: async () => ({ method: 'GET', url: `/api/admin/attendance-history/filter-options?schoolId=${schoolA}` }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/attendance/section-day': {
    request: async () => ({ method: 'GET', url: `/api/admin/attendance/section-day?sectionId=${await section(await grade())}` }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/attendance/excuse': {
    request: async () =>
      post('/api/admin/attendance/excuse', { studentId: await insertStudent(app, schoolA), date: today(), note: 'Fever' }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/sms-history': {
    request: async () => ({ method: 'GET', url: `/api/admin/sms-history?schoolId=${schoolA}` }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/capacity': {
    request: async () => ({ method: 'GET', url: `/api/admin/capacity?schoolId=${schoolA}` }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/sms-history/recipients': {
    request: async () => ({ method: 'GET', url: '/api/admin/sms-history/recipients?search=Stu' }),
    success: 200,
    refersToSchool: false,
  },
  'POST /api/admin/sms-history/messages': {
    request: async () =>
      post('/api/admin/sms-history/messages', { studentId: await insertStudent(app, schoolA), message: 'No classes tomorrow.' }),
    success: 202,
    refersToSchool: true,
  },
  'GET /api/admin/sms-alarms': {
    request: async () => ({ method: 'GET', url: `/api/admin/sms-alarms?schoolId=${schoolA}` }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/dashboard': {
    request: async () => ({ method: 'GET', url: '/api/admin/dashboard' }),
    success: 200,
    refersToSchool: false,
  },
  'GET /api/admin/dashboard/absent-five-days': {
    request: async () => ({ method: 'GET', url: '/api/admin/dashboard/absent-five-days' }),
    success: 200,
    refersToSchool: false,
  },
  'GET /api/admin/sms-history/group-choices': {
    request: async () => ({ method: 'GET', url: '/api/admin/sms-history/group-choices' }),
    success: 200,
    refersToSchool: false,
  },
  'GET /api/admin/sms-history/group-audience': {
    request: async () => ({ method: 'GET', url: `/api/admin/sms-history/group-audience?gradeId=${await grade()}` }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/sms-history/group-messages': {
    request: async () => {
      const gradeId = await grade();
      await app.db
        .updateTable('students')
        .set({ gradeId })
        .where('id', '=', await insertStudent(app, schoolA))
        .execute();
      return post('/api/admin/sms-history/group-messages', {
        gradeId,
        message: 'No classes on Friday.',
        requestId: randomUUID(),
      });
    },
    success: 202,
    refersToSchool: true,
  },
  'GET /api/admin/system-logs': {
    request: async () => ({ method: 'GET', url: '/api/admin/system-logs' }),
    success: 200,
    refersToSchool: false,
  },
  'GET /api/admin/system-logs/filters': {
    request: async () => ({ method: 'GET', url: '/api/admin/system-logs/filters' }),
    success: 200,
    refersToSchool: false,
  },
  // School calendar: MANAGE_ATTENDANCE.
  'GET /api/admin/schools/:id/calendar': {
    request: async () => ({ method: 'GET', url: `/api/admin/schools/${schoolA}/calendar` }),
    success: 200,
    refersToSchool: true,
  },
  'PUT /api/admin/schools/:id/calendar/school-year': {
    request: async () => ({ method: 'PUT', url: `/api/admin/schools/${schoolA}/calendar/school-year`, payload: YEAR }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/schools/:id/calendar/no-class-days': {
    request: async () => post(`/api/admin/schools/${schoolA}/calendar/no-class-days`, { date: freshDate(), name: 'Flood' }),
    success: 201,
    refersToSchool: true,
  },
  'DELETE /api/admin/schools/:id/calendar/no-class-days/:date': {
    request: async () => ({
      method: 'DELETE',
      url: `/api/admin/schools/${schoolA}/calendar/no-class-days/${await noClassDay()}`,
    }),
    success: 200,
    refersToSchool: true,
  },
  // School Form 2: VIEW_REPORTS.
  'GET /api/admin/schools/:id/sf2/choices': {
    request: async () => ({ method: 'GET', url: `/api/admin/schools/${schoolA}/sf2/choices` }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/schools/:schoolId/sections/:sectionId/sf2': {
    request: async () => ({
      method: 'GET',
      url: `/api/admin/schools/${schoolA}/sections/${await section(await grade())}/sf2?month=2026-11&format=xlsx`,
    }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/schools/:schoolId/sections/:sectionId/sf1': {
    request: async () => ({
      method: 'GET',
      url: `/api/admin/schools/${schoolA}/sections/${await section(await grade())}/sf1?format=xlsx`,
    }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/schools/:id/sf4': {
    request: async () => ({ method: 'GET', url: `/api/admin/schools/${schoolA}/sf4?month=2026-11` }),
    success: 200,
    refersToSchool: true,
  },
  'GET /api/admin/schools/:id/sf2.zip': {
    request: async () => ({ method: 'GET', url: `/api/admin/schools/${schoolA}/sf2.zip?month=2026-11` }),
    success: 200,
    refersToSchool: true,
  },
  // The school year's rollover: ROLL_OVER_SCHOOL_YEAR. A rollover made is undone after its case.
  'GET /api/admin/schools/:id/school-year/rollover': {
    request: async () => ({ method: 'GET', url: `/api/admin/schools/${schoolA}/school-year/rollover` }),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/schools/:id/school-year/rollover/preview': {
    request: async () => post(`/api/admin/schools/${schoolA}/school-year/rollover/preview`, await rolloverPlan()),
    success: 200,
    refersToSchool: true,
  },
  'POST /api/admin/schools/:id/school-year/rollover': {
    request: async () => post(`/api/admin/schools/${schoolA}/school-year/rollover`, await rolloverPlan()),
    success: 200,
    refersToSchool: true,
    cleanup: undoRollovers,
  },
  'POST /api/admin/schools/:id/school-year/rollovers/:rolloverId/undo': {
    request: async () => {
      const made = await as(root)(app, post(`/api/super-admin/schools/${schoolA}/school-year/rollover`, await rolloverPlan()));
      expect(made.statusCode, made.body).toBe(200);
      return post(`/api/admin/schools/${schoolA}/school-year/rollovers/${made.json().data.rollover.id}/undo`, undefined);
    },
    success: 200,
    refersToSchool: true,
    cleanup: undoRollovers,
  },
  ...deviceCases(app, root, schoolA, graph),
  ...correctionCases(app, schoolA, (id) => insertStudent(app, id)),
};

const single = new Map<string, { id: number; token: string; password: string }>();
for (const p of ADMIN_PERMISSIONS) single.set(p, { ...(await admin(schoolA, [p])), password: PASSWORD });
const none = { ...(await admin(schoolA, [])), password: PASSWORD };
const ofB = { ...(await admin(schoolB, ADMIN_PERMISSIONS)), password: PASSWORD };
const deactivated = await admin(schoolA, ADMIN_PERMISSIONS);
const off = await as(root)(app, {
  method: 'PATCH',
  url: `/api/super-admin/admins/${deactivated.id}`,
  payload: { isActive: false },
});
expect(off.statusCode, off.body).toBe(200);

/** The caller's password after a change-password cell (each admin changes it once at most). */
const remember = (caller: { password: string }, opts: InjectOptions, status: number) => {
  if (status === 200 && opts.url === '/api/admin/change-password')
    caller.password = (opts.payload as { newPassword: string }).newPassword;
};

describe(`school-admin authorization matrix (${dbKind})`, () => {
  it('has a case for every /api/admin route, and every route declares its permission', () => {
    expect([...routes.keys()].sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [key, c] of Object.entries(CASES)) {
    it(key, async () => {
      const permission = routes.get(key)!;
      const send = async (token: string | null, caller = { password: PASSWORD }) => {
        const opts = await c.request(caller);
        const res = token ? await as(token)(app, opts) : await app.inject(opts);
        remember(caller, opts, res.statusCode);
        return res;
      };
      const failures: string[] = [];
      const expectStatus = (who: string, res: { statusCode: number; body: string }, status: number, message?: string) => {
        // Error replies are JSON; a success may be CSV or NDJSON (the import template and commit).
        const body = (message ? JSON.parse(res.body) : {}) as { message?: string };
        if (res.statusCode !== status || (message && body.message !== message))
          failures.push(
            `${who}: ${res.statusCode} ${res.body.slice(0, 160)} (expected ${status}${message ? ` "${message}"` : ''})`,
          );
      };

      expectStatus('no token', await send(null), 401, 'Your session has expired. Please sign in again.');
      expectStatus('super admin', await send(root), 403, ADMIN_ROLE_REQUIRED);
      for (const [p, caller] of single) {
        const allowed = permission === 'OWN_ACCOUNT' || permission === p;
        const res = await send(caller.token, caller);
        if (allowed) expectStatus(`admin of A with ${p}`, res, c.success);
        else expectStatus(`admin of A with ${p}`, res, 403, permissionDeniedMessage(permission as never));
      }
      const noneRes = await send(none.token, none);
      if (permission === 'OWN_ACCOUNT') expectStatus('admin of A with none', noneRes, c.success);
      else expectStatus('admin of A with none', noneRes, 403, permissionDeniedMessage(permission as never));
      expectStatus('admin of B with all', await send(ofB.token, ofB), c.refersToSchool ? 404 : c.success);
      expectStatus('deactivated admin', await send(deactivated.token), 401, 'Your session has expired. Please sign in again.');
      await c.cleanup?.();
      expect(failures).toEqual([]);
    });
  }
});
