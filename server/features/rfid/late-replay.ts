import type { Executor } from '@core/db/index';
import { writeLog } from '@core/audit-log';
import type { AttendanceStatus } from '@domain/attendance';
import { LATE_REPLAYS_SHOWN, type LateReplay as ListedLateReplay } from '@domain/rfid';
import { cancelUnsentNotices } from '../outbox';
import type { PendingTap } from './tap-model';

/*
 * Late replays: a tap that changes attendance long after it happened, in a way nobody saw at the time.
 *
 * A tap is late when it is received more than `lateReplayMinutes` (TAP_LATE_REPLAY_MINUTES, 10) after its own
 * time. A late tap that changes a day record is a late replay when
 * - the record was ABSENT (the absence job's or staff's mark; the parent may have had the absence notice), or
 * - it is not its reader's own buffer: a reader that lost its network (ZKTeco ATTLOG pushed again, an HTTP
 *   reader's stored batch) sends the taps it kept in the order they happened, each newer than the last tap this
 *   server acknowledged from it. A post whose taps are out of time order, or a tap older than the reader's last
 *   acknowledged one, is not such a buffer.
 * A late replay is written to the system log (the reader, and the staff member who created it or last set its
 * token), in the school's activity log as RFID_LATE_REPLAY, and the parent is told by a CORRECTION notice
 * (instead of the check-in notice, one per day record) while an unsent absence notice is cancelled.
 *
 * Deciding costs nothing on the common path: the record's status is in the tap read already, and the reader's
 * last acknowledged tap is kept by the intake (features/rfid/taps.ts; a process that has not seen the reader yet
 * counts its taps as its buffer). The log and the cancel run only when there is a late replay.
 */

export const LATE_REPLAY_ACTION = 'RFID_LATE_REPLAY';

/** Why a tap is a late replay. */
export type LateReason = 'OVER_ABSENT' | 'NOT_OWN_BUFFER';

export function lateReason(input: {
  tap: PendingTap;
  receivedAt: string;
  lateMs: number;
  previousStatus: AttendanceStatus | null;
}): LateReason | null {
  const { tap } = input;
  // An ABSENT mark may already have reached the parent: any tap that changes it is shown, late or not.
  if (input.previousStatus === 'ABSENT') return 'OVER_ABSENT';
  if (!isLateTap(tap, input.receivedAt, input.lateMs)) return null;
  return tap.ownBuffer === false ? 'NOT_OWN_BUFFER' : null;
}

/** A tap received more than lateMs after its own time. */
export function isLateTap(tap: PendingTap, receivedAt: string, lateMs: number): boolean {
  return Date.parse(receivedAt) - Date.parse(tap.tappedAt) > lateMs;
}

export interface LateReplay {
  tap: PendingTap;
  reason: LateReason;
  studentId: number;
  studentName: string;
  date: string;
  /** The school's time zone (the list shows local times). */
  timeZone: string;
  from: AttendanceStatus | null;
  to: AttendanceStatus;
  /** The day record (its id once written). */
  day: { id: number | null };
}

/** The staff members who set the readers' tokens, by reader id. */
async function tokenOwners(trx: Executor, replays: LateReplay[]) {
  const owners = new Map<string, { role: string; userId: number; name: string; email: string }>();
  const want = (role: string) => [
    ...new Set(replays.filter((r) => r.tap.reader.tokenSetByRole === role).map((r) => r.tap.reader.tokenSetBy!)),
  ];
  const admins = want('ADMIN');
  const supers = want('SUPER_ADMIN');
  if (admins.length) {
    const rows = await trx
      .selectFrom('admins')
      .select(['id', 'firstName', 'lastName', 'email'])
      .where('id', 'in', admins)
      .execute();
    for (const r of rows)
      owners.set(`ADMIN ${r.id}`, { role: 'ADMIN', userId: r.id, name: `${r.firstName} ${r.lastName}`, email: r.email });
  }
  if (supers.length) {
    const rows = await trx
      .selectFrom('superAdmins')
      .select(['id', 'firstName', 'lastName', 'email'])
      .where('id', 'in', supers)
      .execute();
    for (const r of rows)
      owners.set(`SUPER_ADMIN ${r.id}`, {
        role: 'SUPER_ADMIN',
        userId: r.id,
        name: `${r.firstName} ${r.lastName}`,
        email: r.email,
      });
  }
  return owners;
}

/** The log entries of a group's late replays, and their days' unsent absence notices cancelled (same transaction). */
export async function recordLateReplays(trx: Executor, replays: LateReplay[], receivedAt: string) {
  const owners = await tokenOwners(trx, replays);
  for (const r of replays) {
    const reader = r.tap.reader;
    const owner = owners.get(`${reader.tokenSetByRole} ${reader.tokenSetBy}`) ?? null;
    const noticesCancelled =
      r.from === 'ABSENT' && r.day.id != null
        ? await cancelUnsentNotices(
            trx,
            [`ABSENCE:attendance:${r.day.id}`],
            `Cancelled: a late tap from reader "${reader.name}" recorded ${r.to}`,
          )
        : 0;
    await writeLog(
      trx,
      { role: 'DEVICE', userId: null, name: reader.name, schoolId: reader.schoolId },
      {
        action: LATE_REPLAY_ACTION,
        entity: 'AttendanceRecord',
        entityId: r.day.id,
        details: {
          reason: r.reason,
          reader: { id: reader.id, name: reader.name, kind: reader.kind },
          madeBy: owner,
          eventId: r.tap.event.eventId,
          tappedAt: r.tap.tappedAt,
          receivedAt,
          studentId: r.studentId,
          studentName: r.studentName,
          date: r.date,
          timeZone: r.timeZone,
          from: r.from,
          to: r.to,
          noticesCancelled,
        },
      },
    );
  }
}

/** The latest late replays (of one school's readers when `schoolId` is given), newest first. */
export async function latestLateReplays(db: Executor, schoolId?: number): Promise<ListedLateReplay[]> {
  let q = db
    .selectFrom('systemLogs')
    .select(['id', 'createdAt', 'entityId', 'details'])
    .where('action', '=', LATE_REPLAY_ACTION)
    .orderBy('id', 'desc')
    .limit(LATE_REPLAYS_SHOWN);
  if (schoolId != null) q = q.where('schoolId', '=', schoolId);
  const rows = await q.execute();
  return rows.map((r) => {
    const d = JSON.parse(r.details ?? '{}');
    return {
      id: r.id,
      loggedAt: r.createdAt,
      reason: d.reason,
      readerId: d.reader.id,
      readerName: d.reader.name,
      madeBy: d.madeBy ?? null,
      eventId: d.eventId,
      tappedAt: d.tappedAt,
      receivedAt: d.receivedAt,
      studentId: d.studentId,
      studentName: d.studentName,
      attendanceId: r.entityId == null ? null : Number(r.entityId),
      date: d.date,
      timeZone: d.timeZone,
      from: d.from ?? null,
      to: d.to,
    };
  });
}
