import type { FastifyInstance } from 'fastify';
import { nowIso } from '@core/time/time';
import { writeNotificationIntent, type NotificationIntent } from '../../server/features/outbox/intents';
import { expandIntent } from '../../server/features/outbox/expand';
import { as } from './app';
import { priorityOf } from '../../server/features/outbox/urgency';
import type { SmsType } from '@domain/sms-history';

let seq = 0;

/** A student row with a parent phone (and optional Messenger PSID / preference); returns its id. */
export async function addStudent(
  app: FastifyInstance,
  schoolId: number | null,
  extra: { parentPhone?: string; notificationPreference?: string; parentMessengerPsid?: string; firstName?: string } = {},
): Promise<number> {
  seq += 1;
  const now = nowIso();
  const row = await app.db
    .insertInto('students')
    .values({
      firstName: extra.firstName ?? 'Juan',
      lastName: `Cruz${seq}`,
      email: `notify${seq}-${Date.now()}@school.test`,
      passwordHash: 'x',
      lrn: String(200000000000 + seq + (Date.now() % 100000) * 100),
      parentPhone: extra.parentPhone ?? `+6391700${String(10000 + seq).slice(-5)}`,
      notificationPreference: extra.notificationPreference ?? 'SMS_ONLY',
      parentMessengerPsid: extra.parentMessengerPsid ?? null,
      schoolId,
      isActive: 1,
      isArchived: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Creates an SMS device through the API; returns it. Without a `sendRatePerMinute` the device is then set unpaced
 * (rate 0, httpSMS's "no limit", which the API never sets): the stand-in gateway has no phone behind it, and tests
 * about something else send bursts through one device. The pace's own tests give a rate.
 */
export async function addDevice(app: FastifyInstance, token: string, data: Record<string, unknown>) {
  seq += 1;
  const res = await as(token)(app, {
    method: 'POST',
    url: '/api/super-admin/sms-devices',
    payload: {
      name: `Gate phone ${seq}`,
      deviceName: 'Samsung Galaxy A14',
      phoneNumber: `+6391800${String(10000 + seq).slice(-5)}`,
      apiKey: `key-${seq}-abcdefghijkl`,
      ...data,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create device failed: ${res.statusCode} ${res.body}`);
  const device = res.json().data as { id: number; phoneNumber: string; schoolId: number | null; sendRatePerMinute: number };
  if (data.sendRatePerMinute === undefined) {
    await app.db.updateTable('smsDevices').set({ sendRatePerMinute: 0 }).where('id', '=', device.id).execute();
    device.sendRatePerMinute = 0;
  }
  return device;
}

/** Writes an attendance-style intent the way the tap intake does (own transaction), on the app's clock. */
export async function addIntent(
  app: FastifyInstance,
  intent: Partial<NotificationIntent> & { studentId: number; schoolId: number | null },
  key?: string,
) {
  seq += 1;
  await writeNotificationIntent(
    app.db,
    { type: 'CHECK_IN', occurredAt: app.clock.now().toISOString(), attendanceId: 100000 + seq, ...intent },
    app.clock.now(),
    key ?? `${intent.type ?? 'CHECK_IN'}:attendance:${100000 + seq}-${Date.now()}`,
  );
}

/** Runs worker passes until `done()` holds or the time runs out (the worker is driven directly: no timers). */
export async function drain(app: FastifyInstance, done: () => Promise<boolean> | boolean, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await app.outbox.runOnce();
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('outbox did not finish in time');
}

/**
 * Expands a student's pending intents into their per-channel messages WITHOUT sending them (the worker sends an
 * intent's messages in the pass that expands it): the messages wait 'pending', unclaimed, for a test to act on.
 */
export async function expandOnly(app: FastifyInstance, studentId: number) {
  const intents = await app.db
    .selectFrom('notificationOutbox')
    .selectAll()
    .where('studentId', '=', studentId)
    .where('channel', '=', 'INTENT')
    .where('status', '=', 'pending')
    .execute();
  for (const intent of intents) {
    const { held } = await app.db
      .transaction()
      .execute((trx) => expandIntent(trx, intent, app.config.schoolTimezone, app.config.outbox, app.clock.now()));
    if (held.length) throw new Error('an unclaimed intent must not write claimed messages');
  }
}

export const historyOf = (app: FastifyInstance, studentId: number) =>
  app.db.selectFrom('smsNotifications').selectAll().where('studentId', '=', studentId).orderBy('id').execute();

/** One SMS's History row and its outbox row, written together as the outbox leaves them (times ISO). */
interface SmsRows {
  studentId: number;
  schoolId: number | null;
  type: string;
  text: string;
  phone: string;
  /** History status, its reason and times. */
  status: string;
  failureReason?: string | null;
  sentAt?: string | null;
  createdAt: string;
  updatedAt: string;
  /** The outbox row's status, and its event time (the tap) when it has one. */
  outbox: string;
  eventAt?: string;
}

async function writeSmsRows(app: FastifyInstance, m: SmsRows): Promise<number> {
  seq += 1;
  const intentKey = `${m.type}:seed-${seq}-${Date.now()}`;
  const key = `${intentKey}:SMS`;
  const note = await app.db
    .insertInto('smsNotifications')
    .values({
      studentId: m.studentId,
      schoolId: m.schoolId,
      type: m.type,
      message: m.text,
      phoneNumber: m.phone,
      status: m.status,
      failureReason: m.failureReason ?? null,
      sentAt: m.sentAt ?? null,
      requestId: key,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('notificationOutbox')
    .values({
      idempotencyKey: key,
      channel: 'SMS',
      studentId: m.studentId,
      recipient: m.phone,
      payload: JSON.stringify({ type: m.type, schoolId: m.schoolId, text: m.text, preference: 'SMS_ONLY', intentKey }),
      status: m.outbox,
      nextAttemptAt: m.createdAt,
      smsNotificationId: note.id,
      schoolId: m.schoolId,
      priority: priorityOf(m.type as SmsType),
      eventAt: m.eventAt ?? null,
      createdAt: m.createdAt,
      updatedAt: m.createdAt,
    })
    .execute();
  return note.id;
}

/**
 * An SMS whose outcome is unknown, as the worker leaves it: history UNCERTAIN with a reason, its
 * outbox row 'uncertain'. Returns the history id. (No API creates one: the robustness audit and e2e seed it.)
 */
export async function addUncertainMessage(
  app: FastifyInstance,
  studentId: number,
  schoolId: number | null,
  extra: { message?: string; phoneNumber?: string; failureReason?: string } = {},
): Promise<number> {
  const at = nowIso();
  return writeSmsRows(app, {
    studentId,
    schoolId,
    type: 'CHECK_IN',
    text: extra.message ?? 'Audit',
    phone: extra.phoneNumber ?? '+639171234567',
    status: 'UNCERTAIN',
    failureReason: extra.failureReason ?? 'Outcome unknown',
    createdAt: at,
    updatedAt: at,
    outbox: 'uncertain',
  });
}

/** An SMS as the outbox leaves it, for reads of what happened (capacity): `tap` its event, times in ms. */
export interface SeededNotice {
  type?: string;
  tap: number;
  /** History status (SENT, DELIVERED, EXPIRED, FOLDED, PENDING …). */
  status: string;
  sentAt?: number;
  /** When it stopped unsent (its History row's last change). */
  endedAt?: number;
  /** The outbox row's status ('sent' by default). */
  outbox?: string;
}

/** Writes one SMS's History row and its outbox row (event time = the tap), for a new student of the school. */
export async function seedSmsNotice(app: FastifyInstance, schoolId: number, n: SeededNotice) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const at = iso(n.tap);
  return writeSmsRows(app, {
    studentId: await addStudent(app, schoolId),
    schoolId,
    type: n.type ?? 'CHECK_IN',
    text: 'Seeded notice',
    phone: '+639170000000',
    status: n.status,
    sentAt: n.sentAt == null ? null : iso(n.sentAt),
    createdAt: at,
    updatedAt: iso(n.endedAt ?? n.sentAt ?? n.tap),
    outbox: n.outbox ?? 'sent',
    eventAt: at,
  });
}
