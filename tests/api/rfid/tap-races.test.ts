import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DB } from '@core/db/index';
import { createTapIntake, type TapIntake } from '../../../server/features/rfid/taps';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { at, createReader, insertCardStudents, lastSchoolDay } from '../../helpers/rfid';
import { systemClock } from '@core/time/clock';

/*
 * On PostgreSQL a group of taps is written in ONE statement without BEGIN/COMMIT
 * (server/features/rfid/tap-writes.ts). Two API nodes' intakes on one database race for the same rows: the same
 * eventId resent to both, or two taps of one student at once. The loser's statement fails on a unique index and
 * writes nothing, then its group runs again and reads the winner's rows: one tap row per eventId, one day record
 * per student, one notification per change — never a second SMS, never a half-written tap.
 * Two intakes in this process, each with its own pool and caches, stand for the two nodes. SQLite is one process
 * by design (one writer), so this is PostgreSQL's case.
 */
describe.skipIf(dbKind !== 'postgres')('two intakes on one PostgreSQL database race for the same rows', () => {
  let t: TestApp;
  let other: DB;
  const intakes: TapIntake[] = [];
  const races: string[] = [];
  let schoolId: number;
  let tokens: string[];
  const day = lastSchoolDay();

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, admin)).id;
    tokens = [];
    for (const name of ['Race gate A', 'Race gate B']) tokens.push((await createReader(t.app, admin, { schoolId, name })).token);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.app.db);
    other = createDb({ databaseUrl: t.app.config.databaseUrl, sqliteFile: '', pgSchema: rows[0]!.schema });
    const opts = { defaultTimeZone: 'Asia/Manila', debounceSeconds: 60, checkoutMinMinutes: 30, clock: systemClock };
    // Each node's log tells when its group met the other's row and ran again: the race this test is about.
    const log = { info: (o: { code: string }) => races.push(o.code), error: () => {} } as unknown as FastifyBaseLogger;
    intakes.push(createTapIntake(t.app.db, null, opts, log), createTapIntake(other, null, opts, log));
  });
  afterAll(async () => {
    await other?.destroy();
    await t.close();
  });

  /** New students holding these cards, their ids in the cards' order. */
  const studentsWith = async (cards: string[], tag: string, lrnBase: number) => {
    await insertCardStudents(t.app.db, schoolId, cards, tag, lrnBase);
    const rows = await t.app.db.selectFrom('students').select(['id', 'rfidCardId']).where('rfidCardId', 'in', cards).execute();
    return cards.map((c) => rows.find((r) => r.rfidCardId === c)!.id);
  };

  const rowsOf = async (studentIds: number[]) => ({
    taps: await t.app.db
      .selectFrom('rfidTaps')
      .select(['eventId', 'outcome', 'attendanceId'])
      .where('studentId', 'in', studentIds)
      .execute(),
    days: await t.app.db
      .selectFrom('attendanceRecords')
      .select(['id', 'studentId'])
      .where('studentId', 'in', studentIds)
      .execute(),
    intents: await t.app.db
      .selectFrom('notificationOutbox')
      .select(['idempotencyKey', 'payload'])
      .where('studentId', 'in', studentIds)
      .execute(),
  });

  it('the same eventId sent to both nodes at once: stored once, answered once as new and once as a replay', async () => {
    const cards = Array.from({ length: 40 }, (_, i) => `5A5E${String(i).padStart(4, '0')}`);
    const students = await studentsWith(cards, 'race-same', 610000000000);
    const reader = (await intakes[0]!.readerByToken(tokens[0]!))!;
    races.length = 0;
    // Round by round, so that each round's two requests are two groups reading at the same moment.
    const answers = [];
    for (const [i, cardUid] of cards.entries())
      answers.push(
        ...(await Promise.all(
          intakes.map((intake) => intake.ingest(reader, [{ eventId: `same-${i}`, cardUid, tappedAt: at(day, '07:05') }])),
        )),
      );
    expect(races).toContain('23505');
    for (let i = 0; i < cards.length; i++) {
      const pair = [answers[2 * i]!.results[0]!, answers[2 * i + 1]!.results[0]!];
      expect(pair.map((r) => r.replayed).sort()).toEqual([false, true]);
      const first = pair.find((r) => !r.replayed)!;
      expect(first).toMatchObject({ eventId: `same-${i}`, outcome: 'CHECK_IN', status: 'PRESENT', studentId: students[i] });
      expect(pair.find((r) => r.replayed)).toEqual({ ...first, replayed: true });
    }
    const { taps, days, intents } = await rowsOf(students);
    expect(taps).toHaveLength(40);
    expect(days).toHaveLength(40);
    expect(taps.map((x) => x.attendanceId).sort()).toEqual(days.map((d) => d.id).sort());
    expect(intents.map((x) => x.idempotencyKey).sort()).toEqual(days.map((d) => `CHECK_IN:attendance:${d.id}`).sort());
  });

  it('two readers tap one student at once on two nodes: one day record, one check-in and one notice', async () => {
    const cards = Array.from({ length: 40 }, (_, i) => `5B5E${String(i).padStart(4, '0')}`);
    const students = await studentsWith(cards, 'race-student', 620000000000);
    const readers = [(await intakes[0]!.readerByToken(tokens[0]!))!, (await intakes[1]!.readerByToken(tokens[1]!))!];
    races.length = 0;
    const answers = [];
    for (const [i, cardUid] of cards.entries())
      answers.push(
        ...(await Promise.all(
          intakes.map((intake, n) =>
            intake.ingest(readers[n]!, [{ eventId: `student-${i}-${n}`, cardUid, tappedAt: at(day, '07:06') }]),
          ),
        )),
      );
    expect(races).toContain('23505');
    for (let i = 0; i < cards.length; i++) {
      const outcomes = [answers[2 * i]!.results[0]!.outcome, answers[2 * i + 1]!.results[0]!.outcome];
      // Different readers: the second is a check-in the day already has (a tap too soon after the first at its
      // own reader would be DEBOUNCED; another reader's is ALREADY_CHECKED_IN or the like — never a second CHECK_IN).
      expect(outcomes.filter((o) => o === 'CHECK_IN')).toHaveLength(1);
    }
    const { taps, days, intents } = await rowsOf(students);
    expect(taps).toHaveLength(80);
    expect(days).toHaveLength(40);
    expect(intents).toHaveLength(40);
    for (const d of days) {
      const mine = intents.filter((x) => x.idempotencyKey === `CHECK_IN:attendance:${d.id}`);
      expect(mine).toHaveLength(1);
      expect(JSON.parse(mine[0]!.payload)).toEqual({
        type: 'CHECK_IN',
        studentId: d.studentId,
        schoolId,
        occurredAt: at(day, '07:06'),
        attendanceId: d.id,
      });
    }
  });
});
