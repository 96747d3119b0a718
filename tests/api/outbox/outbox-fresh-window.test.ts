import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, drain, historyOf } from '../../helpers/notifications';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';
import { EXPIRY_REASONS } from '../../../server/features/outbox/urgency';

/** A queued tap: its label, its SMS request_id, its student and its intent's key. */
interface Tap {
  label: string;
  requestId: string;
  studentId: number;
  key: string;
}

/**
 * The order within a school (urgency.ts): the fresh window (OUTBOX_FRESH_WINDOW_SECONDS) first and
 * oldest first, older rows behind it newest first, schools in turn. Real worker, real database, the stand-in httpSMS
 * gateway on 127.0.0.1; one send at a time, so the order the gateway sees is the order the worker chose.
 */
describe(`outbox fresh window (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  const BATCH = 6;
  let seq = 0;
  /** An instant `s` seconds ago (the notices do not expire: OUTBOX_ATTENDANCE_EXPIRY is 168 hours here). */
  const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();

  /** A school with its own device. */
  async function school() {
    const s = await createSchool(t.app, token);
    await addDevice(t.app, token, { schoolId: s.id, isDefault: true });
    return s.id;
  }
  /** One CHECK_IN intent of a new student of `schoolId` for an event `secondsAgo`; returns its SMS request_id. */
  async function tap(schoolId: number, secondsAgo: number, label: string): Promise<Tap> {
    seq += 1;
    const studentId = await addStudent(t.app, schoolId);
    const key = `CHECK_IN:attendance:fw-${seq}-${label}`;
    await addIntent(t.app, { studentId, schoolId, occurredAt: ago(secondsAgo) }, key);
    return { label, requestId: `${key}:SMS`, studentId, key };
  }
  /** The labels of `taps` in the order the gateway received them. */
  const gatewayOrder = (taps: Array<{ label: string; requestId: string }>) => {
    const byId = new Map(taps.map((x) => [x.requestId, x.label]));
    return gw.messages.filter((m) => byId.has(m.requestId)).map((m) => byId.get(m.requestId));
  };
  const sentCount = (taps: Array<{ requestId: string }>) => gatewayOrder(taps.map((x) => ({ ...x, label: '' }))).length;

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp({
      smsGatewayUrl: gw.url,
      outbox: {
        ...loadConfig({}).outbox,
        enabled: false,
        batchSize: BATCH,
        concurrency: 1,
        baseDelayMs: 20,
        maxDelayMs: 80,
        attendanceExpiryHours: 168,
        // The delay limit of arrival notices after it: the day rule (168 hours) is the one tested here.
        noticeMaxDelayMinutes: 169 * 60,
        freshWindowSeconds: 300,
      },
    });
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('a burst above the drain: the school’s fresh taps go out oldest first, whatever order they were queued in', async () => {
    const s = await school();
    // 10 taps in the last 2 minutes, queued out of order (a reader's replay mixed with live taps).
    const taps: Tap[] = [];
    for (const i of [3, 0, 7, 1, 9, 4, 2, 8, 6, 5]) taps.push(await tap(s, 120 - i * 10, `t${i}`));
    await drain(t.app, () => sentCount(taps) === 10);
    expect(gatewayOrder(taps)).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9']);
  });

  it('an hour-old backlog (gateway was down): new taps go out before it, oldest first; then the backlog, newest first', async () => {
    const s = await school();
    const backlog: Tap[] = [];
    for (let i = 0; i < 14; i += 1) backlog.push(await tap(s, 3600 - i * 60, `old${i}`));
    const fresh = [await tap(s, 30, 'new0'), await tap(s, 20, 'new1'), await tap(s, 10, 'new2')];
    await drain(t.app, () => sentCount([...backlog, ...fresh]) === 17, 20_000);
    expect(gatewayOrder([...backlog, ...fresh])).toEqual([
      'new0',
      'new1',
      'new2',
      ...backlog.map((b) => b.label).reverse(), // old13 (13 minutes newer than old0) first
    ]);
  });

  it('two schools: one’s fresh burst does not hold up the other’s older notices (one row per school in turn)', async () => {
    const a = await school();
    const b = await school();
    const burst: Tap[] = [];
    for (let i = 0; i < 10; i += 1) burst.push(await tap(a, 100 - i * 2, `a${i}`));
    const bFresh = [await tap(b, 30, 'bf0'), await tap(b, 20, 'bf1')];
    const bOld: Tap[] = [];
    for (let i = 0; i < 4; i += 1) bOld.push(await tap(b, 7200 - i * 60, `bo${i}`));
    const all = [...burst, ...bFresh, ...bOld];
    await t.app.outbox.runOnce(); // one claim of BATCH = 6: three turns of each school
    expect(gatewayOrder(all)).toEqual(['a0', 'bf0', 'a1', 'bf1', 'a2', 'bo3']);
    await drain(t.app, () => sentCount(all) === 16);
    // Within a turn the fresh row goes first; school b's older notices keep their turns, newest first.
    expect(gatewayOrder(all)).toEqual(
      ['a0', 'bf0', 'a1', 'bf1', 'a2', 'bo3', 'a3', 'bo2', 'a4', 'bo1', 'a5', 'bo0'].concat(['a6', 'a7', 'a8', 'a9']),
    );
  });

  it('two claimers at once over fresh, older and undated rows: each message sent exactly once, the expired one never', async () => {
    gw.dedupe = false; // a repeated request_id would be sent again, as httpSMS may
    try {
      const a = await school();
      const b = await school();
      const taps: Tap[] = [];
      for (let i = 0; i < 8; i += 1) taps.push(await tap(a, 200 - i * 10, `af${i}`), await tap(b, 190 - i * 10, `bf${i}`));
      for (let i = 0; i < 5; i += 1) taps.push(await tap(a, 5400 - i * 60, `ao${i}`), await tap(b, 4000 - i * 60, `bo${i}`));
      // A row without an event time (queued before event_at existed) is still sent, after the dated ones.
      const undated = await tap(b, 0, 'undated');
      taps.push(undated);
      await t.app.db.updateTable('notificationOutbox').set({ eventAt: null }).where('idempotencyKey', '=', undated.key).execute();
      // A notice older than OUTBOX_ATTENDANCE_EXPIRY (168 hours): its turn comes last, and it is EXPIRED, not sent.
      const late = await tap(a, 169 * 3600, 'late');
      await drain(
        t.app,
        async () => {
          await Promise.all([t.app.outbox.runOnce(), t.app.outbox.runOnce()]);
          return sentCount(taps) === taps.length && (await historyOf(t.app, late.studentId)).length === 1;
        },
        20_000,
      );
      const posted = gw.posts.filter((p) => taps.some((x) => x.requestId === p.requestId) || p.requestId === late.requestId);
      expect(posted.map((p) => p.requestId).sort()).toEqual(taps.map((x) => x.requestId).sort());
      for (const x of taps) expect((await historyOf(t.app, x.studentId)).map((n) => n.status)).toEqual(['SENT']);
      expect(await historyOf(t.app, late.studentId)).toEqual([
        expect.objectContaining({ status: 'EXPIRED', failureReason: EXPIRY_REASONS.hours(168) }),
      ]);
    } finally {
      gw.dedupe = true;
    }
  });
});
