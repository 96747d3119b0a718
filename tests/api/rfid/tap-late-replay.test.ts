import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool, logsOf } from '../../helpers/schools';
import { signedInAdmin } from '../../helpers/admins';
import { addDevice, drain } from '../../helpers/notifications';
import { at, createReader, insertCardStudent, intentsOf, lastSchoolDay, postTaps } from '../../helpers/rfid';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';

/**
 * Late replays (server/features/rfid/late-replay.ts): a tap that changes an ABSENT mark, or that changes attendance long
 * after it happened and not from its reader's own buffer, is logged with the reader and the staff member who set its
 * token, listed for the school (GET …/rfid-taps/late-replays), and the parent gets one correction. A reader pushing
 * its own buffer after a network drop, on an ordinary morning, is not flagged. Real worker, stand-in httpSMS gateway.
 */
describe(`late tap replays (${dbKind})`, () => {
  let t: TestApp;
  let root: string;
  let gw: StandInGateway;
  let schoolId: number;
  const day = lastSchoolDay();
  /** The server's clock (the taps are received by it), held at a local time of `day` by receiveAt. */
  const clock = testClock();
  let release: (() => void) | undefined;
  const receiveAt = (time: string) => {
    release?.();
    clock.set(at(day, time));
    release = clock.hold();
  };

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp(
      {
        smsGatewayUrl: gw.url,
        outbox: { ...loadConfig({}).outbox, enabled: false, attendanceExpiryHours: 168 },
      },
      { clock },
    );
    root = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, root)).id;
    await addDevice(t.app, root, { schoolId, isDefault: true });
  });
  afterEach(() => {
    release?.();
    release = undefined;
    clock.set(new Date());
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  const sentTo = (text: string) => gw.messages.filter((m) => m.content.includes(text));

  it('an admin with only MANAGE_RFID_READERS turns an ABSENT day PRESENT by a backdated tap: logged with the reader and the admin, listed, one correction', async () => {
    const admin = await signedInAdmin(t.app, schoolId, ['MANAGE_RFID_READERS']);
    const studentId = await insertCardStudent(t.app, schoolId, 'AB5E0001', undefined, { firstName: 'Ana', lastName: 'Reyes' });
    const stamp = new Date().toISOString();
    const record = await t.app.db
      .insertInto('attendanceRecords')
      .values({ studentId, schoolId, date: day, status: 'ABSENT', createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    const made = await as(admin.token)(t.app, {
      method: 'POST',
      url: '/api/admin/rfid-readers',
      payload: { name: 'Side door', location: 'Annex', schoolId },
    });
    expect(made.statusCode).toBe(201);
    const reader = made.json().data as { id: number; token: string };

    const tap = { eventId: 'backdated-1', cardUid: 'AB5E0001', tappedAt: at(day, '07:12') };
    const first = await postTaps(t.app, reader.token, tap);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ outcome: 'CHECK_IN', status: 'PRESENT', attendanceId: record.id });
    const row = await t.app.db.selectFrom('attendanceRecords').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PRESENT', checkInAt: tap.tappedAt, readerId: reader.id });

    const logs = await logsOf(t.app, 'RFID_LATE_REPLAY');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ entityId: String(record.id), schoolId, userRole: 'DEVICE' });
    expect(logs[0]!.details).toMatchObject({
      reason: 'OVER_ABSENT',
      reader: { id: reader.id, name: 'Side door' },
      madeBy: { role: 'ADMIN', userId: admin.id, email: admin.email },
      eventId: 'backdated-1',
      tappedAt: tap.tappedAt,
      from: 'ABSENT',
      to: 'PRESENT',
    });

    const listed = await as(admin.token)(t.app, { method: 'GET', url: '/api/admin/rfid-taps/late-replays' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        reason: 'OVER_ABSENT',
        readerId: reader.id,
        readerName: 'Side door',
        studentId,
        studentName: 'Ana Reyes',
        attendanceId: record.id,
        from: 'ABSENT',
        to: 'PRESENT',
        madeBy: expect.objectContaining({ userId: admin.id }),
      }),
    ]);

    // The same event again: answered as a replay, nothing more logged or queued.
    const again = await postTaps(t.app, reader.token, tap);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ replayed: true });
    expect(await logsOf(t.app, 'RFID_LATE_REPLAY')).toHaveLength(1);
    const intents = await intentsOf(t.app, studentId);
    expect(intents.map((i) => i.idempotencyKey)).toEqual([`CORRECTION:attendance:${record.id}`]);

    await drain(t.app, () => sentTo('Ana Reyes').length === 1);
    await t.app.outbox.runOnce();
    const sent = sentTo('Ana Reyes');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.content).toMatch(
      /^\w+: Correction: Ana Reyes was recorded at school at 7:12\sAM, \w{3} \d{1,2} \(a reader sent it late\)\.$/,
    );
  });

  it('a tap received long after its time, older than what its reader already sent, is a late replay', async () => {
    const reader = await createReader(t.app, root, { schoolId, name: 'Gate L' });
    const early = await insertCardStudent(t.app, schoolId, 'AB5E0101');
    const late = await insertCardStudent(t.app, schoolId, 'AB5E0102', undefined, { firstName: 'Ben', lastName: 'Lim' });
    receiveAt('07:40:05');
    const live = await postTaps(t.app, reader.token, { eventId: 'l-1', cardUid: 'AB5E0101', tappedAt: at(day, '07:40') });
    expect(live.json().data).toMatchObject({ outcome: 'CHECK_IN' });
    receiveAt('08:30');
    const held = await postTaps(t.app, reader.token, { eventId: 'l-2', cardUid: 'AB5E0102', tappedAt: at(day, '07:15') });
    expect(held.json().data).toMatchObject({ outcome: 'CHECK_IN', status: 'PRESENT' });
    const logs = (await logsOf(t.app, 'RFID_LATE_REPLAY')).filter((l) => l.details.reader.id === reader.id);
    expect(logs.map((l) => [l.details.reason, l.details.studentId])).toEqual([['NOT_OWN_BUFFER', late]]);
    expect((await intentsOf(t.app, late)).map((i) => JSON.parse(i.payload).type)).toEqual(['CORRECTION']);
    expect((await intentsOf(t.app, early)).map((i) => JSON.parse(i.payload).type)).toEqual(['CHECK_IN']);
  });

  it('a ZKTeco terminal pushing its buffer after a network drop, on an ordinary morning, is not flagged', async () => {
    const SN = `ZKLATE${Date.now() % 100000}`;
    await createReader(t.app, root, { schoolId, name: 'ZK Gate', kind: 'ZKTECO', serialNumber: SN });
    const cards = ['0066110001', '0066110002', '0066110003', '0066110004'];
    const students = [];
    for (const card of cards) students.push(await insertCardStudent(t.app, schoolId, card));
    const push = (lines: string[]) =>
      t.app.inject({
        method: 'POST',
        url: `/iclock/cdata?SN=${SN}&table=ATTLOG&Stamp=1`,
        headers: { 'content-type': 'text/plain' },
        payload: lines.join('\n'),
        remoteAddress: '10.9.0.5',
      });
    const line = (card: string, time: string) => `${card.replace(/^00/, '')}\t${day} ${time}\t0\t1\t0\t0`;
    receiveAt('06:50:02');
    expect((await push([line(cards[0]!, '06:50:00')])).statusCode).toBe(200);
    // The network drops at 06:55; at 09:00 the terminal pushes what it kept, in two posts, oldest first.
    receiveAt('09:00');
    expect((await push([line(cards[1]!, '07:05:00'), line(cards[2]!, '07:20:00')])).statusCode).toBe(200);
    receiveAt('09:00:03');
    expect((await push([line(cards[3]!, '07:50:00')])).statusCode).toBe(200);

    const types = [];
    for (const s of students) types.push((await intentsOf(t.app, s)).map((i) => JSON.parse(i.payload).type));
    expect(types).toEqual([['CHECK_IN'], ['CHECK_IN'], ['CHECK_IN'], ['LATE_ARRIVAL']]);
    const flagged = (await logsOf(t.app, 'RFID_LATE_REPLAY')).filter((l) => l.details.reader.name === 'ZK Gate');
    expect(flagged).toEqual([]);
  });

  it('a fresh tap over an ABSENT mark (the learner turned up) is logged and listed, and the parent gets the late arrival', async () => {
    const reader = await createReader(t.app, root, { schoolId, name: 'Gate F' });
    const studentId = await insertCardStudent(t.app, schoolId, 'AB5E0201');
    const stamp = new Date().toISOString();
    await t.app.db
      .insertInto('attendanceRecords')
      .values({ studentId, schoolId, date: day, status: 'ABSENT', createdAt: stamp, updatedAt: stamp })
      .execute();
    receiveAt('10:31');
    const res = await postTaps(t.app, reader.token, { eventId: 'f-1', cardUid: 'AB5E0201', tappedAt: at(day, '10:30') });
    expect(res.json().data).toMatchObject({ outcome: 'LATE', status: 'LATE' });
    expect((await intentsOf(t.app, studentId)).map((i) => JSON.parse(i.payload).type)).toEqual(['LATE_ARRIVAL']);
    const logs = (await logsOf(t.app, 'RFID_LATE_REPLAY')).filter((l) => l.details.reader.id === reader.id);
    expect(logs.map((l) => [l.details.reason, l.details.from, l.details.to])).toEqual([['OVER_ABSENT', 'ABSENT', 'LATE']]);
    const listed = await as(root)(t.app, { method: 'GET', url: `/api/super-admin/rfid-taps/late-replays?schoolId=${schoolId}` });
    expect(listed.json().data.filter((r: { readerId: number }) => r.readerId === reader.id)).toEqual([
      expect.objectContaining({ reason: 'OVER_ABSENT', studentId, from: 'ABSENT', to: 'LATE' }),
    ]);
  });

  it('the permission catalogue says MANAGE_RFID_READERS records attendance', async () => {
    const row = await t.app.db
      .selectFrom('permissions')
      .select('description')
      .where('name', '=', 'MANAGE_RFID_READERS')
      .executeTakeFirstOrThrow();
    expect(row.description).toMatch(/records attendance/);
  });
});
