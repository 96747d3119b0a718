import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, historyOf } from '../../helpers/notifications';
import { statementsOf } from '../../helpers/statements';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';

/*
 * What one attendance notice costs the database on its way out, from the claim to SENT, counted
 * as tests/api/rfid/tap-cost.test.ts counts a tap. The list is exact, so a statement added to the path fails here and
 * is a decision, not a drift.
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
/** The school's time zone (a device's daily count is per local day): read once, then cached with its rules. */
const ZONE = ['select schools'];
const SEND = [
  'select schools + sms_devices', // the school's pool, with its global-overflow choice
  'insert sms_device_usage',
  'update sms_devices', // the phone's pace: its next moment taken, shared by every server process
  'update notification_outbox', // in flight, committed before the HTTP call (a crash then reconciles, never resends)
];
/** Sent: the outbox row and its History row together (one statement of CTEs on PostgreSQL, atomic on its own). */
const SENT =
  dbKind === 'postgres'
    ? ['write notification_outbox + sms_notifications']
    : ['begin', 'update notification_outbox', 'update sms_notifications', 'commit'];
const LIVE = ['select sms_notifications']; // the History row for the live `sms:sent` event
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
        ...ZONE,
        ...SEND,
        ...SENT,
        ...LIVE,
      ]);

      const second = await addStudent(t.app, schoolId);
      await addIntent(t.app, { studentId: second, schoolId });
      expect(await statementsOf(() => t.app.outbox.runOnce())).toEqual([...CLAIM, ...EXPAND, ...SEND, ...SENT, ...LIVE]);
      for (const studentId of [first, second]) expect((await historyOf(t.app, studentId)).map((n) => n.status)).toEqual(['SENT']);
      expect(gw.messages).toHaveLength(2);
      expect(new Set(gw.messages.map((m) => m.from)).size).toBe(2);
    } finally {
      release();
    }
  });
});
