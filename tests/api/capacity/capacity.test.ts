import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@core/config';
import { ADMIN_ROLE_REQUIRED, permissionDeniedMessage } from '@domain/admins/console';
import { EXPIRY_REASONS } from '../../../server/features/outbox/urgency';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { signedInAdmin } from '../../helpers/admins';
import { testClock } from '../../helpers/clock';
import { createSchool } from '../../helpers/schools';
import { addDevice, addIntent, addStudent, seedSmsNotice, type SeededNotice } from '../../helpers/notifications';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';

/*
 * A school's SMS capacity (GET /capacity in both consoles) and SMS History's "why it waits": a morning seeded as the
 * outbox leaves it (history rows with their outbox rows, at known times), read on a test clock with exact figures;
 * a real queue made by the worker against the stand-in gateway, its messages' places in the outbox's order; the
 * scope and role refusals.
 */
const SEC = 1000;
const MIN = 60 * SEC;
/** 06:45 on Tuesday 24 Nov 2026 in Manila (the default zone). */
const T0 = Date.parse('2026-11-23T22:45:00.000Z');
/** 13:00 in Manila the same day: that morning has ended. */
const AFTERNOON = '2026-11-24T05:00:00.000Z';
const iso = (ms: number) => new Date(ms).toISOString();

describe(`school SMS capacity (${dbKind})`, () => {
  const clock = testClock(AFTERNOON);
  let t: TestApp;
  let gw: StandInGateway;
  let root: string;
  const get = (token: string, url: string) => as(token)(t.app, { method: 'GET', url });

  beforeAll(async () => {
    clock.stopAt(AFTERNOON);
    gw = await startStandInGateway({ clock });
    t = await createTestApp({ smsGatewayUrl: gw.url, outbox: { ...loadConfig({}).outbox, enabled: false } }, { clock });
    root = await loginSuperAdmin(t.app);
  });
  afterAll(async () => {
    clock.resume();
    await t.close();
    await gw.close();
  });

  const notice = (schoolId: number, n: SeededNotice) => seedSmsNotice(t.app, schoolId, n);

  describe('the last school morning', () => {
    let schoolId: number;
    let other: number;

    beforeAll(async () => {
      schoolId = (await createSchool(t.app, root, { name: 'Capacity Morning School' })).id;
      other = (await createSchool(t.app, root, { name: 'Capacity Other School' })).id;
      // One phone at 1 a minute: far too few for the morning below.
      await addDevice(t.app, root, { schoolId, isDefault: true, sendRatePerMinute: 1 });
      // The morning of 24 Nov: 20 arrivals at 06:45 sent one every 30 s (0 … 570 s after the tap), 4 expired at 07:15.
      for (let i = 0; i < 20; i += 1)
        await notice(schoolId, { tap: T0, status: i % 2 ? 'DELIVERED' : 'SENT', sentAt: T0 + i * 30 * SEC });
      for (let i = 0; i < 4; i += 1)
        await notice(schoolId, { tap: T0, status: 'EXPIRED', endedAt: T0 + 30 * MIN, outbox: 'expired' });
      // An absence notice at 08:00, sent a minute later; an arrival folded into its departure (no phone time).
      await notice(schoolId, { type: 'ABSENCE', tap: T0 + 75 * MIN, status: 'SENT', sentAt: T0 + 76 * MIN });
      await notice(schoolId, { tap: T0 + 10 * MIN, status: 'FOLDED', endedAt: T0 + 40 * MIN, outbox: 'done' });
      // Not that morning: the afternoon (16:00), the morning before, another school's morning.
      await notice(schoolId, { type: 'CHECK_OUT', tap: T0 + 555 * MIN, status: 'SENT', sentAt: T0 + 556 * MIN });
      await notice(schoolId, { tap: T0 - 24 * 60 * MIN, status: 'SENT', sentAt: T0 - 24 * 60 * MIN + 2 * MIN });
      await notice(other, { tap: T0, status: 'EXPIRED', endedAt: T0 + 30 * MIN, outbox: 'expired' });
    });

    it('gives the peak queue, p50/p95 from tap to sent, the expired, and the phones that would have kept p95 under 5 minutes', async () => {
      const res = await get(root, `/api/super-admin/capacity?schoolId=${schoolId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        schoolId,
        schoolName: 'Capacity Morning School',
        timeZone: 'Asia/Manila',
        phones: 1,
        ratePerPhone: 1,
        messagesPerMinute: 1,
        queue: { waiting: 0, lastGoesAt: null },
        lastMorning: {
          date: '2026-11-24',
          // 20 sent + 4 expired + the absence; the folded arrival and the afternoon's departure not counted.
          notices: 25,
          // The 24 arrivals of 06:45 waited together.
          peakQueue: 24,
          // Delays 0, 30, …, 570 s and the absence's 60 s: the 11th of 21 is 270 s, the 20th 540 s.
          p50Seconds: 270,
          p95Seconds: 540,
          expired: 4,
          // At 1 a minute a phone: 24 arrivals at once, the 24th of 25 notices must go within 5 minutes:
          // 4 phones send it after 5 rounds (300 s), 3 after 7 (420 s).
          phonesNeeded: 4,
          addPhones: 3,
          advice: 'Add 3 phones to keep 95% of notices within 5 minutes',
        },
      });
    });

    it('says the school has enough phones once it has them', async () => {
      for (let i = 0; i < 3; i += 1) await addDevice(t.app, root, { schoolId, sendRatePerMinute: 1 });
      const data = (await get(root, `/api/super-admin/capacity?schoolId=${schoolId}`)).json().data;
      expect([data.phones, data.messagesPerMinute]).toEqual([4, 4]);
      expect(data.lastMorning).toMatchObject({
        phonesNeeded: 4,
        addPhones: 0,
        advice: 'Enough phones to keep 95% of notices within 5 minutes',
      });
    });

    it("reads a school admin's own school, and refuses another school and the wrong role", async () => {
      const admin = await signedInAdmin(t.app, schoolId, ['VIEW_SMS_HISTORY']);
      const own = await get(admin.token, '/api/admin/capacity');
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ schoolId, lastMorning: { date: '2026-11-24', expired: 4 } });
      expect((await get(admin.token, `/api/admin/capacity?schoolId=${schoolId}`)).statusCode).toBe(200);

      const elsewhere = await get(admin.token, `/api/admin/capacity?schoolId=${other}`);
      expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([404, 'School not found']);
      const withoutPermission = await signedInAdmin(t.app, schoolId, ['VIEW_ATTENDANCE']);
      const refused = await get(withoutPermission.token, '/api/admin/capacity');
      expect([refused.statusCode, refused.json().message]).toEqual([403, permissionDeniedMessage('VIEW_SMS_HISTORY')]);
      const superRoute = await get(admin.token, `/api/super-admin/capacity?schoolId=${schoolId}`);
      expect(superRoute.statusCode).toBe(403);
      const adminRoute = await get(root, '/api/admin/capacity');
      expect([adminRoute.statusCode, adminRoute.json().message]).toEqual([403, ADMIN_ROLE_REQUIRED]);
    });

    it('asks the super admin for a school, and refuses junk and an unknown one', async () => {
      const none = await get(root, '/api/super-admin/capacity');
      expect([none.statusCode, none.json().message]).toEqual([400, 'Please choose a school']);
      const junk = await get(root, '/api/super-admin/capacity?schoolId=abc');
      expect([junk.statusCode, junk.json().message]).toEqual([400, 'School must be a positive whole number']);
      const unknown = await get(root, '/api/super-admin/capacity?schoolId=999999');
      expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'School not found']);
    });

    it('has no last morning before a morning with notices has ended', async () => {
      const fresh = (await createSchool(t.app, root, { name: 'Capacity Fresh School' })).id;
      expect((await get(root, `/api/super-admin/capacity?schoolId=${fresh}`)).json().data).toMatchObject({
        phones: 0,
        messagesPerMinute: 0,
        lastMorning: null,
      });
      // Notices this afternoon only: no morning yet; with one at 11:00 today, today's morning (ended at noon) is it.
      await notice(fresh, { tap: Date.parse(AFTERNOON) - 30 * MIN, status: 'SENT', sentAt: Date.parse(AFTERNOON) - 29 * MIN });
      expect((await get(root, `/api/super-admin/capacity?schoolId=${fresh}`)).json().data.lastMorning).toBeNull();
      await notice(fresh, { tap: Date.parse(AFTERNOON) - 120 * MIN, status: 'SENT', sentAt: Date.parse(AFTERNOON) - 119 * MIN });
      expect((await get(root, `/api/super-admin/capacity?schoolId=${fresh}`)).json().data.lastMorning).toMatchObject({
        date: '2026-11-24',
        notices: 1,
        p50Seconds: 60,
        p95Seconds: 60,
        // Without a phone the replay counts at the default rate (10 a minute): one suffices, and none is active.
        phonesNeeded: 1,
        addPhones: 1,
        advice: 'Add 1 phone to keep 95% of notices within 5 minutes',
      });
    });
  });

  describe('a queue now, and why each message waits', () => {
    /** 06:45 on Wednesday 25 Nov: the rush under way. */
    const RUSH = T0 + 24 * 60 * MIN;
    let schoolId: number;
    let admin: { token: string };

    /** The arrivals' students, in the order of their taps. */
    const arrivals: number[] = [];

    /** Every pending SMS of the school in SMS History (all pages), its reason by student. */
    const reasons = async (token: string, prefix = 'super-admin') => {
      const byStudent = new Map<number, string | null>();
      for (let page = 1; ; page += 1) {
        const res = await get(token, `/api/${prefix}/sms-history?schoolId=${schoolId}&status=PENDING&limit=100&page=${page}`);
        expect(res.statusCode).toBe(200);
        const { notifications, pagination } = res.json().data;
        for (const n of notifications as Array<{ student: { id: number }; failureReason: string | null }>)
          byStudent.set(n.student.id, n.failureReason);
        if (!pagination.hasNextPage) return byStudent;
      }
    };
    /** The reason a message with `ahead` before it gives at 20 a minute. */
    const waiting = (ahead: number) => `Waiting for a phone: ${ahead} ahead, about ${Math.max(1, Math.ceil(ahead / 20))} min`;

    beforeAll(async () => {
      clock.stopAt(iso(RUSH - 1000));
      root = await loginSuperAdmin(t.app);
      schoolId = (await createSchool(t.app, root, { name: 'Capacity Rush School' })).id;
      // Two phones at 10 a minute: the pool sends 20 a minute.
      await addDevice(t.app, root, { schoolId, isDefault: true, sendRatePerMinute: 10 });
      await addDevice(t.app, root, { schoolId, sendRatePerMinute: 10 });
      // 243 arrivals a millisecond apart just before 06:45; at 06:45 the worker hands one to each phone, and 241 wait.
      for (let i = 0; i < 243; i += 1) {
        clock.stopAt(iso(RUSH - 243 + i));
        arrivals.push(await addStudent(t.app, schoolId));
        await addIntent(t.app, { studentId: arrivals[i]!, schoolId });
      }
      clock.stopAt(iso(RUSH));
      while ((await t.app.outbox.runOnce()) > 0) {
        const intents = await t.app.db
          .selectFrom('notificationOutbox')
          .select('id')
          .where('schoolId', '=', schoolId)
          .where('channel', '=', 'INTENT')
          .where('status', '=', 'pending')
          .execute();
        if (!intents.length) break;
      }
      admin = await signedInAdmin(t.app, schoolId, ['VIEW_SMS_HISTORY']);
    });

    it('shows the queue and when its last message goes at the pool rate', async () => {
      const data = (await get(root, `/api/super-admin/capacity?schoolId=${schoolId}`)).json().data;
      expect(data).toMatchObject({ phones: 2, ratePerPhone: 10, messagesPerMinute: 20, lastMorning: null });
      // 241 waiting at 20 a minute: the last has 240 before it, 12 minutes.
      expect(data.queue).toEqual({ waiting: 241, lastGoesAt: iso(RUSH + 12 * MIN) });
    });

    it('says how many are ahead of a waiting message and about how long, in both consoles', async () => {
      const now = await reasons(root);
      // In the fresh window the queue goes oldest first: each waiting arrival has the earlier waiting ones before it.
      const queued = arrivals.filter((id) => now.has(id));
      expect(queued).toHaveLength(241);
      expect(now).toEqual(new Map(queued.map((id, i) => [id, waiting(i)])));
      expect(now.get(arrivals.at(-1)!)).toBe('Waiting for a phone: 240 ahead, about 12 min');
      expect(await reasons(admin.token, 'admin')).toEqual(now);
    });

    it('puts a staff message before the arrivals, and older arrivals newest first', async () => {
      clock.stopAt(iso(RUSH + 1 * SEC));
      // A staff message is urgent, as absence and late notices are.
      const staff = await addStudent(t.app, schoolId);
      await addIntent(t.app, { studentId: staff, schoolId, type: 'CUSTOM', text: 'No classes tomorrow' });
      await t.app.outbox.runOnce();
      const before = await reasons(root);
      const queuedNow = arrivals.filter((id) => before.has(id));
      expect(before.get(staff)).toBe('Waiting for a phone: 0 ahead, about 1 min');
      expect(queuedNow).toHaveLength(241);
      expect(before).toEqual(new Map([[staff, waiting(0)], ...queuedNow.map((id, i) => [id, waiting(i + 1)] as const)]));
      expect(before.get(arrivals.at(-1)!)).toBe('Waiting for a phone: 241 ahead, about 13 min');
      // Past the fresh window (5 minutes) the backlog goes newest first: the last arrival is next after the message.
      clock.stopAt(iso(RUSH + 6 * MIN));
      const after = await reasons(root);
      expect(after).toEqual(
        new Map([[staff, waiting(0)], ...[...queuedNow].reverse().map((id, i) => [id, waiting(i + 1)] as const)]),
      );
      expect(after.get(arrivals.at(-1)!)).toBe('Waiting for a phone: 1 ahead, about 1 min');
    });

    it('says why a message stopped as before: an expired arrival keeps its reason', async () => {
      clock.stopAt(iso(RUSH + 31 * MIN));
      await t.app.outbox.runOnce();
      const res = await get(root, `/api/super-admin/sms-history?schoolId=${schoolId}&status=EXPIRED`);
      const rows = res.json().data.notifications as Array<{ failureReason: string }>;
      expect(res.json().data.pagination.total).toBe(241);
      expect(new Set(rows.map((n) => n.failureReason))).toEqual(new Set([EXPIRY_REASONS.delay(30)]));
      expect(await reasons(root)).toEqual(new Map());
    });
  });
});
