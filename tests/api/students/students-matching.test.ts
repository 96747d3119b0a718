import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { insertCardStudents } from '../../helpers/rfid';
import { createSchool, logsOf } from '../../helpers/schools';
import { createGradeAndSection } from '../../helpers/students';
import type { BulkJob } from '@domain/students/matching';

/*
 * "All N matching this filter": archive or message every learner a filter matches, beyond the page shown, as a
 * background job with its progress, the count confirmed, one log entry with the count.
 */
describe(`students: act on all matching the filter (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let schoolA: number;
  let schoolB: number;
  let tag = 0;

  beforeAll(async () => {
    t = await createTestApp();
    root = await loginSuperAdmin(t.app);
    schoolA = (await createSchool(t.app, root, { name: 'Matching School A', acronym: 'MSA' })).id;
    schoolB = (await createSchool(t.app, root, { name: 'Matching School B', acronym: 'MSB' })).id;
  });
  afterAll(async () => t.close());

  /** `n` learners of the school in a new grade (and `others` more outside it); returns the grade's id. */
  async function learners(schoolId: number, n: number, others = 0) {
    tag += 1;
    const { gradeId } = await createGradeAndSection(t.app, root, schoolId, { grade: `Grade M${tag}`, section: `Narra ${tag}` });
    const name = `Match${tag}`;
    const cards = Array.from({ length: n + others }, (_, i) => `M${tag}C${i}`);
    await insertCardStudents(t.app.db, schoolId, cards, name, 700000000000 + tag * 10_000);
    const rows = await t.app.db
      .selectFrom('students')
      .select('id')
      .where('lastName', 'like', `${name} %`)
      .orderBy('id')
      .execute();
    await t.app.db
      .updateTable('students')
      .set({ gradeId })
      .where(
        'id',
        'in',
        rows.slice(0, n).map((r) => r.id),
      )
      .execute();
    return { gradeId, name };
  }
  const activeIn = async (gradeId: number) =>
    Number(
      (
        await t.app.db
          .selectFrom('students')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('gradeId', '=', gradeId)
          .where('isArchived', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const job = async (token: string, id: number, base = '/api/super-admin') => {
    const res = await as(token)(t.app, { method: 'GET', url: `${base}/students/jobs/${id}` });
    return res;
  };

  it('archives all 250 learners a grade matches in the background, with progress, logged once with its count', async () => {
    const { gradeId } = await learners(schoolA, 250, 30);
    const res = await as(root)(t.app, {
      method: 'POST',
      url: '/api/super-admin/students/archive-matching',
      payload: { filter: { schoolId: String(schoolA), gradeId: String(gradeId) }, expected: 250, reason: 'Moved to the annex' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json().data as BulkJob;
    expect(started).toMatchObject({ kind: 'ARCHIVE_STUDENTS', total: 250, message: 'Archiving 250 students' });
    expect(res.json().message).toBe('Archiving 250 students');

    await t.app.jobs.drain();
    const done = await job(root, started.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'DONE', done: 250, total: 250, message: '250 students archived' });
    expect(done.json().data.finishedAt).not.toBeNull();
    expect(await activeIn(gradeId)).toBe(0);
    // The 30 outside the grade are untouched.
    const rest = await t.app.db
      .selectFrom('students')
      .select('isArchived')
      .where('schoolId', '=', schoolA)
      .where('gradeId', 'is', null)
      .execute();
    expect(rest.filter((r) => r.isArchived === 0).length).toBeGreaterThanOrEqual(30);

    const logs = await logsOf(t.app, 'ARCHIVE_STUDENTS_MATCHING');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ entity: 'BulkJob', entityId: String(started.id) });
    expect(logs[0]!.details).toMatchObject({
      count: 250,
      of: 250,
      reason: 'Moved to the annex',
      filter: { schoolId: schoolA, gradeId },
    });
    expect(await logsOf(t.app, 'ARCHIVE_STUDENT')).toHaveLength(0);
  });

  it('refuses a count that is no longer true (409), a filter matching nobody and a missing count (400); nothing is written', async () => {
    const { gradeId } = await learners(schoolA, 12);
    const post = (payload: Record<string, unknown>) =>
      as(root)(t.app, { method: 'POST', url: '/api/super-admin/students/archive-matching', payload });
    const jobsBefore = (await t.app.db.selectFrom('bulkJobs').select('id').execute()).length;

    const changed = await post({ filter: { schoolId: String(schoolA), gradeId: String(gradeId) }, expected: 11 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(
      'The list changed: 12 students match this filter now. Check the count and confirm again.',
    );
    const nobody = await post({ filter: { schoolId: String(schoolA), searchTerm: 'zz-no-such-learner' }, expected: 3 });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe('No students match this filter');
    const noCount = await post({ filter: { schoolId: String(schoolA), gradeId: String(gradeId) } });
    expect(noCount.statusCode).toBe(400);
    expect(noCount.json().message).toBe('Confirm how many students this is for');

    expect(await activeIn(gradeId)).toBe(12);
    expect((await t.app.db.selectFrom('bulkJobs').select('id').execute()).length).toBe(jobsBefore);
  });

  it("a school admin acts on their own school only, needs the action's permission, and reads their school's jobs only", async () => {
    const { gradeId: own } = await learners(schoolA, 5);
    const { gradeId: other } = await learners(schoolB, 4);
    const admin = await signedInAdmin(t.app, schoolA, ['VIEW_STUDENTS', 'ARCHIVE_STUDENTS']);
    const post = (token: string, payload: Record<string, unknown>) =>
      as(token)(t.app, { method: 'POST', url: '/api/admin/students/archive-matching', payload });

    const foreign = await post(admin.token, { filter: { schoolId: String(schoolB), gradeId: String(other) }, expected: 4 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('School not found');
    // Another school's grade with no school named: the admin's own school has no learner in it.
    const foreignGrade = await post(admin.token, { filter: { gradeId: String(other) }, expected: 4 });
    expect(foreignGrade.statusCode).toBe(400);
    expect(foreignGrade.json().message).toBe('No students match this filter');
    expect(await activeIn(other)).toBe(4);

    const ok = await post(admin.token, { filter: { gradeId: String(own) }, expected: 5 });
    expect(ok.statusCode, ok.body).toBe(202);
    await t.app.jobs.drain();
    expect(await activeIn(own)).toBe(0);
    const mine = await job(admin.token, ok.json().data.id, '/api/admin');
    expect(mine.json().data).toMatchObject({ status: 'DONE', done: 5 });
    // The super admin sees every school's jobs; an admin of another school sees none of A's.
    expect((await job(root, ok.json().data.id)).json().data).toMatchObject({ status: 'DONE', done: 5 });
    const otherAdmin = await signedInAdmin(t.app, schoolB, ['VIEW_STUDENTS']);
    const notTheirs = await job(otherAdmin.token, ok.json().data.id, '/api/admin');
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('Job not found');

    const viewer = await signedInAdmin(t.app, schoolA, ['VIEW_STUDENTS']);
    const refused = await post(viewer.token, { filter: {}, expected: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to archive or restore students');
    const message = await as(viewer.token)(t.app, {
      method: 'POST',
      url: '/api/admin/students/message-matching',
      payload: { filter: {}, expected: 1, message: 'Hi', requestId: randomUUID() },
    });
    expect(message.statusCode).toBe(403);
    expect(message.json().message).toBe('You do not have permission to send messages to parents');
  });

  it('messages the parents of every matching learner once; a retry, or the message sent again after a job stopped half-way, queues nothing twice', async () => {
    const { gradeId } = await learners(schoolB, 130, 5);
    const inGrade = (
      await t.app.db.selectFrom('students').select('id').where('gradeId', '=', gradeId).orderBy('id').execute()
    ).map((r) => r.id);
    const payload = {
      filter: { schoolId: String(schoolB), gradeId: String(gradeId) },
      expected: 130,
      message: 'Classes resume on Monday.',
      requestId: randomUUID(),
    };
    const post = (body: Record<string, unknown>) =>
      as(root)(t.app, { method: 'POST', url: '/api/super-admin/students/message-matching', payload: body });
    const intents = async () =>
      (
        await t.app.db
          .selectFrom('notificationOutbox')
          .select('studentId')
          .where('idempotencyKey', 'like', 'CUSTOM:text:%')
          .where('studentId', 'in', inGrade)
          .execute()
      ).map((r) => r.studentId);

    // A job that stopped after its first step (100 learners): what it queued is what a restart keeps.
    const half = await post({
      ...payload,
      filter: { schoolId: String(schoolB), ids: inGrade.slice(0, 100).join(',') },
      expected: 100,
    });
    expect(half.statusCode, half.body).toBe(202);
    await t.app.jobs.drain();
    expect(await intents()).toHaveLength(100);

    // Sent again for the whole grade, as a new request: only the other 30 are queued.
    const againId = randomUUID();
    const again = await post({ ...payload, requestId: againId });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().data).toMatchObject({ kind: 'MESSAGE_GUARDIANS', total: 130 });
    await t.app.jobs.drain();
    expect((await job(root, again.json().data.id)).json().data).toMatchObject({
      status: 'DONE',
      done: 130,
      message: 'Message queued for the parents of 30 students (100 already had this message today)',
    });
    expect((await intents()).sort((a, b) => a! - b!)).toEqual(inGrade);

    // The same request retried (a lost answer): nothing more.
    const retry = await post({ ...payload, requestId: againId });
    await t.app.jobs.drain();
    expect((await job(root, retry.json().data.id)).json().data.message).toBe(
      'Message queued for the parents of 0 students (130 already had this message today)',
    );
    expect(await intents()).toHaveLength(130);
    // Logged once per request that queued something, each with its count.
    const logs = (await logsOf(t.app, 'MESSAGE_STUDENTS_MATCHING')).filter((l) => l.details.filter.schoolId === schoolB);
    expect(logs.map((l) => l.details.count).sort()).toEqual([100, 30]);

    const noSchool = await post({ ...payload, filter: { gradeId: String(gradeId) }, requestId: randomUUID() });
    expect(noSchool.statusCode).toBe(400);
    expect(noSchool.json().message).toBe('Choose a school first: a message goes to one school’s parents');
  });

  it('the rows chosen on a page are a filter too: their CSV export and their parents’ message; a bad id list is 400', async () => {
    const { gradeId } = await learners(schoolA, 6);
    const rows = await t.app.db
      .selectFrom('students')
      .select(['id', 'lrn'])
      .where('gradeId', '=', gradeId)
      .orderBy('id')
      .execute();
    const chosen = rows.slice(0, 2);
    const ids = chosen.map((r) => r.id).join(',');
    const csv = await as(root)(t.app, {
      method: 'GET',
      url: `/api/super-admin/students?format=csv&schoolId=${schoolA}&ids=${ids}`,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n').slice(1);
    expect(lines).toHaveLength(2);
    for (const r of chosen) expect(csv.body).toContain(r.lrn);

    const requestId = randomUUID();
    const sent = await as(root)(t.app, {
      method: 'POST',
      url: '/api/super-admin/students/message-matching',
      payload: { filter: { schoolId: String(schoolA), ids }, expected: 2, message: 'Bring your reply slip.', requestId },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await t.app.jobs.drain();
    const keys = await t.app.db
      .selectFrom('notificationOutbox')
      .select('studentId')
      .where('idempotencyKey', 'like', 'CUSTOM:text:%')
      .where(
        'studentId',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('studentId')
      .execute();
    expect(keys.map((k) => k.studentId)).toEqual(chosen.map((r) => r.id));

    const bad = await as(root)(t.app, { method: 'GET', url: `/api/super-admin/students?schoolId=${schoolA}&ids=1,x` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Students must be a comma-separated list of at most 500 ids');
  });

  it('a job left RUNNING by a restart reads FAILED once silent for a minute, with what was done', async () => {
    const old = new Date(Date.now() - 2 * 60_000).toISOString();
    const superAdmin = await t.app.db.selectFrom('superAdmins').select('id').executeTakeFirstOrThrow();
    const row = await t.app.db
      .insertInto('bulkJobs')
      .values({
        kind: 'ARCHIVE_STUDENTS',
        schoolId: schoolA,
        actorRole: 'SUPER_ADMIN',
        actorId: superAdmin.id,
        status: 'RUNNING',
        total: 100,
        done: 40,
        message: 'Archiving 100 students',
        createdAt: old,
        updatedAt: old,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await job(root, row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'FAILED',
      done: 40,
      message: 'Stopped after 40 of 100 by a server restart: what was done is kept; run it again for the rest',
    });
    const stored = await t.app.db.selectFrom('bulkJobs').select('status').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('FAILED');
  });
});
