import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, historyOf } from '../../helpers/notifications';
import { statementsOf } from '../../helpers/statements';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';

/*
 * What attendance notices cost the database on their way out, from the claim to SENT, counted
 * as tests/api/rfid/tap-cost.test.ts counts a tap. The list is exact, so a statement added to the path fails here and
 * is a decision, not a drift. A pass takes its notices together: one notice or several cost the same statements.
 */
const CLAIM = ['update notification_outbox'];
const EXPAND = [
  'begin',
  'select students',
  'select notification_outbox', // the message's key: an intent expanded twice writes nothing twice
  'insert sms_notifications',
  'insert notification_outbox',
  'update notification_outbox', // the intent: done
  'commit',
];
const POOL = ['select schools + sms_devices']; // the school's pool, with its global-overflow choice
/** The school's time zone (a device's daily count is per local day): read once, then cached with its rules. */
const ZONE = ['select schools'];
/** Per phone given messages in the pass. */
const HAND_OVER = [
  'insert sms_device_usage', // today's count, all of the phone's messages at once
  'update sms_devices', // the phone's pace: its next moment taken, shared by every server process
  'update notification_outbox', // in flight, committed before the HTTP calls (a crash then reconciles, never resends)
];
/** Sent: the outbox rows and their History rows together; then the phones' last activity (one for all of them). */
const SENT = ['begin', 'update notification_outbox', 'update sms_notifications', 'commit', 'update sms_devices'];
const LIVE = ['select sms_notifications']; // the History rows for the live `sms:sent` events
/** Messages every phone is busy for: back to pending until the first has room, History saying why. */
const WAIT = ['update notification_outbox', 'update sms_notifications'];
/** The expired-notice sweep, at most once a second: begin, its update, commit. */
const SWEEP = ['begin', 'update notification_outbox', 'commit'];

describe(`statements per notice (${dbKind})`, () => {
  /** The server's clock, held still over both passes below. */
  const clock = testClock();
  let t: TestApp;
  let gw: StandInGateway;
  let token: string;
  let schoolId: number;
  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp({ smsGatewayUrl: gw.url, outbox: { ...loadConfig({}).outbox, enabled: false } }, { clock });
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token)).id;
    // Two phones at httpSMS's default pace: the second notice, sent at the same instant, goes through the other one.
    await addDevice(t.app, token, { schoolId, isDefault: true, sendRatePerMinute: 10 });
    await addDevice(t.app, token, { schoolId, sendRatePerMinute: 10 });
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('a CHECK_IN intent claimed, expanded and sent by SMS costs this exact list of statements', async () => {
    // The clock held still over both passes: the second comes within the sweep's second, whatever the load.
    const release = clock.hold();
    try {
      const first = await addStudent(t.app, schoolId);
      await addIntent(t.app, { studentId: first, schoolId });
      expect(await statementsOf(() => t.app.outbox.runOnce())).toEqual([
        ...SWEEP,
        ...CLAIM,
        ...EXPAND,
        ...POOL,
        ...ZONE,
        ...HAND_OVER,
        ...SENT,
        ...LIVE,
      ]);

      const second = await addStudent(t.app, schoolId);
      await addIntent(t.app, { studentId: second, schoolId });
      expect(await statementsOf(() => t.app.outbox.runOnce())).toEqual([
        ...CLAIM,
        ...EXPAND,
        ...POOL,
        ...HAND_OVER,
        ...SENT,
        ...LIVE,
      ]);
      for (const studentId of [first, second]) expect((await historyOf(t.app, studentId)).map((n) => n.status)).toEqual(['SENT']);
      expect(gw.messages).toHaveLength(2);
      expect(new Set(gw.messages.map((m) => m.from)).size).toBe(2);
    } finally {
      release();
    }
  });

  it('six notices in one pass cost the statements of one, plus a hand-over per phone and one wait for the rest', async () => {
    const release = clock.hold();
    try {
      // A minute on: both phones have room again, for one message each; the other four wait for them.
      clock.advance(60_000);
      const students = [];
      for (let i = 0; i < 6; i += 1) {
        const studentId = await addStudent(t.app, schoolId);
        await addIntent(t.app, { studentId, schoolId });
        students.push(studentId);
      }
      const sentBefore = gw.messages.length;
      expect(await statementsOf(() => t.app.outbox.runOnce())).toEqual([
        ...SWEEP,
        ...CLAIM,
        ...EXPAND,
        ...POOL,
        ...HAND_OVER,
        ...HAND_OVER,
        ...SENT,
        ...LIVE,
        ...WAIT,
      ]);
      const statuses = await Promise.all(students.map(async (id) => (await historyOf(t.app, id))[0]!));
      expect(statuses.map((n) => n.status).sort()).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING', 'SENT', 'SENT']);
      expect(
        statuses
          .filter((n) => n.status === 'PENDING')
          .map((n) => n.failureReason?.startsWith('Waiting for a phone (next free at')),
      ).toEqual([true, true, true, true]);
      expect(gw.messages.length - sentBefore).toBe(2);
    } finally {
      release();
    }
  });
});
