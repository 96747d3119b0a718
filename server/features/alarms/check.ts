import type { FastifyBaseLogger } from 'fastify';
import type { Realtime } from '@core/realtime';
import { lastHeartbeat } from '../devices';
import { detect } from './detect';
import { initialNotice, noNotice, sendNotice, type NoticeDeps } from './notice';
import { alarmRow, clearAlarm, openAlarmRows, raiseAlarm, toAlarm, type AlarmRow } from './repository';

/** How often a phone's heartbeat is asked of the gateway (the httpSMS app beats every 15 minutes). */
export const HEARTBEAT_POLL_MS = 5 * 60_000;

/** Alarms about a device: that device sends no notice while one is raised. */
const DEVICE_KINDS = new Set(['CREDITS_USED_UP', 'DEVICE_SILENT', 'HEARTBEAT_STALE']);

export interface CheckerDeps extends NoticeDeps {
  log: FastifyBaseLogger;
  realtime: Realtime;
  /** The platform's time zone (schools without one, global devices). */
  defaultZone: string;
  /** The gateway posts its webhooks here: a phone's sends are known, so its silence can be told. */
  phoneReports: boolean;
}

export interface AlarmChecker {
  /**
   * One check on the server's clock: asks the phones' heartbeats that are due, raises what holds and is not raised
   * (system log, live event, notice), clears what no longer holds (system log, live event), and sends the notices
   * still pending. Checks never overlap: a call during one waits for it.
   */
  check(): Promise<void>;
  /** Resolves when no check is running (the app closes after it). */
  idle(): Promise<void>;
}

export function createAlarmChecker(deps: CheckerDeps): AlarmChecker {
  const { db, clock, log } = deps;
  /** When each device's heartbeat was last asked (ms on the clock). */
  const polled = new Map<number, number>();
  let running: Promise<void> | null = null;

  async function pollHeartbeats(now: Date) {
    const devices = await db
      .selectFrom('smsDevices')
      .select(['id', 'phoneNumber', 'apiKey', 'baseUrl'])
      .where('status', '=', 'ACTIVE')
      .execute();
    for (const d of devices) {
      const last = polled.get(d.id);
      if (last != null && now.getTime() - last < HEARTBEAT_POLL_MS && now.getTime() >= last) continue;
      polled.set(d.id, now.getTime());
      const at = await lastHeartbeat({
        baseUrl: d.baseUrl ?? deps.gatewayUrl,
        apiKey: deps.secrets.decrypt(d.apiKey),
        owner: d.phoneNumber,
        timeoutMs: deps.timeoutMs,
      });
      if (!at) continue;
      // A heartbeat is the phone's activity too (Device Management's "last active"), as the heartbeat webhook records.
      await db
        .updateTable('smsDevices')
        .set((eb) => ({
          heartbeatAt: at,
          lastActive: eb
            .case()
            .when(eb.or([eb('lastActive', 'is', null), eb('lastActive', '<', at)]))
            .then(at)
            .else(eb.ref('lastActive'))
            .end(),
        }))
        .where('id', '=', d.id)
        .where((eb) => eb.or([eb('heartbeatAt', 'is', null), eb('heartbeatAt', '<', at)]))
        .execute();
    }
  }

  const emit = (row: AlarmRow) => deps.realtime.emitToSchool(row.schoolId, 'sms:alarm', toAlarm(row, deps.defaultZone));

  async function run() {
    const now = clock.now();
    await pollHeartbeats(now);
    const conditions = await detect(db, now, deps.defaultZone, deps.phoneReports);
    const holding = new Set(conditions.map((c) => c.key));
    const open = await openAlarmRows(db);
    const raised = new Set(open.map((a) => a.openKey));
    for (const alarm of open) {
      if (holding.has(alarm.openKey!)) continue;
      if (!(await clearAlarm(db, alarm, now))) continue;
      const cleared = await alarmRow(db, alarm.id);
      if (cleared) emit(cleared);
    }
    for (const c of conditions) {
      if (raised.has(c.key)) continue;
      const school =
        c.schoolId == null
          ? null
          : await db.selectFrom('schools').select('contactNumber').where('id', '=', c.schoolId).executeTakeFirst();
      const notice = initialNotice(c.schoolId, school?.contactNumber);
      const id = await raiseAlarm(db, c, notice, now);
      if (id == null) continue;
      log.warn({ alarm: c.key, schoolId: c.schoolId, deviceId: c.deviceId }, `SMS alarm: ${c.message}`);
      const row = await alarmRow(db, id);
      if (row) emit(row);
      if (notice !== 'PENDING') await noNotice(deps, id);
    }
    const troubled = new Set(conditions.filter((c) => DEVICE_KINDS.has(c.kind) && c.deviceId != null).map((c) => c.deviceId!));
    const pending = await db
      .selectFrom('smsAlarms')
      .select('id')
      .where('openKey', 'is not', null)
      .where('noticeStatus', '=', 'PENDING')
      .orderBy('id')
      .execute();
    for (const { id } of pending) await sendNotice(deps, id, troubled, deps.defaultZone);
  }

  return {
    check() {
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
    idle: () => (running ?? Promise.resolve()).catch(() => {}),
  };
}
