import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { createSchool, logsOf } from '../../helpers/schools';
import { createReader, insertCardStudent, intentsOf, postTaps } from '../../helpers/rfid';
import { runAbsenceJob } from '../../../server/features/attendance/absence-job';
import { MOVEMENT_MESSAGES } from '@domain/students/movement';
import { addDays, localDate } from '@core/time/time';

/*
 * A learner's movement: transferred in or out, dropped out with SF2's reason code, NLPA, back on the roll. Recorded
 * from the learner's page, logged; a learner who left is nobody's absence and their taps make no record.
 */
describe(`students: movement in and out of the school (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let schoolId: number;
  let seq = 0;
  const move = (id: number, payload: Record<string, unknown>, token = root, base = '/api/super-admin') =>
    as(token)(t.app, { method: 'POST', url: `${base}/students/${id}/movement`, payload });
  const learner = async () => insertCardStudent(t.app, schoolId, `MV${(seq += 1)}00001`);

  beforeAll(async () => {
    t = await createTestApp();
    root = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, root, { name: 'Movement School', acronym: 'MVS' })).id;
  });
  afterAll(async () => t.close());

  it('records a transfer out, refuses a second leaving, and brings the learner back on the roll; each logged', async () => {
    const id = await learner();
    const out = await move(id, { kind: 'TRANSFERRED_OUT', date: '2026-11-20', school: 'Mabini Elementary School' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({
      message: 'Transferred out: recorded',
      data: { id, leftOn: '2026-11-20', leftReason: 'TRANSFERRED_OUT', leftDetail: 'Mabini Elementary School' },
    });
    const again = await move(id, { kind: 'NLPA', date: '2026-11-25' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This learner left on 2026-11-20: record them back on the roll first');

    const back = await move(id, { kind: 'BACK' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ leftOn: null, leftReason: null, leftDetail: null });
    const twice = await move(id, { kind: 'BACK' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MOVEMENT_MESSAGES.notLeft);

    const logs = (await logsOf(t.app, 'RECORD_LEARNER_MOVEMENT')).filter((l) => l.entityId === String(id));
    expect(logs.map((l) => l.details.kind)).toEqual(['BACK', 'TRANSFERRED_OUT']);
    expect(logs[0]!.details.before).toMatchObject({ leftOn: '2026-11-20', leftReason: 'TRANSFERRED_OUT' });
  });

  it('a drop-out carries its SF2 reason code ("f" with words); a transfer in its school; bad input is 400 and writes nothing', async () => {
    const id = await learner();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'MOVED' }, MOVEMENT_MESSAGES.kind],
      [{ kind: 'DROPPED_OUT', date: '2026-11-20' }, MOVEMENT_MESSAGES.reason],
      [{ kind: 'DROPPED_OUT', date: '2026-11-20', reasonCode: 'z.9' }, MOVEMENT_MESSAGES.reason],
      [{ kind: 'DROPPED_OUT', date: '2026-11-20', reasonCode: 'f' }, MOVEMENT_MESSAGES.other],
      [{ kind: 'TRANSFERRED_OUT', date: '2026-11-20', school: '  ' }, MOVEMENT_MESSAGES.school],
      [{ kind: 'NLPA', date: '2026-02-30' }, MOVEMENT_MESSAGES.date],
      [{ kind: 'NLPA', date: '2019-12-31' }, MOVEMENT_MESSAGES.beforeEnrolment('2020-01-01')],
    ];
    for (const [payload, message] of bad) {
      const res = await move(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await logsOf(t.app, 'RECORD_LEARNER_MOVEMENT')).filter((l) => l.entityId === String(id))).toEqual([]);

    const drop = await move(id, { kind: 'DROPPED_OUT', date: '2026-11-23', reasonCode: 'f', other: 'Family moved abroad' });
    expect(drop.json().data).toMatchObject({ leftReason: 'DROPPED_OUT', leftDetail: 'f: Family moved abroad' });

    const newcomer = await learner();
    const tin = await move(newcomer, { kind: 'TRANSFERRED_IN', date: '2026-11-16', school: 'Rizal Central School' });
    expect(tin.json().data).toMatchObject({ enrolmentDate: '2026-11-16', transferInFrom: 'Rizal Central School' });
  });

  it('a learner who left is nobody’s absence, and a tap of theirs is kept as NOT_ENROLLED with no record nor message', async () => {
    const reader = await createReader(t.app, root, { schoolId });
    const today = localDate(new Date(), t.config.schoolTimezone);
    const gone = await insertCardStudent(t.app, schoolId, 'AB0000A1');
    const stays = await insertCardStudent(t.app, schoolId, 'AB0000A2');
    expect((await move(gone, { kind: 'DROPPED_OUT', date: addDays(today, -3), reasonCode: 'b.1' })).statusCode).toBe(200);

    const tap = await postTaps(t.app, reader.token, {
      events: [
        { eventId: 'mv-1', cardUid: 'AB0000A1', tappedAt: new Date().toISOString() },
        { eventId: 'mv-2', cardUid: 'AB0000A2', tappedAt: new Date().toISOString() },
      ],
    });
    expect(tap.statusCode).toBe(200);
    expect(tap.json().data.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'NOT_ENROLLED',
      expect.stringMatching(/^(CHECK_IN|LATE|NOT_SCHOOL_DAY)$/),
    ]);
    const records = await t.app.db.selectFrom('attendanceRecords').select('studentId').where('studentId', '=', gone).execute();
    expect(records).toEqual([]);
    expect(await intentsOf(t.app, gone)).toEqual([]);

    // The absence job, run for the day before yesterday (after the learner left), leaves them out.
    const day = addDays(today, -2);
    await runAbsenceJob(t.app.db, { defaultTimeZone: t.config.schoolTimezone, now: new Date(`${day}T12:00:00+08:00`) });
    const marked = await t.app.db
      .selectFrom('attendanceRecords')
      .select(['studentId', 'date'])
      .where('studentId', 'in', [gone, stays])
      .where('date', '=', day)
      .execute();
    expect(marked.map((r) => r.studentId)).not.toContain(gone);
  });

  it("a school admin records movements with MANAGE_STUDENTS for their own school's learners only", async () => {
    const own = await learner();
    const otherSchool = (await createSchool(t.app, root, { name: 'Other Movement School', acronym: 'OMS' })).id;
    const foreign = await insertCardStudent(t.app, otherSchool, 'MVF0001');
    const manager = await signedInAdmin(t.app, schoolId, ['VIEW_STUDENTS', 'MANAGE_STUDENTS']);
    const viewer = await signedInAdmin(t.app, schoolId, ['VIEW_STUDENTS']);
    const ok = await move(own, { kind: 'NLPA', date: '2026-11-20' }, manager.token, '/api/admin');
    expect(ok.statusCode, ok.body).toBe(200);
    const notTheirs = await move(foreign, { kind: 'NLPA', date: '2026-11-20' }, manager.token, '/api/admin');
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('Student not found');
    const refused = await move(own, { kind: 'BACK' }, viewer.token, '/api/admin');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to register or edit students');
  });
});
