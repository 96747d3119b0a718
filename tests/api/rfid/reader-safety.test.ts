import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { at, createReader, insertCardStudent, lastSchoolDay, postTaps } from '../../helpers/rfid';
import { networkMessage, READER_MESSAGES, TAP_MESSAGES } from '@domain/rfid';

/**
 * Reader intake safety (with allowed networks): one bad tap never sinks a batch (PostgreSQL refuses NUL in
 * text), a malformed allowed network is a 400 on save and never a 500 at tap time, and a reader with taps is
 * retired rather than deleted, so its history stays.
 */
describe(`reader intake safety (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  const day = lastSchoolDay();
  const api = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
  });
  afterAll(() => t.close());

  it('a 100-tap batch stores its good taps and refuses each tap with control characters or an overlong field, with its reason', async () => {
    const reader = await createReader(t.app, token, { schoolId, name: 'Batch Gate' });
    const cards = Array.from({ length: 100 }, (_, i) => `B7${String(i).padStart(6, '0')}`);
    for (const c of cards.slice(0, 3)) await insertCardStudent(t.app, schoolId, c);
    const events = cards.map((cardUid, i) => ({ eventId: `nul-${i}`, cardUid, tappedAt: at(day, '07:20') }));
    events[37]!.eventId = 'nul-\u0000-37';
    events[52]!.cardUid = '04A1\u202EB2';
    events[64]!.tappedAt = `${at(day, '07:20')}\u0000`;
    events[80]!.eventId = 'x'.repeat(101);
    const res = await postTaps(t.app, reader.token, { events });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.results).toHaveLength(96);
    expect(res.json().data.rejected).toEqual([
      { eventId: 'nul-\\u0000-37', index: 37, reason: TAP_MESSAGES.unsafe('eventId') },
      { eventId: 'nul-52', index: 52, reason: TAP_MESSAGES.unsafe('cardUid') },
      { eventId: 'nul-64', index: 64, reason: TAP_MESSAGES.unsafe('tappedAt') },
      { eventId: `${'x'.repeat(100)}...`, index: 80, reason: TAP_MESSAGES.eventId },
    ]);
    const stored = await t.app.db.selectFrom('rfidTaps').select('eventId').where('readerId', '=', reader.id).execute();
    expect(stored).toHaveLength(96);
    // Kept with the reader's refusals, escaped.
    const refusals = await t.app.db
      .selectFrom('rfidTapRefusals')
      .select(['eventId', 'cardUidRaw', 'reason'])
      .where('readerId', '=', reader.id)
      .orderBy('id')
      .execute();
    expect(refusals.map((r) => r.eventId)).toEqual(['nul-\\u0000-37', 'nul-52', 'nul-64', `${'x'.repeat(100)}...`]);
    expect(refusals[1]!.cardUidRaw).toBe('04A1\\u202eB2');
    // A single tap with a control character is a 400 naming the field.
    const single = await postTaps(t.app, reader.token, { eventId: 'one\u0000', cardUid: 'B7000001', tappedAt: at(day, '07:21') });
    expect(single.statusCode).toBe(400);
    expect(single.json()).toMatchObject({
      message: TAP_MESSAGES.unsafe('eventId'),
      errors: { eventId: TAP_MESSAGES.unsafe('eventId') },
    });
  });

  it('a malformed IPv6 allowed network is refused on save: 400 naming the field, nothing saved', async () => {
    const before = await t.app.db.selectFrom('rfidReaders').select('id').execute();
    const bad = 'fd00:::1/64';
    const created = await api({
      method: 'POST',
      url: '/api/super-admin/rfid-readers',
      payload: { name: 'V6', schoolId, allowedNetworks: ['10.0.0.0/8', bad] },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      success: false,
      message: networkMessage(bad),
      errors: { allowedNetworks: `${READER_MESSAGES.network}: "fd00:::1/64" is not one` },
    });
    expect(await t.app.db.selectFrom('rfidReaders').select('id').execute()).toHaveLength(before.length);
    const reader = await createReader(t.app, token, { schoolId, name: 'V6 ok', allowedNetworks: ['fd00::/8'] });
    const updated = await api({
      method: 'PATCH',
      url: `/api/super-admin/rfid-readers/${reader.id}`,
      payload: { allowedNetworks: '1:2:3:4:5:6:7:8:9/64' },
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().errors).toEqual({ allowedNetworks: networkMessage('1:2:3:4:5:6:7:8:9/64') });
    const row = await t.app.db
      .selectFrom('rfidReaders')
      .select('allowedNetworks')
      .where('id', '=', reader.id)
      .executeTakeFirstOrThrow();
    expect(row.allowedNetworks).toBe('["fd00::/8"]');
    // The same parser at tap time: inside fd00::/8 is let in, outside is refused.
    const tap = (remoteAddress: string, eventId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/rfid/taps',
        headers: { authorization: `Bearer ${reader.token}` },
        payload: { eventId, cardUid: 'C0FFEE01', tappedAt: at(day, '07:30') },
        remoteAddress,
      });
    expect((await tap('fd12::7', 'v6-in')).statusCode).toBe(201);
    const out = await tap('fe80::1', 'v6-out');
    expect([out.statusCode, out.json().message]).toEqual([403, 'This reader may not send from this network']);
  });

  it('a malformed network stored before the check refuses that reader (403), never a 500', async () => {
    const reader = await createReader(t.app, token, { schoolId, name: 'Legacy' });
    await t.app.db.updateTable('rfidReaders').set({ allowedNetworks: '["fd00:::1/64"]' }).where('id', '=', reader.id).execute();
    const res = await postTaps(t.app, reader.token, { eventId: 'legacy-1', cardUid: 'C0FFEE02', tappedAt: at(day, '07:31') });
    expect([res.statusCode, res.json().message]).toEqual([403, 'This reader may not send from this network']);
  });

  it('a reader with taps is retired, not deleted: its taps and attendance stay, it is hidden unless asked for', async () => {
    const reader = await createReader(t.app, token, { schoolId, name: 'Old Gate', kind: 'ZKTECO', serialNumber: 'RETIRE77' });
    const studentId = await insertCardStudent(t.app, schoolId, 'D00D0001');
    const body = `D00D0001\t${day} 07:05:00\t0\t1\t0\t0`;
    const posted = await t.app.inject({ method: 'POST', url: '/iclock/cdata?SN=RETIRE77&table=ATTLOG', payload: body });
    expect(posted.body).toBe('OK');
    const record = await t.app.db
      .selectFrom('attendanceRecords')
      .selectAll()
      .where('studentId', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(record.readerId).toBe(reader.id);

    const res = await api({ method: 'DELETE', url: `/api/super-admin/rfid-readers/${reader.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { outcome: 'retired' },
      message: 'Reader retired: it has taps, so it is kept (disabled) with its history',
    });
    const row = await t.app.db.selectFrom('rfidReaders').selectAll().where('id', '=', reader.id).executeTakeFirstOrThrow();
    expect([row.isActive, typeof row.retiredAt]).toEqual([0, 'string']);
    expect(await t.app.db.selectFrom('rfidTaps').select('id').where('readerId', '=', reader.id).execute()).toHaveLength(1);
    const after = await t.app.db
      .selectFrom('attendanceRecords')
      .selectAll()
      .where('id', '=', record.id)
      .executeTakeFirstOrThrow();
    expect([after.readerId, after.status]).toEqual([reader.id, 'PRESENT']);
    expect((await logsOf(t.app, 'RETIRE_RFID_READER'))[0]?.entityId).toBe(String(reader.id));

    const listed = await api({ method: 'GET', url: '/api/super-admin/rfid-readers' });
    expect(listed.json().data.map((r: { id: number }) => r.id)).not.toContain(reader.id);
    const withRetired = await api({ method: 'GET', url: '/api/super-admin/rfid-readers?retired=true' });
    expect(withRetired.json().data.find((r: { id: number }) => r.id === reader.id)).toMatchObject({
      isActive: false,
      retiredAt: row.retiredAt,
    });
    // History only: no edits, and the terminal is refused.
    const edit = await api({ method: 'PATCH', url: `/api/super-admin/rfid-readers/${reader.id}`, payload: { isActive: true } });
    expect([edit.statusCode, edit.json().message]).toEqual([409, READER_MESSAGES.retired]);
    const again = await t.app.inject({ method: 'GET', url: '/iclock/getrequest?SN=RETIRE77' });
    expect([again.statusCode, again.body]).toEqual([403, 'Device not accepted']);
    // The replacement terminal (or the same one, re-registered) may take the serial number.
    const replacement = await createReader(t.app, token, {
      schoolId,
      name: 'New Gate',
      kind: 'ZKTECO',
      serialNumber: 'RETIRE77',
    });
    expect(replacement.id).not.toBe(reader.id);
    expect((await t.app.inject({ method: 'GET', url: '/iclock/getrequest?SN=RETIRE77' })).body).toBe('OK');
  });

  it('a reader without taps is still deleted', async () => {
    const reader = await createReader(t.app, token, { schoolId, name: 'Unused' });
    const res = await api({ method: 'DELETE', url: `/api/super-admin/rfid-readers/${reader.id}` });
    expect([res.statusCode, res.json().data, res.json().message]).toEqual([
      200,
      { outcome: 'deleted' },
      'Reader deleted successfully',
    ]);
    expect(await t.app.db.selectFrom('rfidReaders').select('id').where('id', '=', reader.id).execute()).toHaveLength(0);
    expect((await logsOf(t.app, 'DELETE_RFID_READER')).some((l) => l.entityId === String(reader.id))).toBe(true);
  });
});
