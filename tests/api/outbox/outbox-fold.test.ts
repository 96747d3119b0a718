import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { as, createTestApp, dbKind, loginSuperAdmin, type TestApp } from '../../helpers/app';
import { testClock } from '../../helpers/clock';
import { createSchool } from '../../helpers/schools';
import { addDevice, historyOf } from '../../helpers/notifications';
import { at, createReader, insertCardStudent, lastSchoolDay, postTaps } from '../../helpers/rfid';
import { startStandInGateway, type StandInGateway } from '../../fixtures/sms-gateway';
import { loadConfig } from '@core/config';
import { formatLocalTime } from '../../../server/features/outbox/templates';
import { FOLD_NOTES } from '../../../server/features/outbox/fold';

/**
 * The fold: a learner's arrival notice still waiting (its phone was off, the queue behind) when the same day's
 * departure is recorded becomes one message with both times; the arrival's own row ends FOLDED in SMS History.
 * Only a waiting arrival folds: one already sent, in flight, past its deadline or for another recipient does not.
 * Real taps through a reader, the real worker and database, the stand-in httpSMS gateway on 127.0.0.1. The races
 * with another node are in outbox-fold-race.test.ts.
 */
describe(`outbox fold of arrival and departure (${dbKind})`, () => {
  let t: TestApp;
  let token: string;
  let gw: StandInGateway;
  let schoolId: number;
  let readerToken: string;
  let socket: Socket;
  /** Every History row the super admin's console was sent live (sms:sent), in order. */
  const live: Array<{ id: number; type: string; status: string; student?: { id: number } | null }> = [];
  const liveOf = (studentId: number) => live.filter((e) => e.student?.id === studentId).map((e) => [e.type, e.status]);
  const day = lastSchoolDay();
  const clock = testClock();
  /** The server's clock at `time` of `day`, held there. */
  const clockAt = (time: string) => clock.stopAt(at(day, time));
  let seq = 0;
  const date = formatLocalTime(at(day, '12:00'), 'Asia/Manila').date;
  /** A text's times with a plain space before AM/PM (Intl puts a narrow no-break space there). */
  const plain = (s: string) => s.replace(/\u202f/g, ' ');

  /** A learner with a card; returns the card, the parent's phone and what the gateway sent that phone. */
  async function learner(firstName = 'Juan', lastName = 'Dela Cruz') {
    seq += 1;
    const card = `F01D${String(1000 + seq)}`;
    const parentPhone = `+6391755${String(10000 + seq).slice(-5)}`;
    const studentId = await insertCardStudent(t.app, schoolId, card, undefined, { firstName, lastName, parentPhone });
    const texts = () => gw.messages.filter((m) => m.to === parentPhone).map((m) => plain(m.content));
    return { studentId, card, parentPhone, texts };
  }
  const tap = async (card: string, time: string, outcome: string) => {
    const res = await postTaps(t.app, readerToken, { eventId: `fold-${card}-${time}`, cardUid: card, tappedAt: at(day, time) });
    expect(res.json().data).toMatchObject({ outcome });
  };
  const smsOf = async (studentId: number, type: string) =>
    (
      await t.app.db
        .selectFrom('notificationOutbox')
        .selectAll()
        .where('studentId', '=', studentId)
        .where('idempotencyKey', 'like', `${type}:%:SMS`)
        .execute()
    )[0];
  const notes = async (studentId: number) =>
    (await historyOf(t.app, studentId)).map((n) => [n.type, n.status, n.note, plain(n.message)]);

  beforeAll(async () => {
    gw = await startStandInGateway();
    t = await createTestApp(
      {
        smsGatewayUrl: gw.url,
        // A departure may be recorded 2 minutes after the arrival here (30 by default).
        checkoutMinMinutes: 2,
        outbox: {
          ...loadConfig({}).outbox,
          enabled: false,
          // One row a claim: a departure is expanded while the arrival still waits behind it, as in a long queue.
          batchSize: 1,
          concurrency: 1,
          // A failed attempt waits an hour: the arrival is still waiting when the departure comes.
          baseDelayMs: 3_600_000,
          maxDelayMs: 3_600_000,
          maxAttempts: 50,
        },
      },
      { clock },
    );
    token = await loginSuperAdmin(t.app);
    schoolId = (await createSchool(t.app, token, { acronym: 'FOLD' })).id;
    await addDevice(t.app, token, { schoolId, isDefault: true });
    readerToken = (await createReader(t.app, token, { schoolId, name: 'Fold gate' })).token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(await socket.timeout(3000).emitWithAck('joinSuperAdmin')).toEqual({ ok: true });
    socket.on('sms:sent', (row: (typeof live)[number]) => live.push(row));
  });
  afterEach(() => {
    clock.resume();
    gw.down = false;
  });
  afterAll(async () => {
    socket.close();
    await t.close();
    await gw.close();
  });

  it('the arrival waits (phone off) when the learner leaves: ONE message with both times; the arrival row ends FOLDED', async () => {
    const juan = await learner();
    clockAt('07:02');
    gw.down = true;
    await tap(juan.card, '07:02', 'CHECK_IN');
    await t.app.outbox.runOnce(); // expanded, its attempt refused: it waits for its retry an hour later
    expect(await smsOf(juan.studentId, 'CHECK_IN')).toMatchObject({ status: 'pending', attempts: 1, inflightAt: null });
    gw.down = false;
    clockAt('07:20');
    await tap(juan.card, '07:20', 'CHECK_OUT');
    await t.app.outbox.runOnce();

    const both = `FOLD: Juan Dela Cruz arrived at school at 7:02 AM and left at 7:20 AM, ${date}.`;
    expect(juan.texts()).toEqual([both]);
    expect(both.length).toBeLessThanOrEqual(160);
    expect(await notes(juan.studentId)).toEqual([
      ['CHECK_IN', 'FOLDED', FOLD_NOTES.folded, `FOLD: Juan Dela Cruz arrived at school at 7:02 AM, ${date}.`],
      ['CHECK_OUT', 'SENT', FOLD_NOTES.combined, both],
    ]);
    expect(FOLD_NOTES.folded).toBe('Folded into the departure notice');
    // The console's SMS History hears of both rows as they end.
    await expect
      .poll(() => liveOf(juan.studentId))
      .toEqual([
        ['CHECK_IN', 'FOLDED'],
        ['CHECK_OUT', 'SENT'],
      ]);
    expect(await smsOf(juan.studentId, 'CHECK_IN')).toMatchObject({ status: 'done', lastError: FOLD_NOTES.folded });

    // Its retry time comes: nothing more is sent.
    clockAt('08:30');
    for (let i = 0; i < 3; i += 1) await t.app.outbox.runOnce();
    expect(juan.texts()).toEqual([both]);
    // SMS History shows it, and filters by it.
    const res = await as(token)(t.app, {
      method: 'GET',
      url: `/api/super-admin/sms-history?status=FOLDED&studentId=${juan.studentId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.notifications).toEqual([
      expect.objectContaining({ type: 'CHECK_IN', status: 'FOLDED', note: FOLD_NOTES.folded, failureReason: null }),
    ]);
  });

  it('the arrival not even expanded yet (the queue behind): folded too, its History row written FOLDED', async () => {
    const ana = await learner('Ana', 'Reyes');
    clockAt('07:05');
    await tap(ana.card, '07:05', 'CHECK_IN'); // the worker has not reached it
    clockAt('07:25');
    await tap(ana.card, '07:25', 'CHECK_OUT');
    await t.app.outbox.runOnce(); // one row a claim: the fresh departure first
    const both = `FOLD: Ana Reyes arrived at school at 7:05 AM and left at 7:25 AM, ${date}.`;
    expect(ana.texts()).toEqual([both]);
    expect(await notes(ana.studentId)).toEqual([
      ['CHECK_IN', 'FOLDED', FOLD_NOTES.folded, `FOLD: Ana Reyes arrived at school at 7:05 AM, ${date}.`],
      ['CHECK_OUT', 'SENT', FOLD_NOTES.combined, both],
    ]);
    await expect
      .poll(() => liveOf(ana.studentId))
      .toEqual([
        ['CHECK_IN', 'FOLDED'],
        ['CHECK_OUT', 'SENT'],
      ]);
    const intent = await t.app.db
      .selectFrom('notificationOutbox')
      .selectAll()
      .where('studentId', '=', ana.studentId)
      .where('idempotencyKey', 'like', 'CHECK_IN:attendance:%')
      .where('channel', '=', 'INTENT')
      .executeTakeFirstOrThrow();
    expect(intent).toMatchObject({ status: 'done', lastError: FOLD_NOTES.folded });
    for (let i = 0; i < 3; i += 1) await t.app.outbox.runOnce();
    expect(ana.texts()).toEqual([both]);
  });

  it('the arrival already sent: no fold, the departure goes as itself', async () => {
    const ben = await learner('Ben', 'Lim');
    clockAt('07:10');
    await tap(ben.card, '07:10', 'CHECK_IN');
    await t.app.outbox.runOnce();
    clockAt('07:30');
    await tap(ben.card, '07:30', 'CHECK_OUT');
    await t.app.outbox.runOnce();
    expect(ben.texts()).toEqual([
      `FOLD: Ben Lim arrived at school at 7:10 AM, ${date}.`,
      `FOLD: Ben Lim left school at 7:30 AM, ${date}.`,
    ]);
    expect((await historyOf(t.app, ben.studentId)).map((n) => [n.type, n.status, n.note])).toEqual([
      ['CHECK_IN', 'SENT', null],
      ['CHECK_OUT', 'SENT', null],
    ]);
  });

  it('the arrival in flight (an attempt whose outcome nobody knows yet): no fold, it may have reached the parent', async () => {
    const cara = await learner('Cara', 'Santos');
    clockAt('07:04');
    gw.down = true;
    await tap(cara.card, '07:04', 'CHECK_IN');
    await t.app.outbox.runOnce();
    gw.down = false;
    const row = (await smsOf(cara.studentId, 'CHECK_IN'))!;
    await t.app.db
      .updateTable('notificationOutbox')
      .set({ inflightAt: at(day, '07:04') })
      .where('id', '=', row.id)
      .execute();
    clockAt('07:15');
    await tap(cara.card, '07:15', 'CHECK_OUT');
    await t.app.outbox.runOnce();
    expect(cara.texts()).toEqual([`FOLD: Cara Santos left school at 7:15 AM, ${date}.`]);
    expect(await smsOf(cara.studentId, 'CHECK_IN')).toMatchObject({ status: 'pending', inflightAt: at(day, '07:04') });
  });

  it('the arrival past its 30 minutes: EXPIRED, not folded into a later departure', async () => {
    const dan = await learner('Dan', 'Cruz');
    clockAt('07:01');
    gw.down = true;
    await tap(dan.card, '07:01', 'CHECK_IN');
    await t.app.outbox.runOnce();
    gw.down = false;
    clockAt('07:45');
    await tap(dan.card, '07:45', 'CHECK_OUT');
    await t.app.outbox.runOnce();
    expect(dan.texts()).toEqual([`FOLD: Dan Cruz left school at 7:45 AM, ${date}.`]);
    expect((await historyOf(t.app, dan.studentId)).map((n) => [n.type, n.status, n.failureReason])).toEqual([
      [
        'CHECK_IN',
        'EXPIRED',
        'Expired: not sent within 30 minutes of the tap, and an arrival or departure notice is never sent late',
      ],
      ['CHECK_OUT', 'SENT', null],
    ]);
  });

  it("the parent's number changed in between: each message goes to its own recipient, no fold", async () => {
    const eva = await learner('Eva', 'Go');
    clockAt('07:06');
    gw.down = true;
    await tap(eva.card, '07:06', 'CHECK_IN');
    await t.app.outbox.runOnce();
    gw.down = false;
    await t.app.db.updateTable('students').set({ parentPhone: '+639175599999' }).where('id', '=', eva.studentId).execute();
    clockAt('07:18');
    await tap(eva.card, '07:18', 'CHECK_OUT');
    await t.app.outbox.runOnce();
    expect(gw.messages.filter((m) => m.to === '+639175599999').map((m) => plain(m.content))).toEqual([
      `FOLD: Eva Go left school at 7:18 AM, ${date}.`,
    ]);
    expect(await smsOf(eva.studentId, 'CHECK_IN')).toMatchObject({ status: 'pending', recipient: eva.parentPhone });
  });
});
