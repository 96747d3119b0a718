import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { at, createReader, insertCardStudent, lastSchoolDay, postTaps } from '../../helpers/rfid';

/**
 * Group commit (server/features/rfid/taps.ts): taps posted at the same moment are recorded in one
 * transaction, yet every request gets its own answer, a repeated eventId is still recorded once, and a
 * request that fails does not take the others down with it.
 */
describe(`tap intake groups concurrent requests (${dbKind})`, () => {
  let t: TestApp;
  let schoolId: number;
  let readers: { id: number; token: string }[];
  const day = lastSchoolDay();

  beforeAll(async () => {
    t = await createTestApp();
    const token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    readers = [];
    for (const name of ['North gate', 'South gate', 'East gate'])
      readers.push(await createReader(t.app, token, { schoolId, name }));
  });
  afterAll(() => t.close());

  it('answers 30 simultaneous taps from three readers each with its own student and result', async () => {
    const cards = Array.from({ length: 30 }, (_, i) => `0A0B${String(i).padStart(4, '0')}`);
    const students: number[] = [];
    for (const card of cards) students.push(await insertCardStudent(t.app, schoolId, card));
    const replies = await Promise.all(
      cards.map((cardUid, i) =>
        postTaps(t.app, readers[i % 3]!.token, { eventId: `rush-${i}`, cardUid, tappedAt: at(day, '07:10') }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(cards.map(() => 201));
    replies.forEach((r, i) =>
      expect(r.json().data).toMatchObject({
        eventId: `rush-${i}`,
        outcome: 'CHECK_IN',
        status: 'PRESENT',
        studentId: students[i],
        replayed: false,
      }),
    );
    const records = await t.app.db
      .selectFrom('attendanceRecords')
      .select(['id', 'studentId'])
      .where('studentId', 'in', students)
      .execute();
    expect(records).toHaveLength(30);
    for (const [i, r] of replies.entries())
      expect(r.json().data.attendanceId).toBe(records.find((x) => x.studentId === students[i])!.id);
    const intents = await t.app.db
      .selectFrom('notificationOutbox')
      .select('idempotencyKey')
      .where('studentId', 'in', students)
      .execute();
    expect(intents.map((x) => x.idempotencyKey).sort()).toEqual(records.map((r) => `CHECK_IN:attendance:${r.id}`).sort());
  });

  it('records an eventId sent twice at once by one reader once, and answers the second as a replay', async () => {
    const studentId = await insertCardStudent(t.app, schoolId, '0C0D0E0F');
    const tap = { eventId: 'twice-1', cardUid: '0C0D0E0F', tappedAt: at(day, '07:20') };
    const replies = await Promise.all([postTaps(t.app, readers[0]!.token, tap), postTaps(t.app, readers[0]!.token, tap)]);
    // Concurrent: either may be recorded first (on PostgreSQL they can land in different groups, in either order).
    const first = replies.find((r) => r.statusCode === 201)!;
    const replay = replies.find((r) => r.statusCode === 200)!;
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(first.json().data).toMatchObject({ outcome: 'CHECK_IN', studentId, replayed: false });
    expect(replay.json().data).toEqual({ ...first.json().data, replayed: true });
    const taps = await t.app.db.selectFrom('rfidTaps').select('id').where('eventId', '=', 'twice-1').execute();
    expect(taps).toHaveLength(1);
    const records = await t.app.db.selectFrom('attendanceRecords').select('id').where('studentId', '=', studentId).execute();
    expect(records).toHaveLength(1);
  });

  it('a request whose recording fails gets a 500; the requests grouped with it are recorded', async () => {
    // A database fault on one tap row only (a trigger), so the failure is real and specific.
    if (dbKind === 'postgres') {
      await sql`create function poison_tap() returns trigger language plpgsql as $$ begin raise exception 'poisoned'; end $$`.execute(
        t.app.db,
      );
      await sql`create trigger poison before insert on rfid_taps for each row when (new.event_id = 'poison') execute function poison_tap()`.execute(
        t.app.db,
      );
    } else {
      await sql`create trigger poison before insert on rfid_taps when new.event_id = 'poison' begin select raise(abort, 'poisoned'); end`.execute(
        t.app.db,
      );
    }
    const good = ['1A2B3C01', '1A2B3C02', '1A2B3C03'];
    for (const card of good) await insertCardStudent(t.app, schoolId, card);
    const [bad, ...rest] = await Promise.all([
      postTaps(t.app, readers[0]!.token, { eventId: 'poison', cardUid: '1A2B3C00', tappedAt: at(day, '07:25') }),
      ...good.map((cardUid, i) =>
        postTaps(t.app, readers[i]!.token, { eventId: `fine-${i}`, cardUid, tappedAt: at(day, '07:25') }),
      ),
    ]);
    expect(bad!.statusCode).toBe(500);
    expect(bad!.json().message).toBe('Something went wrong on our side. Please try again.');
    expect(rest.map((r) => [r.statusCode, r.json().data.outcome])).toEqual(good.map(() => [201, 'CHECK_IN']));
    const stored = await t.app.db
      .selectFrom('rfidTaps')
      .select('eventId')
      .where('eventId', 'in', ['poison', 'fine-0', 'fine-1', 'fine-2'])
      .execute();
    expect(stored.map((r) => r.eventId).sort()).toEqual(['fine-0', 'fine-1', 'fine-2']);
    await sql`drop trigger poison${sql.raw(dbKind === 'postgres' ? ' on rfid_taps' : '')}`.execute(t.app.db);
  });
});
