import type { Executor } from '../db/index';
import { cardUidCandidates } from '../../src/domain/card-uid';
import type { TapEvent, TapOutcome, TapResult } from '../../src/domain/rfid';
import type { AttendanceStatus } from '../../src/domain/attendance';
import type { DayRecord } from './attendance-rules';
import type { ReaderRow } from './rfid-readers';

/*
 * The reads of tap recording (services/tap-recording.ts): everything the attendance rules need for a whole
 * group of taps, each in one statement (or one per 500 values), never one per tap.
 */

export interface PendingTap {
  reader: ReaderRow;
  event: TapEvent;
  /** The normalised card UID and the tap's instant (UTC ISO), as checked by checkTap. */
  uid: string;
  tappedAt: string;
}

export interface Student {
  id: number;
  schoolId: number | null;
  name: string;
}

/** A student's school day as it stands in this transaction; id is null until a new record is inserted. */
export interface DayState extends DayRecord {
  studentId: number;
  schoolId: number;
  date: string;
  readerId: number | null;
  cardId: string | null;
  /** Columns to write to an existing record (a new one is inserted whole). */
  changed: Record<string, string | number | null> | null;
}

/** Statement parameters stay far below SQLite's and PostgreSQL's limits. */
export const CHUNK = 500;
export const chunks = <T>(xs: T[]) =>
  Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));
export const tapKey = (readerId: number, eventId: string) => `${readerId} ${eventId}`;
export const dayKey = (studentId: number, date: string) => `${studentId} ${date}`;

/** Appends to the list kept under a key. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Taps of this group already stored, by (reader, eventId): their first result, answered as a replay. One
 * statement for up to 500 eventIds of any number of readers (an OR of per-reader index ranges), so a group of
 * single taps from many readers costs one round trip, not one per reader.
 */
export async function storedResults(trx: Executor, pending: PendingTap[]) {
  const byReader = new Map<number, string[]>();
  for (const p of pending) pushTo(byReader, p.reader.id, p.event.eventId);
  const pairs = [...byReader].flatMap(([readerId, ids]) => ids.map((id) => [readerId, id] as const));
  const out = new Map<string, TapResult>();
  for (const part of chunks(pairs)) {
    const ids = new Map<number, string[]>();
    for (const [readerId, id] of part) pushTo(ids, readerId, id);
    const rows = await trx
      .selectFrom('rfidTaps')
      .select(['readerId', 'eventId', 'outcome', 'status', 'attendanceId', 'studentId'])
      .where((eb) =>
        eb.or([...ids].map(([readerId, list]) => eb.and([eb('readerId', '=', readerId), eb('eventId', 'in', list)]))),
      )
      .execute();
    for (const r of rows) {
      out.set(tapKey(r.readerId, r.eventId), {
        eventId: r.eventId,
        outcome: r.outcome as TapOutcome,
        status: r.status,
        attendanceId: r.attendanceId,
        studentId: r.studentId,
        replayed: true,
      });
    }
  }
  return out;
}

/**
 * The student each card belongs to at each reader: an active, unarchived student holding the card in any of
 * its accepted forms (src/domain/card-uid.ts, exact form first), of the reader's school when it has one.
 * Looked up by the unique card index alone; the other conditions are checked here (SQLite would otherwise
 * pick the school index and walk the whole school).
 */
export async function studentsByCard(trx: Executor, pending: PendingTap[]) {
  const candidates = new Map<string, string[]>();
  for (const p of pending) if (!candidates.has(p.uid)) candidates.set(p.uid, cardUidCandidates(p.uid));
  const byCard = new Map<string, { id: number; schoolId: number | null; name: string; usable: boolean }>();
  for (const part of chunks([...new Set([...candidates.values()].flat())])) {
    const rows = await trx
      .selectFrom('students')
      .select(['id', 'schoolId', 'firstName', 'lastName', 'rfidCardId', 'isArchived', 'isActive'])
      .where('rfidCardId', 'in', part)
      .execute();
    for (const r of rows) {
      const usable = Number(r.isArchived) === 0 && Number(r.isActive) === 1;
      byCard.set(r.rfidCardId!, { id: r.id, schoolId: r.schoolId, name: `${r.firstName} ${r.lastName}`, usable });
    }
  }
  return (uid: string, reader: ReaderRow): Student | null => {
    for (const card of candidates.get(uid) ?? []) {
      const s = byCard.get(card);
      if (s?.usable && (reader.schoolId == null || s.schoolId === reader.schoolId)) return s;
    }
    return null;
  };
}

export async function dayRecords(trx: Executor, keys: { studentId: number; date: string }[]) {
  const out = new Map<string, DayState>();
  const dates = [...new Set(keys.map((k) => k.date))];
  for (const part of chunks([...new Set(keys.map((k) => k.studentId))])) {
    const rows = await trx
      .selectFrom('attendanceRecords')
      .select(['id', 'studentId', 'schoolId', 'date', 'status', 'checkInAt', 'checkOutAt', 'readerId', 'cardId'])
      .where('studentId', 'in', part)
      .where('date', 'in', dates)
      .execute();
    for (const r of rows)
      out.set(dayKey(r.studentId, r.date), { ...r, status: r.status as AttendanceStatus, schoolId: r.schoolId!, changed: null });
  }
  return out;
}

/** Counted (not debounced) taps of these cards around these instants, by card: the debounce window's input. */
export async function countedTaps(trx: Executor, uids: string[], from: number, to: number) {
  const out = new Map<string, { readerId: number; t: number }[]>();
  for (const part of chunks(uids)) {
    const rows = await trx
      .selectFrom('rfidTaps')
      .select(['readerId', 'cardUid', 'tappedAt'])
      .where('cardUid', 'in', part)
      .where('tappedAt', '>=', new Date(from).toISOString())
      .where('tappedAt', '<=', new Date(to).toISOString())
      .where('outcome', '!=', 'DEBOUNCED')
      .execute();
    for (const r of rows) pushTo(out, r.cardUid, { readerId: r.readerId, t: Date.parse(r.tappedAt) });
  }
  return out;
}
