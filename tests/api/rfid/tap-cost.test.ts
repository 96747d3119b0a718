import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { addDays } from '@core/time/time';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { forgetReaders } from '../../../server/features/rfid/readers';
import { forgetSchoolRules } from '../../../server/features/attendance/rules';
import { testClock } from '../../helpers/clock';
import { named, sent, statementsOf } from '../../helpers/statements';
import { at, createReader, insertCardStudent, insertCardStudents, lastSchoolDay, postTaps } from '../../helpers/rfid';

/*
 * What one tap costs the database, counted where the statements leave the process (pg's
 * Client.query, better-sqlite3's Statement run/all/get/iterate), transaction control included. The exact list
 * is asserted so that a statement added to the tap path fails here and is a decision, not a drift.
 * No socket is joined: with a console open, the live `attendance` event adds the History row's read after commit.
 */

/**
 * A check-in once the reader and the school's rules are cached: the group's stored eventIds and the debounce
 * window's taps (one UNION ALL), the card's student with that day's record (one join), then the three rows.
 * SQLite: one statement each, in one transaction (a statement costs no round trip in a process). PostgreSQL, where
 * a lone tap waits mostly for round trips: both reads in one statement, and the three rows in one statement,
 * atomic on its own, so no BEGIN/COMMIT (server/features/rfid/tap-lookups.ts, tap-writes.ts): 2 round trips.
 */
// PostgreSQL's one read names the tables it probes one by one (the grade's level comes joined to the student).
const READS =
  dbKind === 'postgres' ? ['select rfid_taps + students + attendance_records'] : ['select rfid_taps', 'select students'];
const WRITES =
  dbKind === 'postgres'
    ? ['write attendance_records + notification_outbox + rfid_taps']
    : ['insert attendance_records', 'insert notification_outbox', 'insert rfid_taps'];
/** A reader's first tap in a second also sets its lastSeenAt: with the writes (in the same statement on PostgreSQL). */
const WRITES_SEEN =
  dbKind === 'postgres'
    ? ['write rfid_readers + attendance_records + notification_outbox + rfid_taps']
    : ['update rfid_readers', ...WRITES];
const [BEGIN, COMMIT] = dbKind === 'postgres' ? [[], []] : [['begin'], ['commit']];
const TAP = [...BEGIN, ...READS, ...WRITES, ...COMMIT];
const RULES = ['select schools', 'select school_holidays'];

/**
 * The statements of `cold` (caches cleared first) and of `warm` right after it. The clock is held still over
 * both, so the reader's lastSeenAt (written at most once a second) is written by the first only, whatever the
 * machine's load.
 */
async function coldThenWarm(cold: () => Promise<unknown>, warm: () => Promise<unknown>) {
  forgetReaders();
  forgetSchoolRules();
  const release = clock.hold();
  try {
    return { first: await statementsOf(cold), second: await statementsOf(warm) };
  } finally {
    release();
  }
}

/** The server's clock, held still by coldThenWarm. */
const clock = testClock();

describe(`statements per tap (${dbKind})`, () => {
  let t: TestApp;
  let schoolId: number;
  let admin: string;
  const day = lastSchoolDay();
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, admin)).id;
  });
  afterAll(() => t.close());

  it('POST /api/rfid/taps: a check-in costs this exact list of statements', async () => {
    const reader = await createReader(t.app, admin, { schoolId, name: 'Cost gate' });
    const cards = ['C0570001', 'C0570002'];
    for (const c of cards) await insertCardStudent(t.app, schoolId, c);
    const tap = async (card: string, time: string) => {
      const res = await postTaps(t.app, reader.token, { eventId: `cost-${++n}`, cardUid: card, tappedAt: at(day, time) });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.outcome).toBe('CHECK_IN');
    };
    const { first, second } = await coldThenWarm(
      () => tap(cards[0]!, '07:00'),
      () => tap(cards[1]!, '07:01'),
    );
    // A reader's first tap (nothing cached): the reader, the school's rules (school and holidays), its lastSeenAt.
    expect(first).toEqual(['select rfid_readers', ...BEGIN, ...RULES, ...READS, ...WRITES_SEEN, ...COMMIT]);
    expect(second).toEqual(TAP);
    // PostgreSQL parses and plans each of the tap's reads and its write once per connection (core/db): named.
    if (dbKind === 'postgres') expect(named).toEqual([true, true]);
  });

  it('ZKTeco: a single ATTLOG line costs this exact list of statements', async () => {
    const SN = 'COST0001';
    await createReader(t.app, admin, { schoolId, name: 'Cost ZK', kind: 'ZKTECO', serialNumber: SN });
    const pins = ['57000011', '57000012'];
    for (const p of pins) await insertCardStudent(t.app, schoolId, `00${p}`);
    const line = async (pin: string, time: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/iclock/cdata?SN=${SN}&table=ATTLOG&Stamp=1`,
        headers: { 'content-type': 'text/plain' },
        payload: `${pin}\t${day} ${time}\t0\t1\t0\t0\n`,
      });
      expect(res.body).toBe('OK');
    };
    const { first, second } = await coldThenWarm(
      () => line(pins[0]!, '07:00:00'),
      () => line(pins[1]!, '07:01:00'),
    );
    // The terminal's time zone needs the rules before the intake: read first, then cached for the intake.
    expect(first).toEqual(['select rfid_readers', ...RULES, ...BEGIN, ...READS, ...WRITES_SEEN, ...COMMIT]);
    expect(second).toEqual(TAP);
  });

  it("a tap reads its student's day record and its card's taps by their keys, however busy the day already is", async () => {
    // A school some weeks into the product, a morning in progress: 30 school days of history (in the planner's
    // statistics), and 300 classmates checked in already today (not in them yet, as every morning). Given today's
    // date as a constant, PostgreSQL read every one of those records for each tap, a cost that grew all morning.
    const reader = await createReader(t.app, admin, { schoolId, name: 'Busy gate' });
    const cards = Array.from({ length: 301 }, (_, i) => `B05${String(i).padStart(5, '0')}`);
    await insertCardStudents(t.app.db, schoolId, cards, 'busy-day', 610000000000);
    const students = await t.app.db
      .selectFrom('students')
      .select(['id', 'rfidCardId'])
      .where('rfidCardId', 'in', cards)
      .execute();
    const now = new Date().toISOString();
    const record = (studentId: number, date: string) => ({
      studentId,
      schoolId,
      date,
      status: 'PRESENT',
      createdAt: now,
      updatedAt: now,
    });
    const past = Array.from({ length: 30 }, (_, i) => addDays(day, -1 - i));
    for (const date of past)
      await t.app.db
        .insertInto('attendanceRecords')
        .values(students.map((s) => record(s.id, date)))
        .execute();
    if (dbKind === 'postgres') await sql`analyze attendance_records`.execute(t.app.db);
    const classmates = students.filter((s) => s.rfidCardId !== cards[0]);
    await t.app.db
      .insertInto('attendanceRecords')
      .values(classmates.map((s) => record(s.id, day)))
      .execute();

    // The gate's morning so far: 3,000 taps of other cards from this reader and others around the same minutes.
    const other = await createReader(t.app, admin, { schoolId, name: 'Busy gate 2' });
    const taps = Array.from({ length: 3000 }, (_, i) => ({
      readerId: i % 2 ? reader.id : other.id,
      eventId: `morning-${i}`,
      cardUidRaw: `F0${String(i).padStart(6, '0')}`,
      cardUid: `F0${String(i).padStart(6, '0')}`,
      tappedAt: at(day, `07:0${i % 10}`),
      receivedAt: now,
      outcome: 'UNKNOWN_CARD',
    }));
    for (let i = 0; i < taps.length; i += 500)
      await t.app.db
        .insertInto('rfidTaps')
        .values(taps.slice(i, i + 500))
        .execute();

    const eventId = `busy-${++n}`;
    const res = await statementsOf(() =>
      postTaps(t.app, reader.token, { eventId, cardUid: cards[0], tappedAt: at(day, '07:05') }),
    );
    expect(res.length).toBeGreaterThan(0);
    const read = sent.find((s) => /from "students"/.test(s.text))!;
    // The same statement again, explained: the tap's own record and tap row are there now (one row each to find, as
    // for a check-out and a replay), so every read below finds exactly one row by its index.
    const explain = (prefix: string) =>
      t.app.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`${prefix} ${read.text}`, read.values));
    if (dbKind === 'postgres') {
      // Both plans PostgreSQL uses for a named statement: the first runs' (planned with the values) and the generic
      // one it may settle on after 5 runs (planned knowing no value: no statistics help it).
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        const plan = await pgPlan(t.app.db, read, mode);
        const touched = nodesOf(plan).filter((p) =>
          // A bitmap index scan names its index only: this schema's index names start with their table's.
          ['attendance_records', 'rfid_taps', 'students'].some(
            (table) => p['Relation Name'] === table || p['Index Name']?.startsWith(table.split('_records')[0]!),
          ),
        );
        // The day record by (student, date); the stored tap by (reader, eventId); the counted taps by (card, time);
        // the card's holder by the card. Never a scan of a table, nor an index that needs a filter (today's date).
        expect(touched.flatMap((p) => p['Index Name'] ?? []).sort(), mode).toEqual([
          'attendance_student_date_uq',
          'rfid_taps_card_idx',
          'rfid_taps_event_uq',
          'students_rfid_card_id_key',
        ]);
        for (const p of touched) {
          const removed = (p['Rows Removed by Filter'] ?? 0) + (p['Rows Removed by Index Recheck'] ?? 0);
          expect(removed, `${mode}: ${p['Node Type']} ${p['Index Name'] ?? p['Relation Name']}`).toBe(0);
        }
      }
    } else {
      const { rows } = await explain('explain query plan');
      // SQLite has statistics of no day either; it picks the unique key on its own, as this keeps checking.
      expect(rows.map((r) => r.detail)).toContainEqual(
        expect.stringMatching(/^SEARCH a USING (COVERING )?INDEX attendance_student_date_uq \(student_id=\? AND date=\?\)/),
      );
      const history = sent.find((s) => /from "rfid_taps"/.test(s.text))!;
      const { rows: tapPlan } = await t.app.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${history.text}`, history.values),
      );
      expect(tapPlan.map((r) => r.detail)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^SEARCH rfid_taps USING INDEX rfid_taps_event_uq \(reader_id=\? AND event_id=\?\)/),
          expect.stringMatching(
            /^SEARCH rfid_taps USING INDEX rfid_taps_card_idx \(card_uid=\? AND tapped_at>\? AND tapped_at<\?\)/,
          ),
        ]),
      );
    }
  });

  it.runIf(dbKind === 'postgres')(
    'PostgreSQL: the app compiles no query with JIT (an over-estimated lookup would pay it per run)',
    async () => {
      // Every connection of the pool: hold them all at once, so none is missed.
      const settings = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.app.db.connection().execute(async (c) => {
            const { rows } = await sql<{ jit: string }>`show jit`.execute(c);
            await sql`select pg_sleep(0.05)`.execute(c);
            return rows[0]!.jit;
          }),
        ),
      );
      expect(settings).toEqual(Array(10).fill('off'));
    },
  );

  it('the caches never outlive a change made in this process: deactivation, token rotation, rules, a reassigned card', async () => {
    const api = as(admin);
    const reader = await createReader(t.app, admin, { schoolId, name: 'Cache gate' });
    const first = await insertCardStudent(t.app, schoolId, 'CAC0E001');
    const tap = (tokenOf: string, card: string, time: string) =>
      postTaps(t.app, tokenOf, { eventId: `cache-${++n}`, cardUid: card, tappedAt: at(day, time) });
    expect((await tap(reader.token, 'CAC0E001', '07:00')).json().data).toMatchObject({ studentId: first, status: 'PRESENT' });

    const patch = (isActive: boolean) =>
      api(t.app, { method: 'PATCH', url: `/api/super-admin/rfid-readers/${reader.id}`, payload: { isActive } });
    expect((await patch(false)).statusCode).toBe(200);
    expect((await tap(reader.token, 'CAC0E001', '07:10')).statusCode).toBe(403);
    expect((await patch(true)).statusCode).toBe(200);

    const rotated = await api(t.app, { method: 'POST', url: `/api/super-admin/rfid-readers/${reader.id}/rotate-token` });
    expect((await tap(reader.token, 'CAC0E001', '07:11')).statusCode).toBe(401);
    const fresh = rotated.json().data.token as string;

    // The card goes to another student: the next tap is that student's check-in.
    await t.app.db.updateTable('students').set({ rfidCardId: null }).where('id', '=', first).execute();
    const second = await insertCardStudent(t.app, schoolId, 'CAC0E001');
    expect((await tap(fresh, 'CAC0E001', '07:12')).json().data).toMatchObject({ studentId: second, status: 'PRESENT' });

    // A later cutoff applies to the next tap: 07:50 is LATE at a 07:45 cutoff, on time at 08:00.
    const third = await insertCardStudent(t.app, schoolId, 'CAC0E002');
    const settings = {
      timeZone: 'Asia/Manila',
      lateCutoff: '08:00',
      absenceCutoff: '10:00',
      schoolDays: [1, 2, 3, 4, 5, 6, 7],
      holidays: [],
    };
    const put = await api(t.app, {
      method: 'PUT',
      url: `/api/super-admin/schools/${schoolId}/attendance-settings`,
      payload: settings,
    });
    expect(put.statusCode).toBe(200);
    expect((await tap(fresh, 'CAC0E002', '07:50')).json().data).toMatchObject({ studentId: third, status: 'PRESENT' });
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (p: PlanNode): PlanNode[] => [p, ...(p.Plans ?? []).flatMap(nodesOf)];

/** A captured statement's plan, run (EXPLAIN ANALYZE) as a prepared statement under the given plan_cache_mode. */
async function pgPlan(db: TestApp['app']['db'], statement: { text: string; values: unknown[] }, mode: string) {
  const literal = (v: unknown) =>
    pg.escapeLiteral(Array.isArray(v) ? `{${v.map((x) => JSON.stringify(String(x))).join(',')}}` : String(v));
  return db.connection().execute(async (c) => {
    await sql`set plan_cache_mode = ${sql.raw(mode)}`.execute(c);
    await c.executeQuery(CompiledQuery.raw(`prepare plan_probe as ${statement.text}`));
    try {
      const { rows } = await c.executeQuery<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        CompiledQuery.raw(`explain (analyze, format json) execute plan_probe(${statement.values.map(literal).join(', ')})`),
      );
      return rows[0]!['QUERY PLAN'][0]!.Plan;
    } finally {
      await sql`deallocate plan_probe; reset plan_cache_mode`.execute(c);
    }
  });
}
