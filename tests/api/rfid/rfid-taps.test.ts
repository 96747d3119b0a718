import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool, logsOf } from '../../helpers/schools';
import { at, createReader, insertCardStudent, intentsOf, lastSchoolDay, postTaps } from '../../helpers/rfid';
import { TAP_MESSAGES } from '@domain/rfid';
import { forgetReaders } from '../../../server/features/rfid/readers';

/** POST /api/rfid/taps — reader auth, idempotent replays, UID forms, unknown cards, rules, bad input. */
describe(`tap intake over HTTP (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let schoolId: number;
  let reader: { id: number; token: string };
  const day = lastSchoolDay();
  let n = 0;
  const ev = (cardUid: string, time: string, extra: Record<string, unknown> = {}) => ({
    eventId: `e-${++n}`,
    cardUid,
    tappedAt: at(day, time),
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    reader = await createReader(t.app, token, { schoolId });
  });
  afterAll(() => t.close());

  it('refuses no token and a wrong token with 401, a deactivated reader with 403, and records nothing', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/rfid/taps', payload: ev('04A1B2C3', '07:00') });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('A reader token is required (Authorization: Bearer <token>)');
    const wrong = await postTaps(t.app, 'rdr_not-a-token', ev('04A1B2C3', '07:00'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid reader token');
    const off = await createReader(t.app, token, { schoolId, name: 'Off', isActive: false });
    const res = await postTaps(t.app, off.token, ev('04A1B2C3', '07:00'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This reader is deactivated');
    expect(await t.app.db.selectFrom('rfidTaps').select('id').execute()).toHaveLength(0);
  });

  it('first tap is the check-in (PRESENT), with its CHECK_IN intent; a replay answers 200 with the first result', async () => {
    const studentId = await insertCardStudent(t.app, schoolId, '04A1B2C3');
    const tap = ev('04:a1:b2:c3', '07:30');
    const first = await postTaps(t.app, reader.token, tap);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      eventId: tap.eventId,
      outcome: 'CHECK_IN',
      status: 'PRESENT',
      studentId,
      replayed: false,
    });
    const again = await postTaps(t.app, reader.token, tap);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ ...first.json().data, replayed: true });
    const records = await t.app.db.selectFrom('attendanceRecords').selectAll().where('studentId', '=', studentId).execute();
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      status: 'PRESENT',
      date: day,
      checkInAt: tap.tappedAt,
      readerId: reader.id,
      cardId: '04A1B2C3',
    });
    const intents = await intentsOf(t.app, studentId);
    expect(intents.map((i) => i.idempotencyKey)).toEqual([`CHECK_IN:attendance:${records[0]!.id}`]);
    expect(await t.app.db.selectFrom('rfidTaps').select('id').where('eventId', '=', tap.eventId).execute()).toHaveLength(1);
    const seen = await t.app.db
      .selectFrom('rfidReaders')
      .select('lastSeenAt')
      .where('id', '=', reader.id)
      .executeTakeFirstOrThrow();
    expect(seen.lastSeenAt).not.toBeNull();
  });

  it('stores an eventId and a raw card text with quotes, commas, braces, backslashes and the word NULL exactly, and replays it', async () => {
    // PostgreSQL writes a group's rows from arrays (server/features/rfid/tap-writes.ts): these are the characters an
    // array literal must escape.
    const studentId = await insertCardStudent(t.app, schoolId, '0E0E0E0E');
    const eventId = 'gate "1", {batch} \\ NULL';
    const cardUid = ' 0e:0e:0e:0e ';
    const first = await postTaps(t.app, reader.token, { eventId, cardUid, tappedAt: at(day, '07:02') });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ eventId, outcome: 'CHECK_IN', studentId, replayed: false });
    const stored = await t.app.db
      .selectFrom('rfidTaps')
      .select(['eventId', 'cardUidRaw', 'cardUid'])
      .where('studentId', '=', studentId)
      .execute();
    expect(stored).toEqual([{ eventId, cardUidRaw: cardUid, cardUid: '0E0E0E0E' }]);
    const replay = await postTaps(t.app, reader.token, { eventId, cardUid, tappedAt: at(day, '07:02') });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual({ ...first.json().data, replayed: true });
  });

  it('after the late cutoff the check-in is LATE (LATE_ARRIVAL); a decimal card number matches the hex card', async () => {
    const studentId = await insertCardStudent(t.app, schoolId, '0A0B0C0D');
    const res = await postTaps(t.app, reader.token, ev(String(0x0a0b0c0d).padStart(10, '0'), '07:46'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ outcome: 'LATE', status: 'LATE', studentId });
    expect((await intentsOf(t.app, studentId)).map((i) => JSON.parse(i.payload).type)).toEqual(['LATE_ARRIVAL']);
  });

  it('debounces the same card at the same reader within 60 s; a tap 30+ minutes later is the check-out', async () => {
    const studentId = await insertCardStudent(t.app, schoolId, 'DEADBEEF');
    // A reader of its own: its first tap of the day (the shared reader's earlier taps would make 07:10 a late replay).
    const reader = await createReader(t.app, token, { schoolId, name: 'Debounce gate' });
    expect((await postTaps(t.app, reader.token, ev('DEADBEEF', '07:10'))).json().data.outcome).toBe('CHECK_IN');
    const bounce = await postTaps(t.app, reader.token, {
      eventId: `e-${++n}`,
      cardUid: 'DEADBEEF',
      tappedAt: at(day, '07:10').replace(':00.000Z', ':40.000Z'),
    });
    expect(bounce.statusCode).toBe(201);
    expect(bounce.json().data.outcome).toBe('DEBOUNCED');
    expect((await postTaps(t.app, reader.token, ev('DEADBEEF', '07:30'))).json().data.outcome).toBe('NO_CHANGE');
    const out = await postTaps(t.app, reader.token, ev('EFBEADDE', '16:00'));
    expect(out.json().data).toMatchObject({ outcome: 'CHECK_OUT', status: 'PRESENT', studentId });
    const rec = await t.app.db
      .selectFrom('attendanceRecords')
      .selectAll()
      .where('studentId', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(rec.checkOutAt).toBe(at(day, '16:00'));
    expect((await intentsOf(t.app, studentId)).map((i) => JSON.parse(i.payload).type)).toEqual(['CHECK_IN', 'CHECK_OUT']);
    expect(
      await t.app.db.selectFrom('rfidTaps').select('id').where('cardUid', 'in', ['DEADBEEF', 'EFBEADDE']).execute(),
    ).toHaveLength(4);
  });

  it('a reader left without a school (its school removed) still records a check-in and, later, the check-out', async () => {
    // Such a reader matches a card in any school, so the day records are read once the students are known.
    const studentId = await insertCardStudent(t.app, schoolId, 'ABCD0123');
    const orphan = await createReader(t.app, token, { schoolId, name: 'Orphan gate' });
    await t.app.db.updateTable('rfidReaders').set({ schoolId: null }).where('id', '=', orphan.id).execute();
    forgetReaders();
    const inn = await postTaps(t.app, orphan.token, ev('ABCD0123', '07:10'));
    expect(inn.statusCode).toBe(201);
    expect(inn.json().data).toMatchObject({ outcome: 'CHECK_IN', status: 'PRESENT', studentId });
    const out = await postTaps(t.app, orphan.token, ev('ABCD0123', '15:10'));
    expect(out.statusCode).toBe(201);
    expect(out.json().data).toMatchObject({
      outcome: 'CHECK_OUT',
      status: 'PRESENT',
      studentId,
      attendanceId: inn.json().data.attendanceId,
    });
    const records = await t.app.db
      .selectFrom('attendanceRecords')
      .select(['checkInAt', 'checkOutAt'])
      .where('studentId', '=', studentId)
      .execute();
    expect(records).toEqual([{ checkInAt: at(day, '07:10'), checkOutAt: at(day, '15:10') }]);
  });

  it('stores an unknown card as an unknown tap (not an error) and lists it for the console', async () => {
    const res = await postTaps(t.app, reader.token, ev('11223344', '07:20'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ outcome: 'UNKNOWN_CARD', status: null, studentId: null, attendanceId: null });
    const list = await as(token)(t.app, { method: 'GET', url: '/api/super-admin/rfid-taps/unknown' });
    expect(list.json().data[0]).toMatchObject({ cardUid: '11223344', readerName: 'Gate 1' });
  });

  it('a single tap with a bad timestamp is a 400 with its reason, and nothing is recorded', async () => {
    const before = (await t.app.db.selectFrom('rfidTaps').select('id').execute()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ eventId: 'bad-1', cardUid: 'AABBCCDD', tappedAt: 'yesterday' }, TAP_MESSAGES.tappedAt],
      [{ eventId: 'bad-2', cardUid: 'AABBCCDD', tappedAt: '2026-11-16T07:30:00' }, TAP_MESSAGES.tappedAt],
      [
        { eventId: 'bad-3', cardUid: 'AABBCCDD', tappedAt: new Date(Date.now() + 10 * 60_000).toISOString() },
        TAP_MESSAGES.future,
      ],
      [
        { eventId: 'bad-4', cardUid: 'AABBCCDD', tappedAt: new Date(Date.now() - 8 * 86_400_000).toISOString() },
        TAP_MESSAGES.old,
      ],
      // Impossible dates and times are named so, not rolled over (Feb 30 would read as March 1, and look old).
      [{ eventId: 'bad-6', cardUid: 'AABBCCDD', tappedAt: '2026-02-30T07:30:00+08:00' }, TAP_MESSAGES.impossible],
      [{ eventId: 'bad-7', cardUid: 'AABBCCDD', tappedAt: '2026-04-31T07:30:00Z' }, TAP_MESSAGES.impossible],
      [{ eventId: 'bad-8', cardUid: 'AABBCCDD', tappedAt: '2026-11-16T24:00:00+08:00' }, TAP_MESSAGES.impossible],
      [{ eventId: 'bad-9', cardUid: 'AABBCCDD', tappedAt: '2026-11-16T07:60:00+08:00' }, TAP_MESSAGES.impossible],
      [{ eventId: 'bad-5', cardUid: 'not a card!', tappedAt: new Date().toISOString() }, TAP_MESSAGES.cardUid],
      [{ cardUid: 'AABBCCDD', tappedAt: new Date().toISOString() }, TAP_MESSAGES.eventId],
    ];
    for (const [payload, message] of cases) {
      const res = await postTaps(t.app, reader.token, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.app.db.selectFrom('rfidTaps').select('id').execute()).length).toBe(before);
  });

  it('a batch records its valid events and reports each bad one by eventId; over 500 or not a batch is a 400 with nothing recorded', async () => {
    const studentId = await insertCardStudent(t.app, schoolId, 'CAFEBABE');
    const good = ev('CAFEBABE', '07:05');
    const res = await postTaps(t.app, reader.token, {
      events: [
        good,
        { eventId: 'b-old', cardUid: 'CAFEBABE', tappedAt: new Date(Date.now() - 9 * 86_400_000).toISOString() },
        { eventId: 'b-uid', cardUid: '??', tappedAt: good.tappedAt },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.results).toEqual([
      {
        eventId: good.eventId,
        outcome: 'CHECK_IN',
        status: 'PRESENT',
        attendanceId: expect.any(Number),
        studentId,
        replayed: false,
      },
    ]);
    expect(res.json().data.rejected).toEqual([
      { eventId: 'b-old', index: 1, reason: TAP_MESSAGES.old },
      { eventId: 'b-uid', index: 2, reason: TAP_MESSAGES.cardUid },
    ]);
    const before = (await t.app.db.selectFrom('rfidTaps').select('id').execute()).length;
    const tooMany = Array.from({ length: 501 }, (_, i) => ({
      eventId: `many-${i}`,
      cardUid: 'CAFEBABE',
      tappedAt: good.tappedAt,
    }));
    const big = await postTaps(t.app, reader.token, { events: tooMany });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(TAP_MESSAGES.batch);
    const notObject = await postTaps(t.app, reader.token, [1, 2]);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toBe(TAP_MESSAGES.body);
    expect((await t.app.db.selectFrom('rfidTaps').select('id').execute()).length).toBe(before);
    // A malformed event is refused on its own; the batch's other events are recorded.
    const malformed = await postTaps(t.app, reader.token, {
      events: [{ eventId: 'ok-1', cardUid: 'CAFEBABE', tappedAt: good.tappedAt }, { cardUid: 1 }],
    });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().data.rejected).toEqual([{ eventId: '', index: 1, reason: TAP_MESSAGES.eventId }]);
    expect((await t.app.db.selectFrom('rfidTaps').select('id').execute()).length).toBe(before + 1);
  });

  it('replays a whole offline buffer idempotently: the same 500 events twice make one record per student', async () => {
    const cards = Array.from({ length: 50 }, (_, i) => `5A${String(i).padStart(6, '0')}`);
    const ids = await Promise.all(cards.map((c) => insertCardStudent(t.app, schoolId, c)));
    const events = Array.from({ length: 500 }, (_, i) => ({
      eventId: `buf-${i}`,
      cardUid: cards[i % 50]!,
      tappedAt: at(day, `06:${String(10 + Math.floor(i / 50)).padStart(2, '0')}`),
    }));
    const first = await postTaps(t.app, reader.token, { events });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.results.filter((r: { outcome: string }) => r.outcome === 'CHECK_IN')).toHaveLength(50);
    const second = await postTaps(t.app, reader.token, { events });
    expect(second.json().data.results.every((r: { replayed: boolean }) => r.replayed)).toBe(true);
    expect(second.json().data.results.map((r: { outcome: string }) => r.outcome)).toEqual(
      first.json().data.results.map((r: { outcome: string }) => r.outcome),
    );
    const recs = await t.app.db.selectFrom('attendanceRecords').select('id').where('studentId', 'in', ids).execute();
    expect(recs).toHaveLength(50);
    const intents = await t.app.db.selectFrom('notificationOutbox').select('id').where('studentId', 'in', ids).execute();
    expect(intents).toHaveLength(50);
  });

  it('refuses a reader sending from outside its allowed networks (403) and logs it', async () => {
    const fenced = await createReader(t.app, token, { schoolId, name: 'Fenced', allowedNetworks: ['10.9.0.0/16'] });
    const res = await postTaps(t.app, fenced.token, ev('04A1B2C3', '07:00'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This reader may not send from this network');
    expect((await logsOf(t.app, 'REFUSED_READER_NETWORK'))[0]).toBeDefined();
  });
});
