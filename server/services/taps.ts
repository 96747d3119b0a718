import type { Executor, DB } from '../db/index';
import type { Realtime } from '../realtime';
import { localDate, nowIso } from '../lib/time';
import { cardUidCandidates, normalizeCardUid } from '../../src/domain/card-uid';
import {
  isIsoInstant,
  TAP_MAX_AGE_MS,
  TAP_MAX_FUTURE_MS,
  TAP_MESSAGES,
  type TapEvent,
  type TapOutcome,
  type TapRejection,
  type TapResult,
} from '../../src/domain/rfid';
import type { AttendanceStatus, LiveAttendanceEvent, LiveTapEvent } from '../../src/domain/attendance';
import { decideTap, type DayRecord, type SchoolRules } from './attendance-rules';
import { recordsByIds, schoolRules } from './attendance';
import { writeNotificationIntent } from './notification-intents';
import type { ReaderRow } from './rfid-readers';

/*
 * Tap intake, shared by POST /api/rfid/taps and the ZKTeco ADMS push (issue #11).
 *
 * One request = one transaction: every new tap row, the attendance change it causes and that change's
 * notification intent commit together or not at all (nothing is ever half-recorded), then the live events go
 * out. Idempotent on (reader, eventId): taps already stored answer with their first result and change
 * nothing; a concurrent duplicate (another process stored it first) makes the transaction retry once and
 * then answer as a replay. Bad events are rejected one by one with their reason.
 */

export interface IntakeOptions {
  defaultTimeZone: string;
  debounceSeconds: number;
  checkoutMinMinutes: number;
  now?: number;
}

export interface IntakeResult {
  results: TapResult[];
  rejected: TapRejection[];
}

interface Checked {
  event: TapEvent;
  uid: string;
  tappedAt: string;
}

/** Per-event checks: a card UID, a time with a zone, inside the accepted window. */
export function checkTap(
  event: TapEvent,
  now: number,
): { ok: true; uid: string; tappedAt: string } | { ok: false; reason: string } {
  const uid = normalizeCardUid(event.cardUid);
  if (!uid) return { ok: false, reason: TAP_MESSAGES.cardUid };
  if (!isIsoInstant(event.tappedAt.trim())) return { ok: false, reason: TAP_MESSAGES.tappedAt };
  const t = Date.parse(event.tappedAt.trim());
  if (t > now + TAP_MAX_FUTURE_MS) return { ok: false, reason: TAP_MESSAGES.future };
  if (t < now - TAP_MAX_AGE_MS) return { ok: false, reason: TAP_MESSAGES.old };
  return { ok: true, uid, tappedAt: new Date(t).toISOString() };
}

/** Another request stored one of this request's rows first: roll back and start again. */
class ReplayRace extends Error {}

interface Change {
  attendanceId: number;
  studentId: number;
  studentName: string;
  status: AttendanceStatus;
  time: string;
}

interface NewTap {
  tapId: number;
  outcome: TapOutcome;
  uid: string;
  time: string;
  studentId: number | null;
  studentName: string | null;
  status: AttendanceStatus | null;
}

const fromStored = (
  eventId: string,
  row: { outcome: string; status: string | null; attendanceId: number | null; studentId: number | null },
): TapResult => ({
  eventId,
  outcome: row.outcome as TapOutcome,
  status: row.status,
  attendanceId: row.attendanceId,
  studentId: row.studentId,
  replayed: true,
});

async function storedTaps(db: Executor, readerId: number, eventIds: string[]) {
  const out = new Map<string, TapResult>();
  for (let i = 0; i < eventIds.length; i += 500) {
    const rows = await db
      .selectFrom('rfidTaps')
      .select(['eventId', 'outcome', 'status', 'attendanceId', 'studentId'])
      .where('readerId', '=', readerId)
      .where('eventId', 'in', eventIds.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.eventId, fromStored(r.eventId, r));
  }
  return out;
}

export async function ingestTaps(
  db: DB,
  realtime: Realtime | null,
  reader: ReaderRow,
  events: TapEvent[],
  opts: IntakeOptions,
): Promise<IntakeResult> {
  const now = opts.now ?? Date.now();
  const rejected: TapRejection[] = [];
  const fresh: Checked[] = [];
  const seen = new Set<string>();
  for (const event of events) {
    const eventId = event.eventId.trim();
    if (seen.has(eventId)) continue;
    seen.add(eventId);
    const c = checkTap(event, now);
    if (c.ok) fresh.push({ event: { ...event, eventId }, uid: c.uid, tappedAt: c.tappedAt });
    else rejected.push({ eventId, reason: c.reason });
  }

  for (let attempt = 0; ; attempt++) {
    try {
      const stored = await storedTaps(
        db,
        reader.id,
        fresh.map((c) => c.event.eventId),
      );
      // Card then time order: each student's taps in the order they happened, and concurrent requests lock
      // records in the same order (no deadlocks between readers replaying at once on PostgreSQL).
      const pending = fresh
        .filter((c) => !stored.has(c.event.eventId))
        .sort((a, b) => (a.uid === b.uid ? a.tappedAt.localeCompare(b.tappedAt) : a.uid < b.uid ? -1 : 1));
      const { results, changes, taps } = await db.transaction().execute((trx) => recordTaps(trx, reader, pending, opts));
      for (const r of results) stored.set(r.eventId, r);
      const ordered = fresh.map((c) => stored.get(c.event.eventId)!);
      if (realtime) await publish(db, realtime, reader, changes, taps);
      return { results: ordered, rejected };
    } catch (err) {
      // A concurrent request stored the same event or day record first, or PostgreSQL broke a deadlock: retry.
      const code = (err as { code?: string }).code;
      if ((err instanceof ReplayRace || code === '40P01' || code === '40001') && attempt < 3) continue;
      throw err;
    }
  }
}

async function recordTaps(trx: Executor, reader: ReaderRow, pending: Checked[], opts: IntakeOptions) {
  const receivedAt = nowIso();
  await trx.updateTable('rfidReaders').set({ lastSeenAt: receivedAt }).where('id', '=', reader.id).execute();
  const results: TapResult[] = [];
  const changes: Change[] = [];
  const taps: NewTap[] = [];
  if (pending.length === 0) return { results, changes, taps };

  const rulesCache = new Map<number, SchoolRules>();
  const rulesOf = async (schoolId: number) => {
    let r = rulesCache.get(schoolId);
    if (!r) rulesCache.set(schoolId, (r = await schoolRules(trx, schoolId, opts.defaultTimeZone)));
    return r;
  };
  const studentCache = new Map<string, { id: number; schoolId: number | null; name: string } | null>();
  const studentOf = async (uid: string) => {
    if (studentCache.has(uid)) return studentCache.get(uid)!;
    let q = trx
      .selectFrom('students')
      .select(['id', 'schoolId', 'firstName', 'lastName'])
      .where('rfidCardId', 'in', cardUidCandidates(uid))
      .where('isArchived', '=', 0)
      .where('isActive', '=', 1);
    if (reader.schoolId != null) q = q.where('schoolId', '=', reader.schoolId);
    const row = await q.executeTakeFirst();
    const s = row ? { id: row.id, schoolId: row.schoolId, name: `${row.firstName} ${row.lastName}` } : null;
    studentCache.set(uid, s);
    return s;
  };
  const window = opts.debounceSeconds * 1000;

  for (const { event, uid, tappedAt } of pending) {
    const student = await studentOf(uid);
    let outcome: TapOutcome = 'UNKNOWN_CARD';
    let status: AttendanceStatus | null = null;
    let attendanceId: number | null = null;
    const schoolId = student?.schoolId ?? reader.schoolId;
    if (student && schoolId != null) {
      const t = Date.parse(tappedAt);
      const near = await trx
        .selectFrom('rfidTaps')
        .select('id')
        .where('cardUid', '=', uid)
        .where('tappedAt', '>=', new Date(t - window).toISOString())
        .where('tappedAt', '<=', new Date(t + window).toISOString())
        .where('readerId', '=', reader.id)
        .where('outcome', '!=', 'DEBOUNCED')
        .executeTakeFirst();
      const rules = await rulesOf(schoolId);
      const date = localDate(tappedAt, rules.timeZone);
      const record = (await trx
        .selectFrom('attendanceRecords')
        .select(['id', 'status', 'checkInAt', 'checkOutAt'])
        .where('studentId', '=', student.id)
        .where('date', '=', date)
        .executeTakeFirst()) as DayRecord | undefined;
      const d = decideTap({
        tappedAt,
        rules,
        record: record ?? null,
        debounced: !!near,
        checkoutMinMinutes: opts.checkoutMinMinutes,
      });
      outcome = d.outcome;
      status = d.status;
      attendanceId = record?.id ?? null;
      const now = nowIso();
      if (d.write?.kind === 'insert') {
        // Another process may have inserted the day's record since it was read: the unique index says so,
        // and the request is retried (then reads that record).
        const row = await trx
          .insertInto('attendanceRecords')
          .values({
            studentId: student.id,
            schoolId,
            date: d.date,
            status: d.write.status,
            checkInAt: d.write.checkInAt,
            readerId: reader.id,
            cardId: uid,
            createdAt: now,
            updatedAt: now,
          })
          .onConflict((oc) => oc.columns(['studentId', 'date']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new ReplayRace();
        attendanceId = row.id;
      } else if (d.write?.kind === 'update' && record) {
        await trx
          .updateTable('attendanceRecords')
          .set({ ...d.write.set, ...(d.write.set.checkInAt ? { readerId: reader.id, cardId: uid } : {}), updatedAt: now })
          .where('id', '=', record.id)
          .execute();
      }
      if (d.write && attendanceId != null) {
        if (d.intent) {
          await writeNotificationIntent(trx, {
            type: d.intent,
            studentId: student.id,
            schoolId,
            occurredAt: tappedAt,
            attendanceId,
          });
        }
        changes.push({ attendanceId, studentId: student.id, studentName: student.name, status: d.status!, time: tappedAt });
      }
    }
    const inserted = await trx
      .insertInto('rfidTaps')
      .values({
        readerId: reader.id,
        eventId: event.eventId,
        cardUidRaw: event.cardUid.slice(0, 64),
        cardUid: uid,
        tappedAt,
        receivedAt,
        studentId: student?.id ?? null,
        outcome,
        status,
        attendanceId,
      })
      .onConflict((oc) => oc.columns(['readerId', 'eventId']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new ReplayRace();
    results.push({ eventId: event.eventId, outcome, status, attendanceId, studentId: student?.id ?? null, replayed: false });
    taps.push({
      tapId: inserted.id,
      outcome,
      uid,
      time: tappedAt,
      studentId: student?.id ?? null,
      studentName: student?.name ?? null,
      status,
    });
  }
  return { results, changes, taps };
}

/** After commit: `attendance` per attendance change (with the History row), `attendance:all` per new tap. */
async function publish(db: Executor, realtime: Realtime, reader: ReaderRow, changes: Change[], taps: NewTap[]) {
  if (changes.length) {
    const records = await recordsByIds(db, [...new Set(changes.map((c) => c.attendanceId))]);
    for (const c of changes) {
      const record = records.get(c.attendanceId);
      if (!record) continue;
      const event: LiveAttendanceEvent = {
        id: c.attendanceId,
        studentId: c.studentId,
        studentName: c.studentName,
        status: c.status,
        time: c.time,
        reader: reader.name,
        record,
      };
      realtime.emitToSuperAdmins('attendance', event);
    }
  }
  for (const t of taps) {
    const event: LiveTapEvent = {
      tapId: t.tapId,
      outcome: t.outcome,
      cardUid: t.uid,
      time: t.time,
      reader: reader.name,
      studentId: t.studentId,
      studentName: t.studentName,
      status: t.status,
    };
    realtime.emitToSuperAdmins('attendance:all', event);
  }
}

/** The latest taps of cards no student has (Device Management shows them so the card can be registered). */
export async function recentUnknownTaps(db: Executor, limit: number) {
  return db
    .selectFrom('rfidTaps as t')
    .innerJoin('rfidReaders as r', 'r.id', 't.readerId')
    .select(['t.id', 't.cardUid', 't.cardUidRaw', 't.tappedAt', 'r.name as readerName', 'r.location as readerLocation'])
    .where('t.outcome', '=', 'UNKNOWN_CARD')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}
