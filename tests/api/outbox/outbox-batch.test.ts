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
