import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../server/lib/time';
import { writeNotificationIntent, type NotificationIntent } from '../../server/services/notification-intents';
import { as } from './app';

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

/** Creates an SMS device through the API; returns it. */
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
  return res.json().data as { id: number; phoneNumber: string; schoolId: number | null };
}

/** Writes an attendance-style intent the way issue #11 does (own transaction). */
export async function addIntent(
  app: FastifyInstance,
  intent: Partial<NotificationIntent> & { studentId: number; schoolId: number | null },
  key?: string,
) {
  seq += 1;
  await writeNotificationIntent(
    app.db,
    { type: 'CHECK_IN', occurredAt: new Date().toISOString(), attendanceId: 100000 + seq, ...intent },
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

export const historyOf = (app: FastifyInstance, studentId: number) =>
  app.db.selectFrom('smsNotifications').selectAll().where('studentId', '=', studentId).orderBy('id').execute();
