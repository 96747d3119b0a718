import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { at, createReader, insertCardStudent, lastSchoolDay, postTaps, schoolYearAround } from '../../helpers/rfid';
import { signedInAdmin } from '../../helpers/admins';
import { testClock } from '../../helpers/clock';
import { GATE_MESSAGES } from '@domain/gate';

/** Device Management's unknown cards: a card given to a learner in one step, and its earlier taps of the day count. */
describe(`unknown card assignment (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let schoolId: number;
  let otherSchoolId: number;
  let gateToken: string;
  const day = lastSchoolDay();
  let seq = 0;

  const unknownList = async (token = root, base = '/api/super-admin') =>
    (await as(token)(t.app, { method: 'GET', url: `${base}/rfid-taps/unknown` })).json().data as Array<{
      id: number;
      cardUid: string;
    }>;
  const assign = (tapId: number, studentId: unknown, token = root, base = '/api/super-admin') =>
    as(token)(t.app, { method: 'POST', url: `${base}/rfid-taps/unknown/${tapId}/assign`, payload: { studentId } });
  /** Taps of a card no learner holds at the gate, at these school-local times of `day`; the first tap's id. */
  const unknownTaps = async (card: string, times: string[]) => {
    for (const time of times) {
      const res = await postTaps(t.app, gateToken, { eventId: `u-${(seq += 1)}`, cardUid: card, tappedAt: at(day, time) });
      expect(res.json().data.outcome).toBe('UNKNOWN_CARD');
    }
    return (await unknownList()).filter((u) => u.cardUid === card).at(-1)!.id;
  };
  const newStudent = (school = schoolId) =>
    t.app.db
      .insertInto('students')
      .values({
        firstName: 'Nena',
        lastName: `Newcard${(seq += 1)}`,
        email: `nena${seq}-${Date.now()}@school.test`,
        passwordHash: 'x',
        lrn: String(300000000000 + seq + (Date.now() % 1_000_000) * 100),
        parentPhone: '+639171234567',
        schoolId: school,
        createdAt: '2020-01-01T00:00:00.000Z',
        updatedAt: '2020-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  const recordOf = (studentId: number) =>
    t.app.db.selectFrom('attendanceRecords').selectAll().where('studentId', '=', studentId).where('date', '=', day).execute();

  beforeAll(async () => {
    t = await createTestApp({}, { clock: testClock(at(day, '17:00')) });
    root = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, root)).id;
    otherSchoolId = (await createSchool(t.app, root)).id;
    await schoolYearAround(t.app, schoolId, day);
    gateToken = (await createReader(t.app, root, { schoolId, kind: 'GATE' })).token;
  });
  afterAll(() => t.close());

  it('gives the card to the learner; the morning tap is the check-in, the afternoon one the check-out', async () => {
    const tapId = await unknownTaps('0012345678', ['07:30', '16:30']);
    const studentId = await newStudent();
    const res = await assign(tapId, studentId);
    expect(res.statusCode).toBe(200);
    const name = `Nena Newcard${seq}`;
    expect(res.json()).toMatchObject({
      data: { studentId, cardUid: '0012345678', counted: 2 },
      message: GATE_MESSAGES.assigned(name, 2),
    });
    expect(res.json().message).toBe(`Card assigned to ${name}: 2 earlier taps of the day counted`);
    const student = await t.app.db
      .selectFrom('students')
      .select('rfidCardId')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(student.rfidCardId).toBe('0012345678');
    const [record] = await recordOf(studentId);
    expect(record).toMatchObject({ status: 'PRESENT', checkInAt: at(day, '07:30'), checkOutAt: at(day, '16:30') });
    expect((await unknownList()).map((u) => u.cardUid)).not.toContain('0012345678');
    expect((await logsOf(t.app, 'ASSIGN_UNKNOWN_CARD'))[0]).toMatchObject({
      entityId: String(studentId),
      details: { tapId, day, earlierTaps: 2, changes: { rfidCardId: { from: null, to: '0012345678' } } },
    });
    // The card is known from now on, in its hex print too.
    const next = await postTaps(t.app, gateToken, {
      eventId: `u-${(seq += 1)}`,
      cardUid: '00BC614E',
      tappedAt: at(day, '16:59'),
    });
    expect(next.json().data).toMatchObject({ studentId, outcome: 'CHECK_OUT' });
    // Asked again (a double click): the same card, nothing counted twice.
    const again = await assign(tapId, studentId);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(GATE_MESSAGES.tapNotFound);
    expect(await recordOf(studentId)).toHaveLength(1);
  });

  it('a late first tap counts as LATE', async () => {
    const tapId = await unknownTaps('0022222222', ['08:10']);
    const studentId = await newStudent();
    expect((await assign(tapId, studentId)).statusCode).toBe(200);
    expect((await recordOf(studentId))[0]).toMatchObject({ status: 'LATE', checkInAt: at(day, '08:10') });
  });

  it('refuses a card another learner holds, another school’s learner, or a tap that is not an unknown card; nothing changes', async () => {
    const tapId = await unknownTaps('0033333333', ['07:20']);
    const holder = await insertCardStudent(t.app, otherSchoolId, '0033333333');
    const studentId = await newStudent();
    const taken = await assign(tapId, studentId);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(GATE_MESSAGES.cardTaken);
    await t.app.db.updateTable('students').set({ rfidCardId: null }).where('id', '=', holder).execute();

    const foreign = await assign(tapId, await newStudent(otherSchoolId));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(GATE_MESSAGES.studentNotFound);
    const bad = await assign(tapId, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(GATE_MESSAGES.studentNotFound);
    const missing = await assign(999999, studentId);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(GATE_MESSAGES.tapNotFound);
    const known = await insertCardStudent(t.app, schoolId, '0044444444');
    await postTaps(t.app, gateToken, { eventId: `u-${(seq += 1)}`, cardUid: '0044444444', tappedAt: at(day, '07:10') });
    const knownTap = await t.app.db.selectFrom('rfidTaps').select('id').where('studentId', '=', known).executeTakeFirstOrThrow();
    expect((await assign(knownTap.id, studentId)).statusCode).toBe(404);

    const student = await t.app.db
      .selectFrom('students')
      .select('rfidCardId')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(student.rfidCardId).toBeNull();
    expect(await recordOf(studentId)).toEqual([]);
    expect((await unknownList()).map((u) => u.cardUid)).toContain('0033333333');
  });

  it('a school admin needs MANAGE_STUDENTS and reaches their own school’s taps only', async () => {
    const tapId = await unknownTaps('0055555555', ['07:25']);
    const studentId = await newStudent();
    const readersOnly = await signedInAdmin(t.app, schoolId, ['MANAGE_RFID_READERS']);
    expect((await assign(tapId, studentId, readersOnly.token, '/api/admin')).statusCode).toBe(403);
    const otherAdmin = await signedInAdmin(t.app, otherSchoolId, ['MANAGE_STUDENTS']);
    const foreign = await assign(tapId, studentId, otherAdmin.token, '/api/admin');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(GATE_MESSAGES.tapNotFound);
    const registrar = await signedInAdmin(t.app, schoolId, ['MANAGE_STUDENTS']);
    const ok = await assign(tapId, studentId, registrar.token, '/api/admin');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.counted).toBe(1);
  });
});
