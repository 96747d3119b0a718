import { MASK } from '@shared/secrets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { createReader, insertCardStudent, intentsOf, lastSchoolDay } from '../../helpers/rfid';

/** ZKTeco ADMS push — handshake, ATTLOG in the school's local time, command polling, refusals. */
describe(`ZKTeco ADMS push (${dbKind})`, () => {
  let t: TestApp;
  let schoolId: number;
  const SN = 'CQZ7232460099';
  const day = lastSchoolDay();

  beforeAll(async () => {
    t = await createTestApp();
    const token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    await createReader(t.app, token, { schoolId, name: 'ZK Gate', kind: 'ZKTECO', serialNumber: SN });
    await createReader(t.app, token, { schoolId, name: 'ZK Off', kind: 'ZKTECO', serialNumber: 'OFF1', isActive: false });
    await createReader(t.app, token, {
      schoolId,
      name: 'ZK Fenced',
      kind: 'ZKTECO',
      serialNumber: 'FENCED1',
      allowedNetworks: ['10.20.0.0/16'],
    });
  });
  afterAll(() => t.close());

  const attlog = (sn: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${sn}&table=ATTLOG&Stamp=1`,
      headers: { 'content-type': 'text/plain' },
      payload: body,
    });

  it('answers the handshake with its options in plain text (school time zone offset)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/iclock/cdata?SN=${SN}&options=all` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.split('\n')).toEqual(
      expect.arrayContaining([`GET OPTION FROM: ${SN}`, 'ATTLOGStamp=None', 'TimeZone=8', 'Realtime=1']),
    );
  });

  it('records ATTLOG lines as taps in the school time zone, replies OK, and a re-sent log changes nothing', async () => {
    const studentId = await insertCardStudent(t.app, schoolId, '0012345678');
    const body = `12345678\t${day} 07:31:05\t0\t1\t0\t0\n\n12345678\t${day} 07:31:20\t0\t1\t0\t0\nnot a log line\n`;
    const res = await attlog(SN, body);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    const rec = await t.app.db
      .selectFrom('attendanceRecords')
      .selectAll()
      .where('studentId', '=', studentId)
      .executeTakeFirstOrThrow();
    // 07:31:05 in Manila (UTC+8).
    expect(rec.checkInAt).toBe(new Date(`${day}T07:31:05+08:00`).toISOString());
    expect(rec.status).toBe('PRESENT');
    const taps = await t.app.db
      .selectFrom('rfidTaps')
      .select(['eventId', 'outcome'])
      .where('studentId', '=', studentId)
      .orderBy('id')
      .execute();
    expect(taps).toEqual([
      { eventId: `12345678@${day}T07:31:05`, outcome: 'CHECK_IN' },
      { eventId: `12345678@${day}T07:31:20`, outcome: 'DEBOUNCED' },
    ]);
    expect((await attlog(SN, body)).body).toBe('OK');
    expect(await t.app.db.selectFrom('rfidTaps').select('id').where('studentId', '=', studentId).execute()).toHaveLength(2);
    expect(await intentsOf(t.app, studentId)).toHaveLength(1);
  });

  it('answers command polling and other tables with OK', async () => {
    const poll = await t.app.inject({ method: 'GET', url: `/iclock/getrequest?SN=${SN}` });
    expect([poll.statusCode, poll.body]).toEqual([200, 'OK']);
    const oper = await t.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${SN}&table=OPERLOG`,
      payload: 'OPLOG 4\t0\t2026-11-16 07:00:00',
    });
    expect([oper.statusCode, oper.body]).toEqual([200, 'OK']);
    const seen = await t.app.db
      .selectFrom('rfidReaders')
      .select('lastSeenAt')
      .where('serialNumber', '=', SN)
      .executeTakeFirstOrThrow();
    expect(seen.lastSeenAt).not.toBeNull();
  });

  it('refuses unknown serials, deactivated terminals and foreign networks, logs them, and records nothing', async () => {
    const before = (await t.app.db.selectFrom('rfidTaps').select('id').execute()).length;
    const unknown = await attlog('NOPE', `1\t${day} 07:00:00\t0\t1`);
    // One answer for all of them: it does not tell which serial numbers exist.
    expect([unknown.statusCode, unknown.body]).toEqual([403, 'Device not accepted']);
    expect((await t.app.inject({ method: 'GET', url: '/iclock/getrequest' })).statusCode).toBe(403);
    const off = await attlog('OFF1', `1\t${day} 07:00:00\t0\t1`);
    expect([off.statusCode, off.body]).toEqual([403, 'Device not accepted']);
    const fenced = await attlog('FENCED1', `1\t${day} 07:00:00\t0\t1`);
    expect([fenced.statusCode, fenced.body]).toEqual([403, 'Device not accepted']);
    expect((await t.app.db.selectFrom('rfidTaps').select('id').execute()).length).toBe(before);
    expect((await logsOf(t.app, 'REFUSED_ZKTECO_SERIAL'))[0]?.details).toMatchObject({ serial: MASK });
    expect(await logsOf(t.app, 'REFUSED_ZKTECO_INACTIVE')).toHaveLength(1);
  });
});
