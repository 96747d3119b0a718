import type { DB } from '@core/db/index';
import { writeLog } from '@core/audit-log';
import { normalizeSmsText } from '@shared/sms-text';
import { SMS_ALARM_HINTS, type SmsAlarmKind } from '@domain/alarms';
import { poolOrder, sendOutsideQueue, type SendDeps } from '../outbox';
import { sendingState } from './detect';
import { alarmActor, alarmRow, setNoticeStatus, type AlarmRow } from './repository';

/*
 * The one notice of a raised alarm to the school's contact number, through another working device: the school's
 * own phones first, then the global ones. Sent at most once: the alarm's notice is claimed (PENDING → SENDING) before
 * the call, so no other process and no later check sends it again; an answer that never came is UNCERTAIN, not
 * retried. Only when every working device was busy (its pace, nothing sent) does it go back to PENDING for the next
 * check. Each outcome is one system-log entry.
 */

export interface NoticeDeps extends SendDeps {
  db: DB;
}

const REASONS = {
  noContact: 'The school has no contact number',
  noSchool: 'The alarm is of a global device: no school to tell',
  noDevice: 'No other working SMS device to send the notice through',
};

/** The notice's words: the school, the alarm and what to do, in the GSM-7 form every SMS goes in. */
export const noticeText = (alarm: Pick<AlarmRow, 'schoolAcronym' | 'message' | 'kind'>) =>
  normalizeSmsText(
    `${alarm.schoolAcronym ?? ''} SMS alarm: ${alarm.message} ${SMS_ALARM_HINTS[alarm.kind as SmsAlarmKind]}`.trim(),
  );

/** The notice status an alarm starts with: PENDING when there is someone to tell. */
export function initialNotice(schoolId: number | null, contact: string | null | undefined) {
  if (schoolId == null) return 'NO_CONTACT';
  return contact?.trim() ? 'PENDING' : 'NO_CONTACT';
}

async function logNotice(deps: NoticeDeps, alarm: AlarmRow, details: Record<string, unknown>) {
  await writeLog(deps.db, alarmActor(alarm.schoolId), {
    action: 'SMS_ALARM_NOTICE',
    entity: 'SmsAlarm',
    entityId: alarm.id,
    details: { kind: alarm.kind, schoolId: alarm.schoolId, ...details },
  });
}

/** Logs why a raised alarm has no notice (no school, no contact number). */
export async function noNotice(deps: NoticeDeps, id: number) {
  const alarm = await alarmRow(deps.db, id);
  if (alarm) await logNotice(deps, alarm, { sent: false, reason: alarm.schoolId == null ? REASONS.noSchool : REASONS.noContact });
}

/**
 * Sends the alarm's notice if it is still PENDING. `troubled`: devices that are themselves the subject of a raised
 * alarm (paused, silent, offline): never used for a notice.
 */
export async function sendNotice(deps: NoticeDeps, id: number, troubled: ReadonlySet<number>, defaultZone: string) {
  const { db } = deps;
  const alarm = await alarmRow(db, id);
  if (!alarm || alarm.schoolId == null || alarm.noticeStatus !== 'PENDING') return;
  const to = alarm.schoolContact?.trim() ?? '';
  const now = deps.clock.now();
  const state = await sendingState(db, now, defaultZone);
  const working = poolOrder(state.devices, alarm.schoolId, true, null).filter(
    (d) => d.id !== alarm.deviceId && !troubled.has(d.id) && !state.paused(d) && !state.full.has(d.id),
  );
  if (!(await setNoticeStatus(db, id, 'PENDING', working.length ? 'SENDING' : 'NO_DEVICE'))) return;
  if (!working.length) return logNotice(deps, alarm, { sent: false, to, reason: REASONS.noDevice });
  const refused: string[] = [];
  let busy = false;
  for (const device of working) {
    const zone = state.zoneOf(device.schoolId);
    const result = await sendOutsideQueue(db, deps, device, { to, content: noticeText(alarm), requestId: `alarm:${id}` }, zone);
    if (result === 'busy') {
      busy = true;
      continue;
    }
    if (result.ok) {
      await setNoticeStatus(db, id, 'SENDING', 'SENT', device.id);
      return logNotice(deps, alarm, { sent: true, to, device: device.name, deviceId: device.id });
    }
    if (result.maybeSent) {
      // It may have gone: never sent again.
      await setNoticeStatus(db, id, 'SENDING', 'UNCERTAIN', device.id);
      return logNotice(deps, alarm, { sent: null, to, device: device.name, deviceId: device.id, reason: result.reason });
    }
    refused.push(`${device.name}: ${result.reason}`);
  }
  if (busy && !refused.length) {
    await setNoticeStatus(db, id, 'SENDING', 'PENDING');
    return;
  }
  await setNoticeStatus(db, id, 'SENDING', 'FAILED');
  await logNotice(deps, alarm, { sent: false, to, reason: refused.join('; ').slice(0, 300) || REASONS.noDevice });
}
