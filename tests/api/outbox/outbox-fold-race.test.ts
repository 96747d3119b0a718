import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, expandOnly, historyOf } from '../../helpers/notifications';
import { at, lastSchoolDay } from '../../helpers/rfid';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';
import { claimDue, type OutboxRow } from '../../../server/features/outbox/claim';
import { foldArrival } from '../../../server/features/outbox/fold';

/**
 * Nothing is sent twice: the fold takes a waiting arrival with ONE guarded update in the departure's transaction,
 * so another node's claim of the same arrival and the fold exclude each other (PostgreSQL: row locks, FOR UPDATE SKIP
 * LOCKED; SQLite: one writer). Each interleaving is forced below, then two passes run at once over many learners.
 * The stand-in gateway does not de-duplicate request_id here: a second send would be a second message.
 */
describe(`outbox fold against another node (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  let schoolId: number;
  const day = lastSchoolDay();
  const clock = testClock();
  const clockAt = (time: string) => clock.stopAt(at(day, time));
  let seq = 0;
  /** Lets the event loop run a while (a concurrent statement reaches its lock wait). */
  const pause = () => new Promise((r) => setTimeout(r, 80));

  /** A learner, and their arrival and departure intents of one attendance record at the given times. */
  async function learner(arrival: string, departure: string, expandArrival: boolean) {
    seq += 1;
    const attendanceId = 700000 + seq * 10 + (Date.now() % 10);
    const parentPhone = `+6391766${String(10000 + seq).slice(-5)}`;
    const studentId = await addStudent(t.app, schoolId, { parentPhone });
    const intent = (type: 'CHECK_IN' | 'CHECK_OUT', time: string) => ({
      type,
      studentId,
      schoolId,
      attendanceId,
      occurredAt: at(day, time),
    });
    clockAt(arrival);
    await addIntent(t.app, intent('CHECK_IN', arrival), `CHECK_IN:attendance:${attendanceId}`);
    if (expandArrival) await expandOnly(t.app, studentId);
    clockAt(departure);
    await addIntent(t.app, intent('CHECK_OUT', departure), `CHECK_OUT:attendance:${attendanceId}`);
    const texts = () => gw.messages.filter((m) => m.to === parentPhone).map((m) => m.content.replace(/\u202f/g, ' '));
    return { studentId, parentPhone, attendanceId, departure: intent('CHECK_OUT', departure), texts };
  }
  const arrivalRow = async (attendanceId: number) =>
    t.app.db
      .selectFrom('notificationOutbox')
      .selectAll()
      .where('idempotencyKey', '=', `CHECK_IN:attendance:${attendanceId}:SMS`)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    gw = await startStandInGateway();
    gw.dedupe = false;
    t = await createTestApp(
      {
        smsGatewayUrl: gw.url,
        outbox: { ...loadConfig({}).outbox, enabled: false, batchSize: 2, concurrency: 2, baseDelayMs: 20, maxDelayMs: 80 },
      },
      { clock },
    );
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token, { acronym: 'RACE' })).id;
    await addDevice(t.app, token, { schoolId, isDefault: true });
  });
  afterEach(() => {
    clock.resume();
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('another node claimed the arrival first and holds it: the departure waits for it, then goes alone; no fold', async () => {
    const l = await learner('07:02', '07:20', true);
    let claimed!: () => void;
    const claimedNow = new Promise<void>((r) => (claimed = r));
    let commit!: () => void;
    const held = new Promise<void>((r) => (commit = r));
    // The other node's claim, at 07:03 (the departure is not due yet then), in a transaction kept open.
    const other = t.app.db.transaction().execute(async (trx) => {
      const rows = await claimDue(trx, 10, 3_600_000, 300_000, new Date(at(day, '07:03')));
      claimed();
      await held;
      return rows;
    });
    await claimedNow;
    const pass = t.app.outbox.runOnce(); // claims the departure; its fold reaches the arrival the other node holds
    await pause();
    commit();
    const taken: OutboxRow[] = await other;
    await pass;
    expect(taken.map((r) => r.idempotencyKey)).toContain(`CHECK_IN:attendance:${l.attendanceId}:SMS`);
    expect(l.texts()).toEqual([expect.stringMatching(/left school at 7:20 AM/)]);
    expect(await arrivalRow(l.attendanceId)).toMatchObject({ status: 'sending', leaseToken: taken[0]!.leaseToken });
    expect((await historyOf(t.app, l.studentId)).map((n) => [n.type, n.status])).toEqual([
      ['CHECK_IN', 'PENDING'],
      ['CHECK_OUT', 'SENT'],
    ]);
  });

  it('the fold holds the arrival: a claim by another node does not get it, and finds it done after the commit', async () => {
    const l = await learner('07:04', '07:22', true);
    let folding!: () => void;
    const foldedNow = new Promise<void>((r) => (folding = r));
    let commit!: () => void;
    const held = new Promise<void>((r) => (commit = r));
    const to = [{ channel: 'SMS', recipient: l.parentPhone }];
    const fold = t.app.db.transaction().execute(async (trx) => {
      const folded = await foldArrival(trx, l.departure, to, t.app.config.outbox, clock.now());
      folding();
      await held;
      return folded;
    });
    await foldedNow;
    // Another node's claim while the fold's transaction is open (PostgreSQL: skips the locked row; SQLite: waits).
    const claim = claimDue(t.app.db, 10, 60_000, 300_000, clock.now());
    await pause();
    commit();
    const [folded, taken] = await Promise.all([fold, claim]);
    expect(folded?.arrivals.get('SMS')).toBe(at(day, '07:04'));
    expect(taken.map((r) => r.idempotencyKey)).not.toContain(`CHECK_IN:attendance:${l.attendanceId}:SMS`);
    expect(await arrivalRow(l.attendanceId)).toMatchObject({ status: 'done', leaseToken: null });
    expect((await historyOf(t.app, l.studentId))[0]).toMatchObject({ type: 'CHECK_IN', status: 'FOLDED' });
    // The departure intent went to that claim (the fold above ran outside the worker): put it back for the next tests.
    await t.app.db
      .updateTable('notificationOutbox')
      .set({ status: 'done', leaseToken: null })
      .where('id', 'in', taken.length ? taken.map((r) => r.id) : [0])
      .execute();
  });

  it('two passes at once over 16 learners: each learner is told of the arrival and of the departure exactly once', async () => {
    const learners: Array<Awaited<ReturnType<typeof learner>>> = [];
    for (let i = 0; i < 16; i += 1) {
      // Some arrivals still unexpanded, some waiting as messages; some fresh enough to be claimed with the departures.
      const arrival = `07:${String(10 + (i % 4)).padStart(2, '0')}`;
      learners.push(await learner(arrival, `07:${String(14 + (i % 3)).padStart(2, '0')}`, i % 2 === 0));
    }
    clockAt('07:17');
    const settled = async () =>
      (await Promise.all(learners.map((l) => historyOf(t.app, l.studentId)))).every(
        (notes) => notes.length === 2 && notes.every((n) => n.status !== 'PENDING'),
      );
    for (let pass = 0; pass < 60 && !(await settled()); pass += 1) {
      // Two nodes' passes, each claiming, expanding (and folding), sending, at the same time.
      await Promise.all([t.app.outbox.runOnce(), t.app.outbox.runOnce()]);
    }
    expect(await settled()).toBe(true);
    let folds = 0;
    for (const l of learners) {
      const texts = l.texts();
      const arrivedAndLeft = texts.filter((x) => /arrived at school at .* and left at /.test(x));
      if (arrivedAndLeft.length) {
        folds += 1;
        expect(texts).toEqual(arrivedAndLeft); // the one message, nothing else
        expect(texts).toHaveLength(1);
        expect((await historyOf(t.app, l.studentId)).map((n) => n.status)).toEqual(['FOLDED', 'SENT']);
      } else {
        expect(texts).toHaveLength(2);
        expect(texts.filter((x) => / arrived at school at /.test(x))).toHaveLength(1);
        expect(texts.filter((x) => / left school at /.test(x))).toHaveLength(1);
        expect((await historyOf(t.app, l.studentId)).map((n) => n.status)).toEqual(['SENT', 'SENT']);
      }
    }
    // Every request_id reached the gateway at most once.
    const ids = gw.posts.map((p) => p.requestId);
    expect(ids.length).toBe(new Set(ids).size);
    expect(folds).toBeGreaterThan(0);
  });
});
