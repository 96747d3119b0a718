import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '@core/config';
import { as, createTestApp, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool, logsOf } from '../../helpers/schools';
import { addDevice, historyOf } from '../../helpers/notifications';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';

export const MINUTE = 60_000;
/** 06:45 in Manila (the default zone), a past day: the gateway's webhooks are dated on this clock. */
export const ALARM_START = '2026-11-23T22:45:00.000Z';

/**
 * The SMS alarm tests' world, set up in the calling describe's beforeAll: the stand-in httpSMS gateway and the app on
 * one held test clock (the gateway stamps and paces on it, its webhooks come back to the app), the outbox worker and
 * the alarm check driven by hand, and the helpers that read what an alarm did.
 */
export function alarmHarness() {
  const clock = testClock();
  const secret = 'alarm-webhook-secret';
  let t: TestApp;
  let gw: StandInGateway;
  let token = '';
  let seq = 0;

  beforeAll(async () => {
    clock.stopAt(ALARM_START);
    gw = await startStandInGateway({ clock });
    t = await createTestApp(
      {
        smsGatewayUrl: gw.url,
        smsWebhookSecret: secret,
        outbox: {
          ...loadConfig({}).outbox,
          enabled: false,
          // Messages here may wait as long as a test makes them (expiry has its own tests).
          attendanceExpiryHours: 24 * 365,
          noticeMaxDelayMinutes: 24 * 365 * 60,
        },
      },
      { clock },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    gw.webhook = {
      url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/webhooks/sms`,
      secret,
      delayMs: 1000,
    };
    token = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    clock.resume();
    await t?.close();
    await gw?.close();
  });

  const h = {
    clock,
    get app() {
      return t.app;
    },
    get gw() {
      return gw;
    },
    get token() {
      return token;
    },
    call: (opts: Parameters<ReturnType<typeof as>>[1]) => as(token)(t.app, opts),
    /** A new super-admin session (the clock moved past the last one's idle time). */
    async signInAgain() {
      token = await loginSuperAdmin(t.app);
    },

    /** A school with a contact number (unique per call). */
    async school() {
      seq += 1;
      return createSchool(t.app, token, { contactNumber: `+6391770${String(1000 + seq)}` });
    },
    async contactOf(schoolId: number) {
      const row = await t.app.db
        .selectFrom('schools')
        .select('contactNumber')
        .where('id', '=', schoolId)
        .executeTakeFirstOrThrow();
      return row.contactNumber!;
    },

    /** GET /sms-alarms as the super admin (of one school). */
    async alarmsOf(schoolId: number) {
      const res = await h.call({ method: 'GET', url: `/api/super-admin/sms-alarms?schoolId=${schoolId}` });
      expect(res.statusCode).toBe(200);
      return res.json().data as Array<Record<string, unknown> & { id: number; kind: string; noticeStatus: string }>;
    },
    logsFor: async (action: string, alarmId: number) =>
      (await logsOf(t.app, action)).filter((l) => l.entityId === String(alarmId)),
    /** What the gateway accepted for the alarm's notice, and every post of it. */
    noticesOf: (alarmId: number) => gw.messages.filter((m) => m.requestId === `alarm:${alarmId}`),
    postsOf: (alarmId: number) => gw.posts.filter((p) => p.requestId === `alarm:${alarmId}`),

    /** Moves the clock (and the gateway's phones, with their webhooks); a session idle that long signs in again. */
    async advance(ms: number) {
      await gw.advance(ms);
      await h.signInAgain();
    },
    /** Sends what is due, lets the gateway's webhooks arrive, and checks the alarms. */
    async step() {
      await t.app.outbox.runOnce();
      await gw.tick();
      await t.app.alarms.check();
    },

    /** Two checks: the school has exactly one alarm, raised once (one log entry); returns it. */
    async raisedOnce(schoolId: number) {
      await t.app.alarms.check();
      await t.app.alarms.check();
      const alarms = await h.alarmsOf(schoolId);
      expect(alarms).toHaveLength(1);
      expect(await h.logsFor('SMS_ALARM_RAISED', alarms[0]!.id)).toHaveLength(1);
      return alarms[0]!;
    },
    /** A check: the school's alarms are cleared, each with one log entry. */
    async clearedOnce(schoolId: number, ...ids: number[]) {
      await t.app.alarms.check();
      expect(await h.alarmsOf(schoolId)).toEqual([]);
      for (const id of ids) expect(await h.logsFor('SMS_ALARM_CLEARED', id)).toHaveLength(1);
    },

    /** The student's SMS waits: History PENDING with `reason`, its outbox row pending with no attempt counted. */
    async waitsWithoutAttempt(studentId: number, reason: string) {
      expect((await historyOf(t.app, studentId))[0]).toMatchObject({ status: 'PENDING', failureReason: reason });
      const row = await t.app.db
        .selectFrom('notificationOutbox')
        .select(['status', 'attempts'])
        .where('studentId', '=', studentId)
        .where('channel', '=', 'SMS')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'pending', attempts: 0 });
    },

    /** A school with two paced phones: the default one asleep at the gateway (screen off), the other awake. */
    async sleepingPhone() {
      const s = await h.school();
      const asleep = await addDevice(t.app, token, { schoolId: s.id, isDefault: true, sendRatePerMinute: 10 });
      const awake = await addDevice(t.app, token, { schoolId: s.id, sendRatePerMinute: 10 });
      return { s, asleep, awake, phone: gw.addPhone(asleep.phoneNumber, { online: false }) };
    },

    /** Ends whatever this school (and a global phone) left waiting, so later tests' checks see nothing of it. */
    async settle(schoolId: number) {
      await t.app.db
        .updateTable('notificationOutbox')
        .set({ status: 'failed' })
        .where('schoolId', '=', schoolId)
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      // Its phones, and any global one a test added, send nothing more.
      await t.app.db
        .updateTable('smsDevices')
        .set({ status: 'INACTIVE' })
        .where((eb) => eb.or([eb('schoolId', '=', schoolId), eb('schoolId', 'is', null)]))
        .execute();
      await t.app.alarms.check();
      expect(await h.alarmsOf(schoolId)).toEqual([]);
    },
  };
  return h;
}
