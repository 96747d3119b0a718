import { sql, type Selectable } from 'kysely';
import type { Executor } from '@core/db/index';
import type { SmsDeviceTable } from '@core/db/schema';
import { localDate, localTime } from '@core/time/time';
import type { SmsAlarmKind } from '@domain/alarms';
import { OUTBOX, poolOrder } from '../outbox';

/*
 * What is wrong with sending right now, read from the database on the server's clock: each condition is one alarm
 * while it holds (check.ts raises and clears them). Only ACTIVE devices are watched.
 */

export const ALARM_LIMITS = {
  /** A phone handed messages that has reported no send for this long is silent. */
  silentMs: 10 * 60_000,
  /** A phone whose newest heartbeat is this old is offline (httpSMS declares it offline after an hour). */
  heartbeatMs: 60 * 60_000,
  /** The oldest waiting message of a school has waited this long. */
  queueWaitMs: 15 * 60_000,
};

export interface Condition {
  /** One raised alarm per key. */
  key: string;
  kind: SmsAlarmKind;
  schoolId: number | null;
  deviceId: number | null;
  message: string;
}

export type WatchedDevice = Selectable<SmsDeviceTable>;

interface School {
  id: number;
  timezone: string | null;
  allowGlobalOverflow: number;
}

const minutes = (ms: number) => Math.round(ms / 60_000);
const label = (d: WatchedDevice) => `${d.name} (${d.phoneNumber})`;

/** Devices of the ACTIVE status that have reached today's limit (each in its school's day). */
export async function fullToday(db: Executor, devices: WatchedDevice[], now: Date, zoneOf: (schoolId: number | null) => string) {
  const limited = devices.filter((d) => d.dailyLimit);
  if (!limited.length) return new Set<number>();
  const usage = await db
    .selectFrom('smsDeviceUsage')
    .select(['deviceId', 'dayLocal', 'count'])
    .where(
      'deviceId',
      'in',
      limited.map((d) => d.id),
    )
    .execute();
  return new Set(
    limited
      .filter((d) => {
        const day = localDate(now, zoneOf(d.schoolId));
        const used = usage.find((u) => u.deviceId === d.id && u.dayLocal === day);
        return Number(used?.count ?? 0) >= d.dailyLimit!;
      })
      .map((d) => d.id),
  );
}

/** The ACTIVE devices, the schools they and the waiting messages belong to, and each school's zone. */
export async function sendingState(db: Executor, now: Date, defaultZone: string) {
  const devices = await db.selectFrom('smsDevices').selectAll().where('status', '=', 'ACTIVE').orderBy('id').execute();
  const waiting = await waitingBySchool(db);
  const ids = [...new Set([...waiting.keys(), ...devices.flatMap((d) => (d.schoolId == null ? [] : [d.schoolId]))])];
  const schools: School[] = ids.length
    ? await db
        .selectFrom('schools')
        .select(['id', 'timezone', 'allowGlobalOverflow'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  const zones = new Map(schools.map((s) => [s.id, s.timezone ?? defaultZone]));
  const zoneOf = (schoolId: number | null) => (schoolId == null ? defaultZone : (zones.get(schoolId) ?? defaultZone));
  const full = await fullToday(db, devices, now, zoneOf);
  const paused = (d: WatchedDevice) => d.pausedUntil != null && Date.parse(d.pausedUntil) > now.getTime();
  return { devices, waiting, schools, zoneOf, full, paused };
}

/** Per school with messages waiting (pending or being sent): when the oldest SMS and the oldest message of any kind came. */
async function waitingBySchool(db: Executor) {
  const rows = await db
    .selectFrom('notificationOutbox')
    .select(['schoolId', 'channel', sql<string>`min(created_at)`.as('oldest')])
    .where('status', 'in', [OUTBOX.pending, OUTBOX.sending])
    .where('channel', 'in', ['SMS', 'INTENT'])
    .where('schoolId', 'is not', null)
    .groupBy(['schoolId', 'channel'])
    .execute();
  const out = new Map<number, { sms: string | null; any: string }>();
  for (const r of rows) {
    const s = out.get(r.schoolId!) ?? { sms: null, any: r.oldest };
    if (r.channel === 'SMS') s.sms = s.sms == null || r.oldest < s.sms ? r.oldest : s.sms;
    if (r.oldest < s.any) s.any = r.oldest;
    out.set(r.schoolId!, s);
  }
  return out;
}

/**
 * Every condition that holds now. `phoneReports`: the gateway posts its webhooks to us (a phone's sends are known),
 * so a phone's silence can be told.
 */
export async function detect(db: Executor, now: Date, defaultZone: string, phoneReports: boolean): Promise<Condition[]> {
  const at = now.getTime();
  const { devices, waiting, schools, zoneOf, full, paused } = await sendingState(db, now, defaultZone);
  const out: Condition[] = [];

  for (const school of schools) {
    const wait = waiting.get(school.id);
    if (!wait) continue;
    if (wait.sms != null) {
      const pool = poolOrder(devices, school.id, Boolean(school.allowGlobalOverflow), null);
      const able = pool.filter((d) => !paused(d) && !full.has(d.id));
      if (!able.length) {
        const why = !pool.length
          ? 'no active SMS device'
          : pool.every((d) => paused(d))
            ? 'every device has used up its httpSMS credits'
            : 'every device is paused or has reached its daily limit';
        out.push({
          key: `NO_DEVICE:s${school.id}`,
          kind: 'NO_DEVICE',
          schoolId: school.id,
          deviceId: null,
          message: `Messages are waiting and no SMS device can send them: ${why}.`,
        });
      }
    }
    if (at - Date.parse(wait.any) >= ALARM_LIMITS.queueWaitMs)
      out.push({
        key: `QUEUE_WAIT:s${school.id}`,
        kind: 'QUEUE_WAIT',
        schoolId: school.id,
        deviceId: null,
        message: `Messages have waited more than ${minutes(ALARM_LIMITS.queueWaitMs)} minutes to be sent.`,
      });
  }

  for (const d of devices) {
    const zone = zoneOf(d.schoolId);
    if (paused(d))
      out.push({
        key: `CREDITS_USED_UP:d${d.id}`,
        kind: 'CREDITS_USED_UP',
        schoolId: d.schoolId,
        deviceId: d.id,
        message: `${label(d)} has used up its httpSMS credits: it is paused until ${localDate(d.pausedUntil!, zone)} ${localTime(d.pausedUntil!, zone)}, and the other phones take its messages.`,
      });
    else if (phoneReports && d.unconfirmedSince != null && at - Date.parse(d.unconfirmedSince) >= ALARM_LIMITS.silentMs)
      out.push({
        key: `DEVICE_SILENT:d${d.id}`,
        kind: 'DEVICE_SILENT',
        schoolId: d.schoolId,
        deviceId: d.id,
        message: `${label(d)} has sent nothing for ${minutes(ALARM_LIMITS.silentMs)} minutes while messages waited for it.`,
      });
    if (d.heartbeatAt != null && at - Date.parse(d.heartbeatAt) >= ALARM_LIMITS.heartbeatMs)
      out.push({
        key: `HEARTBEAT_STALE:d${d.id}`,
        kind: 'HEARTBEAT_STALE',
        schoolId: d.schoolId,
        deviceId: d.id,
        message: `${label(d)} has sent no heartbeat since ${localDate(d.heartbeatAt, zone)} ${localTime(d.heartbeatAt, zone)}.`,
      });
  }
  return out;
}
