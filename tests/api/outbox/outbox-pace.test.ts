import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DB } from '@core/db/index';
import { loadConfig } from '@core/config';
import { SCHOOL_MESSAGES, SCHOOL_PROFILE_ONLY } from '@domain/schools';
import { createOutboxWorker, type OutboxWorker } from '../../../server/features/outbox/worker';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { testClock } from '../../helpers/clock';
import { createSchool, logsOf } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, historyOf } from '../../helpers/notifications';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';

/*
 * The pace of each phone and the pool of a school's phones, against the stand-in httpSMS gateway, on a held test
 * clock moved step by step (the gateway stamps what it accepts with the same clock): a phone is never handed more
 * than its rate over any 60 s, by one worker or by two workers on the same database; a school's phones share its
 * load; global phones take its overflow only when the school allows it; a message waiting for a phone counts no
 * attempt and says why in SMS History.
 */
const MINUTE = 60_000;
/** 06:45 in Manila (the default zone): a school's morning rush. */
const START = '2026-11-23T22:45:00.000Z';

/** The most sends of `times` (ms) in any window of 60 s. */
function mostInAMinute(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    while (sorted[i]! - sorted[first]! >= MINUTE) first += 1;
    most = Math.max(most, i - first + 1);
  }
  return most;
}

describe(`outbox pace and pool (${dbKind})`, () => {
  const clock = testClock(START);
  let release: () => void;
  let t: TestApp;
  let gw: StandInGateway;
  let token: string;
  let other: DB | null = null;
  const call = (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts);

  beforeAll(async () => {
    release = clock.hold();
    // Accepted messages are stamped with the test's clock, which the pace is counted on.
    gw = await startStandInGateway({ clock });
    t = await createTestApp(
      {
        smsGatewayUrl: gw.url,
        outbox: {
          ...loadConfig({}).outbox,
          enabled: false,
          // Expiry has its own tests; here notices may wait as long as the phones make them.
          attendanceExpiryHours: 24 * 365,
        },
      },
      { clock },
    );
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    release();
    await other?.destroy();
    await t.close();
    await gw.close();
  });

  /** Sends at the gateway through `phone`, as times (ms) on the test clock. */
  const sendsOf = (phone: string) => gw.messages.filter((m) => m.from === phone).map((m) => Date.parse(m.at));

  /** A school's students each with one queued CHECK_IN; returns their ids. */
  async function queue(schoolId: number, n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const studentId = await addStudent(t.app, schoolId);
      await addIntent(t.app, { studentId, schoolId });
      ids.push(studentId);
    }
    return ids;
  }

  const statusesOf = async (studentIds: number[]) =>
    (await Promise.all(studentIds.map((id) => historyOf(t.app, id)))).flat().map((n) => n.status);
  const allSent = async (studentIds: number[]) => (await statusesOf(studentIds)).every((s) => s === 'SENT');

  /**
   * At each step of the clock, every worker's passes run (at once) until none has anything due; then the clock
   * moves `stepMs`. Stops when `done`, or after `seconds` on the clock.
   */
  async function simulate(workers: OutboxWorker[], seconds: number, done: () => Promise<boolean>, stepMs = 1000) {
    const end = clock.now().getTime() + seconds * 1000;
    while (clock.now().getTime() <= end) {
      for (let pass = 0; pass < 20; pass += 1) {
        const handled = await Promise.all(workers.map((w) => w.runOnce()));
        if (handled.every((n) => n === 0)) break;
      }
      if (await done()) return;
      clock.advance(stepMs);
    }
  }

  /** Every message of these students reached the gateway exactly once, and was posted once. */
  async function sentOnce(studentIds: number[]) {
    const notes = (await Promise.all(studentIds.map((id) => historyOf(t.app, id)))).flat();
    expect(notes).toHaveLength(studentIds.length);
    for (const note of notes) {
      expect(gw.messages.filter((m) => m.requestId === note.requestId)).toHaveLength(1);
      expect(gw.posts.filter((p) => p.requestId === note.requestId)).toHaveLength(1);
    }
  }

  it('one worker: a phone of 6 a minute gets one message every 10 s, never 7 in a minute; the others wait with no attempt counted', async () => {
    const school = await createSchool(t.app, token);
    const phone = await addDevice(t.app, token, { schoolId: school.id, isDefault: true, sendRatePerMinute: 6 });
    expect(phone.sendRatePerMinute).toBe(6);
    const students = await queue(school.id, 15);
    const start = clock.now().getTime();

    await t.app.outbox.runOnce();
    expect(sendsOf(phone.phoneNumber)).toEqual([start]);
    const waiting = await t.app.db
      .selectFrom('notificationOutbox')
      .select(['status', 'attempts', 'lastError', 'nextAttemptAt'])
      .where('studentId', 'in', students)
      .where('channel', '=', 'SMS')
      .where('status', '!=', 'sent')
      .execute();
    expect(waiting).toHaveLength(14);
    for (const row of waiting)
      expect(row).toEqual({
        status: 'pending',
        attempts: 0,
        lastError: 'Waiting for a phone (next free at 06:45)',
        nextAttemptAt: new Date(start + 10_000).toISOString(),
      });
    const history = (await Promise.all(students.map((id) => historyOf(t.app, id)))).flat();
    expect(history.filter((n) => n.status === 'PENDING').map((n) => n.failureReason)).toEqual(
      Array(14).fill('Waiting for a phone (next free at 06:45)'),
    );

    await simulate([t.app.outbox], 200, () => allSent(students));
    const times = sendsOf(phone.phoneNumber);
    // One every 10 s from the first: the rate is used to the full and never passed.
    expect(times.map((at) => at - start)).toEqual(Array.from({ length: 15 }, (_, i) => i * 10_000));
    expect(mostInAMinute(times)).toBe(6);
    await sentOnce(students);
    // Sent, a message no longer says it waits.
    for (const id of students) expect((await historyOf(t.app, id))[0]).toMatchObject({ status: 'SENT', failureReason: null });
  });

  it('two workers on one database share each phone: never more than 10 a minute, each message sent once', async () => {
    // PostgreSQL: the second worker has its own pool of connections (another node). SQLite: one writer per file, so
    // the second worker shares the handle; the two still race at every await between reading a phone and taking it.
    if (dbKind === 'postgres') {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.app.db);
      other = createDb({ databaseUrl: t.app.config.databaseUrl, sqliteFile: '', pgSchema: rows[0]!.schema });
    }
    const second = createOutboxWorker({
      db: other ?? t.app.db,
      config: t.app.config.outbox,
      log: t.app.log,
      secrets: t.app.secrets,
      gatewayUrl: gw.url,
      graphApiUrl: t.app.config.graphApiUrl,
      timeZone: t.app.config.schoolTimezone,
      timeoutMs: t.app.config.outbox.sendTimeoutMs,
      clock,
      onSent: () => {},
    });
    const school = await createSchool(t.app, token);
    const phone = await addDevice(t.app, token, { schoolId: school.id, isDefault: true, sendRatePerMinute: 10 });
    const students = await queue(school.id, 25);
    const start = clock.now().getTime();

    await simulate([t.app.outbox, second], 300, () => allSent(students), 500);
    const times = sendsOf(phone.phoneNumber);
    expect(times).toHaveLength(25);
    expect(mostInAMinute(times)).toBe(10);
    // Never two hand-overs closer than the phone's 6 s, whichever worker made them.
    const gaps = times
      .sort((a, b) => a - b)
      .slice(1)
      .map((at, i) => at - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(6000);
    expect(times.at(-1)! - start).toBeLessThan(25 * 6000 + 1000);
    await sentOnce(students);
  });

  it("a school's two phones share its load: both used at once, each within its own rate", async () => {
    const school = await createSchool(t.app, token);
    const a = await addDevice(t.app, token, { schoolId: school.id, isDefault: true, sendRatePerMinute: 6 });
    const b = await addDevice(t.app, token, { schoolId: school.id, sendRatePerMinute: 6 });
    const students = await queue(school.id, 12);
    const start = clock.now().getTime();

    await t.app.outbox.runOnce();
    // At the first moment each phone takes one: the second message does not wait for the default phone.
    expect([sendsOf(a.phoneNumber), sendsOf(b.phoneNumber)]).toEqual([[start], [start]]);

    await simulate([t.app.outbox], 120, () => allSent(students));
    for (const phone of [a, b]) {
      expect(sendsOf(phone.phoneNumber).map((at) => at - start)).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
      expect(mostInAMinute(sendsOf(phone.phoneNumber))).toBe(6);
    }
    await sentOnce(students);
    const used = (await Promise.all(students.map((id) => historyOf(t.app, id)))).flat().map((n) => n.deviceId);
    expect(used.filter((id) => id === a.id)).toHaveLength(6);
    expect(used.filter((id) => id === b.id)).toHaveLength(6);
  });

  it('global phones serve schools without their own, and take a school’s overflow only once the super admin allows it', async () => {
    const school = await createSchool(t.app, token);
    const own = await addDevice(t.app, token, { schoolId: school.id, isDefault: true, sendRatePerMinute: 6 });
    const global = await addDevice(t.app, token, { sendRatePerMinute: 6 });
    const students = await queue(school.id, 3);
    const start = clock.now().getTime();

    // Not allowed (the default): the global phone is free, yet the school's messages wait for its own.
    await t.app.outbox.runOnce();
    expect(sendsOf(own.phoneNumber)).toEqual([start]);
    expect(sendsOf(global.phoneNumber)).toEqual([]);
    expect((await statusesOf(students)).sort()).toEqual(['PENDING', 'PENDING', 'SENT']);

    // A school with no phone of its own is served by the global one at once.
    const bare = await createSchool(t.app, token);
    const [bareStudent] = await queue(bare.id, 1);
    await t.app.outbox.runOnce();
    expect(sendsOf(global.phoneNumber)).toEqual([start]);
    expect((await historyOf(t.app, bareStudent!))[0]?.deviceId).toBe(global.id);

    // The super admin allows overflow: logged; from the next free moment both phones serve the school.
    const res = await call({
      method: 'PATCH',
      url: `/api/super-admin/schools/${school.id}`,
      payload: { allowGlobalOverflow: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.allowGlobalOverflow).toBe(true);
    const [log] = await logsOf(t.app, 'UPDATE_SCHOOL');
    expect(log).toMatchObject({
      entityId: String(school.id),
      details: { changes: { allowGlobalOverflow: { from: false, to: true } } },
    });

    clock.advance(10_000);
    await t.app.outbox.runOnce();
    expect(sendsOf(own.phoneNumber)).toEqual([start, start + 10_000]);
    expect(sendsOf(global.phoneNumber)).toEqual([start, start + 10_000]);
    expect(await allSent(students)).toBe(true);
    await sentOnce([...students, bareStudent!]);

    // Left for no other test: the global phone goes out of service.
    await t.app.db.updateTable('smsDevices').set({ status: 'INACTIVE' }).where('id', '=', global.id).execute();
  });

  it('allowGlobalOverflow: a value that is not true or false is 400 and changes nothing; a school admin may not set it', async () => {
    const school = await createSchool(t.app, token);
    const logs = (await logsOf(t.app, 'UPDATE_SCHOOL')).length;
    const bad = await call({
      method: 'PATCH',
      url: `/api/super-admin/schools/${school.id}`,
      payload: { allowGlobalOverflow: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      message: SCHOOL_MESSAGES.allowGlobalOverflow,
      errors: { allowGlobalOverflow: SCHOOL_MESSAGES.allowGlobalOverflow },
    });

    const admin = await signedInAdmin(t.app, school.id, ['MANAGE_SCHOOL_PROFILE']);
    const own = await as(admin.token)(t.app, {
      method: 'PATCH',
      url: `/api/admin/schools/${school.id}`,
      payload: { allowGlobalOverflow: true },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: SCHOOL_PROFILE_ONLY, errors: { allowGlobalOverflow: SCHOOL_PROFILE_ONLY } });

    const stored = await t.app.db
      .selectFrom('schools')
      .select('allowGlobalOverflow')
      .where('id', '=', school.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.allowGlobalOverflow)).toBe(0);
    expect(await logsOf(t.app, 'UPDATE_SCHOOL')).toHaveLength(logs);
  });
});
