import type { Executor } from '@core/db/index';
import { writeLog, type Actor } from '@core/audit-log';
import type { SmsAlarm } from '@domain/alarms';
import type { Condition } from './detect';

/** Who raises and clears alarms in the system log (in the school's activity log when the alarm is a school's). */
export const alarmActor = (schoolId: number | null): Actor => ({ role: 'SYSTEM', userId: null, name: 'SMS alarms', schoolId });

function alarmRows(db: Executor) {
  return db
    .selectFrom('smsAlarms as a')
    .leftJoin('schools as s', 's.id', 'a.schoolId')
    .leftJoin('smsDevices as d', 'd.id', 'a.deviceId')
    .select([
      'a.id',
      'a.kind',
      'a.schoolId',
      'a.deviceId',
      'a.openKey',
      'a.message',
      'a.raisedAt',
      'a.clearedAt',
      'a.noticeStatus',
      'a.noticeDeviceId',
      's.name as schoolName',
      's.acronym as schoolAcronym',
      's.timezone as schoolTimezone',
      's.contactNumber as schoolContact',
      'd.name as deviceName',
      'd.phoneNumber as devicePhone',
    ]);
}
export type AlarmRow = Awaited<ReturnType<ReturnType<typeof alarmRows>['executeTakeFirstOrThrow']>>;

export function toAlarm(r: AlarmRow, defaultZone: string): SmsAlarm {
  return {
    id: r.id,
    kind: r.kind as SmsAlarm['kind'],
    school:
      r.schoolId != null && r.schoolName != null ? { id: r.schoolId, name: r.schoolName, acronym: r.schoolAcronym ?? '' } : null,
    device:
      r.deviceId != null && r.deviceName != null
        ? { id: r.deviceId, name: r.deviceName, phoneNumber: r.devicePhone ?? '' }
        : null,
    message: r.message,
    raisedAt: r.raisedAt,
    clearedAt: r.clearedAt,
    noticeStatus: r.noticeStatus as SmsAlarm['noticeStatus'],
    timeZone: r.schoolTimezone ?? defaultZone,
  };
}

/** The raised alarms: of one school, or of every school (the super admin's), newest first. */
export async function listAlarms(db: Executor, schoolId: number | undefined, defaultZone: string): Promise<SmsAlarm[]> {
  let q = alarmRows(db).where('a.openKey', 'is not', null);
  if (schoolId !== undefined) q = q.where('a.schoolId', '=', schoolId);
  const rows = await q.orderBy('a.raisedAt', 'desc').orderBy('a.id', 'desc').execute();
  return rows.map((r) => toAlarm(r, defaultZone));
}

export const alarmRow = (db: Executor, id: number) => alarmRows(db).where('a.id', '=', id).executeTakeFirst();

/** The raised alarms' rows (the check compares them with what holds now). */
export const openAlarmRows = (db: Executor) => alarmRows(db).where('a.openKey', 'is not', null).orderBy('a.id').execute();

/**
 * Raises the alarm of `c` with its system-log entry, in one transaction; null when it is raised already (another
 * process saw it first: the unique open key lets one row in).
 */
export async function raiseAlarm(db: Executor, c: Condition, noticeStatus: string, now: Date): Promise<number | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('smsAlarms')
      .values({
        kind: c.kind,
        schoolId: c.schoolId,
        deviceId: c.deviceId,
        openKey: c.key,
        message: c.message,
        raisedAt: at,
        noticeStatus,
      })
      .onConflict((oc) => oc.column('openKey').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    await writeLog(trx, alarmActor(c.schoolId), {
      action: 'SMS_ALARM_RAISED',
      entity: 'SmsAlarm',
      entityId: row.id,
      details: { kind: c.kind, schoolId: c.schoolId, deviceId: c.deviceId, message: c.message },
    });
    return row.id;
  });
}

/** Clears a raised alarm with its system-log entry; false when another process cleared it first. */
export async function clearAlarm(db: Executor, alarm: AlarmRow, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('smsAlarms')
      .set({ openKey: null, clearedAt: at })
      .where('id', '=', alarm.id)
      .where('openKey', '=', alarm.openKey)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    const raisedMinutes = Math.round((now.getTime() - Date.parse(alarm.raisedAt)) / 60_000);
    await writeLog(trx, alarmActor(alarm.schoolId), {
      action: 'SMS_ALARM_CLEARED',
      entity: 'SmsAlarm',
      entityId: alarm.id,
      details: { kind: alarm.kind, schoolId: alarm.schoolId, deviceId: alarm.deviceId, raisedMinutes },
    });
    return true;
  });
}

/** Moves the notice's status from `from` to `to` (its device when sent); false when it was not in `from`. */
export async function setNoticeStatus(
  db: Executor,
  id: number,
  from: string,
  to: string,
  deviceId: number | null = null,
): Promise<boolean> {
  const r = await db
    .updateTable('smsAlarms')
    .set({ noticeStatus: to, noticeDeviceId: deviceId })
    .where('id', '=', id)
    .where('noticeStatus', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
