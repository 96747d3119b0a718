import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, historyOf } from '../../helpers/notifications';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';

/*
 * A pass hands its messages over together (server/features/outbox/batch/): a phone takes one message a gap, and the
 * messages behind it wait for its next moment, unless the gateway refuses the one it took: then nothing used the
 * moment, and the others try the phone in the same pass.
 */
describe(`outbox batch hand-over (${dbKind})`, () => {
  let t: TestApp;
  let gw: StandInGateway;
  let token: string;
  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp({
      smsGatewayUrl: gw.url,
      outbox: { ...loadConfig({}).outbox, enabled: false, maxAttempts: 1, concurrency: 1 },
    });
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it("a refused hand-over gives the phone's moment back: the messages planned to wait for it are tried in the same pass", async () => {
    const school = await createSchool(t.app, token);
    // One phone at httpSMS's pace, whose key the gateway refuses.
    gw.keys.add('the-only-key-the-gateway-knows');
    await addDevice(t.app, token, { schoolId: school.id, isDefault: true, sendRatePerMinute: 10, apiKey: 'refused-key-0000001' });
    const students: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const studentId = await addStudent(t.app, school.id);
      await addIntent(t.app, { studentId, schoolId: school.id });
      students.push(studentId);
    }
    const posts = gw.posts.length;
    expect(await t.app.outbox.runOnce()).toBe(3);
    for (const studentId of students) {
      const [note] = await historyOf(t.app, studentId);
      expect(note).toMatchObject({ status: 'FAILED', failureReason: expect.stringMatching(/^Gate phone \d+: SMS gateway 401/) });
    }
    expect(gw.posts.slice(posts).map((p) => p.status)).toEqual([401, 401, 401]);
    const waiting = await t.app.db
      .selectFrom('notificationOutbox')
      .select('id')
      .where('status', 'in', ['pending', 'sending'])
      .execute();
    expect(waiting).toEqual([]);
  });
});

describe(`outbox passes across many schools (${dbKind})`, () => {
  let t: TestApp;
  let gw: StandInGateway;
  let token: string;
  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp({ smsGatewayUrl: gw.url, outbox: { ...loadConfig({}).outbox, enabled: false, batchSize: 2 } });
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('a full batch whose messages all wait for busy phones is not idle: the next pass reaches the schools behind it', async () => {
    const schools: Array<{ studentId: number; deviceId: number }> = [];
    for (let i = 0; i < 3; i += 1) {
      const school = await createSchool(t.app, token);
      const device = await addDevice(t.app, token, { schoolId: school.id, isDefault: true, sendRatePerMinute: 10 });
      const studentId = await addStudent(t.app, school.id);
      await addIntent(t.app, { studentId, schoolId: school.id });
      schools.push({ studentId, deviceId: device.id });
    }
    const busy = (deviceId: number, until: string | null) =>
      t.app.db.updateTable('smsDevices').set({ nextSendAt: until }).where('id', '=', deviceId).execute();
    const minuteOn = new Date(t.app.clock.now().getTime() + 60_000).toISOString();
    // Every phone busy while the intents are expanded: three messages waiting.
    for (const s of schools) await busy(s.deviceId, minuteOn);
    while ((await t.app.outbox.runOnce()) > 0);
    // Now all three are due, the first two schools' phones still busy, the third's free.
    await busy(schools[2]!.deviceId, null);
    await t.app.db
      .updateTable('notificationOutbox')
      .set({ nextAttemptAt: t.app.clock.now().toISOString() })
      .where('channel', '=', 'SMS')
      .where('status', '=', 'pending')
      .execute();
    const posts = gw.posts.length;
    // The claim takes the schools in turn, the first two first: both wait, a full batch with nothing moved.
    expect(await t.app.outbox.runOnce()).toBe(2);
    expect(gw.posts.length).toBe(posts);
    expect(t.app.outbox.idle()).toBe(false);
    // The next pass takes the third school's message, whose phone has room.
    expect(await t.app.outbox.runOnce()).toBe(1);
    expect(gw.posts.length).toBe(posts + 1);
    expect((await historyOf(t.app, schools[2]!.studentId))[0]?.status).toBe('SENT');
    for (const s of schools.slice(0, 2))
      expect((await historyOf(t.app, s.studentId))[0]?.failureReason).toMatch(/^Waiting for a phone \(next free at/);
    // Nothing due any more: idle.
    expect(await t.app.outbox.runOnce()).toBe(0);
    expect(t.app.outbox.idle()).toBe(true);
  });
});
