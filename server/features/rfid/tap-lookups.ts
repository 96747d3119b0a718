import { sql } from 'kysely';
import { isPostgres, runFixed, type Executor } from '@core/db/index';
import { cardUidCandidates } from '@shared/card-uid';
import type { TapOutcome, TapResult } from '@domain/rfid';
import type { AttendanceStatus } from '@domain/attendance';
import type { ReaderRow } from './readers';
import { dayKey, tapKey, type DayState, type PendingTap, type Student } from './tap-model';
import { PG_TAP_READ, SQLITE_TAP_HISTORY, SQLITE_TAP_STUDENTS, type HistoryRow, type StudentRow } from './tap-read-texts';

/*
 * The reads of tap recording (features/rfid/tap-recording.ts): everything the attendance rules need for a whole
 * group of taps, in one statement (PostgreSQL) or two (SQLite) whatever the group's size, never one per tap.
 */

/** Statement parameters stay far below SQLite's and PostgreSQL's limits. */
export const CHUNK = 500;
export const chunks = <T>(xs: T[]) =>
  Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

/** Appends to the list kept under a key. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The instants whose counted taps can debounce a group's taps: the debounce window each side of them. */
function debounceWindow(pending: PendingTap[], windowMs: number) {
  const times = pending.map((p) => Date.parse(p.tappedAt));
  return {
    from: new Date(Math.min(...times) - windowMs).toISOString(),
    to: new Date(Math.max(...times) + windowMs).toISOString(),
  };
}

const emptyHistory = () => ({
  stored: new Map<string, TapResult>(),
  counted: new Map<string, { readerId: number; t: number }[]>(),
});

function addHistory({ stored, counted }: ReturnType<typeof emptyHistory>, rows: HistoryRow[]) {
  for (const r of rows) {
    if (r.kind === 'c') pushTo(counted, r.cardUid, { readerId: r.readerId, t: Date.parse(r.tappedAt) });
    else
      stored.set(tapKey(r.readerId, r.eventId), {
        eventId: r.eventId,
        outcome: r.outcome as TapOutcome,
        status: r.status,
        attendanceId: r.attendanceId,
        studentId: r.studentId,
        replayed: true,
      });
  }
}

/** A day record's fields a tap needs besides its ids, from `attendanceRecords as a`. */
const DAY_FIELDS = ['a.date', 'a.status', 'a.checkInAt', 'a.checkOutAt', 'a.readerId', 'a.cardId'] as const;
/** PostgreSQL: the dates as a table `day(day)` to join, so that the unique (student_id, date) key is used. */
const datesTable = (dates: string[]) => sql<{ day: string }>`unnest(${dates}::text[])`.as('day');

const emptyHolders = () => ({ byCard: new Map<string, Student & { usable: boolean }>(), days: new Map<string, DayState>() });

/** Each tap's card in its accepted forms (src/shared/card-uid.ts, exact form first), by normalised UID. */
function cardForms(pending: PendingTap[]) {
  const candidates = new Map<string, string[]>();
  for (const p of pending) if (!candidates.has(p.uid)) candidates.set(p.uid, cardUidCandidates(p.uid));
  return candidates;
}

/** The history and students parts of a group's read: one statement on PostgreSQL, one per part on SQLite. */
async function readGroup(trx: Executor, pending: PendingTap[], windowMs: number, dates: string[], forms: string[]) {
  const { from, to } = debounceWindow(pending, windowMs);
  const uids = JSON.stringify([...new Set(pending.map((p) => p.uid))]);
  if (isPostgres(trx)) {
    const pairs = JSON.stringify(pending.map((p) => ({ reader_id: p.reader.id, event_id: p.event.eventId })));
    // Each card form with each date (or none: a reader without a school): one probe per pair.
    const holders = JSON.stringify(forms.flatMap((card) => (dates.length ? dates : [null]).map((day) => ({ card, day }))));
    const rows = await runFixed<{ history: HistoryRow[]; students: StudentRow[] }>(trx, PG_TAP_READ, [
      pairs,
      uids,
      from,
      to,
      holders,
    ]);
    return rows[0]!;
  }
  const pairs = JSON.stringify(pending.map((p) => [p.reader.id, p.event.eventId]));
  return {
    history: await runFixed<HistoryRow>(trx, SQLITE_TAP_HISTORY, [pairs, uids, from, to]),
    students: await runFixed<StudentRow>(trx, SQLITE_TAP_STUDENTS, [JSON.stringify(dates), JSON.stringify(forms)]),
  };
}

function addHolders({ byCard, days }: ReturnType<typeof emptyHolders>, rows: StudentRow[]) {
  for (const r of rows) {
    const usable = Number(r.isArchived) === 0 && Number(r.isActive) === 1;
    byCard.set(r.rfidCardId!, {
      id: r.id,
      schoolId: r.schoolId,
      name: `${r.firstName} ${r.lastName}`,
      gradeLevel: r.level ?? null,
      enrolmentDate: r.enrolmentDate ?? null,
      leftOn: r.leftOn ?? null,
      usable,
    });
    if (r.dayId != null) {
      days.set(dayKey(r.id, r.date!), {
        id: r.dayId,
        studentId: r.id,
        schoolId: r.daySchoolId!,
        date: r.date!,
        status: r.status as AttendanceStatus,
        checkInAt: r.checkInAt ?? null,
        checkOutAt: r.checkOutAt ?? null,
        readerId: r.readerId ?? null,
        cardId: r.cardId ?? null,
        changed: null,
      });
    }
  }
}

/** Each tap's student at its reader, from the card holders read. */
function holdersOf(candidates: Map<string, string[]>, { byCard, days }: ReturnType<typeof emptyHolders>) {
  const studentOf = (uid: string, reader: ReaderRow): Student | null => {
    for (const card of candidates.get(uid) ?? []) {
      const s = byCard.get(card);
      if (s?.usable && (reader.schoolId == null || s.schoolId === reader.schoolId)) return s;
    }
    return null;
  };
  return { studentOf, days };
}

/**
 * What a group's taps need read (tap-read-texts.ts): the group's stored taps and the debounce window's counted
 * taps, and the card holders with their `dates`' day records (none read when `dates` is empty).
 */
export async function tapHistoryAndStudents(trx: Executor, pending: PendingTap[], windowMs: number, dates: string[]) {
  const candidates = cardForms(pending);
  const found = emptyHistory();
  const holders = emptyHolders();
  if (pending.length) {
    const read = await readGroup(trx, pending, windowMs, dates, [...new Set([...candidates.values()].flat())]);
    addHistory(found, read.history);
    addHolders(holders, read.students);
  }
  return { ...found, ...holdersOf(candidates, holders) };
}

export async function dayRecords(trx: Executor, keys: { studentId: number; date: string }[]) {
  const out = new Map<string, DayState>();
  const dates = [...new Set(keys.map((k) => k.date))];
  for (const part of chunks([...new Set(keys.map((k) => k.studentId))])) {
    const records = trx.selectFrom('attendanceRecords as a').where('a.studentId', 'in', part);
    // PostgreSQL: the dates as a joined column, so the unique (student_id, date) key is used (PG_TAP_READ reads its day records by that key too).
    const rows = await (
      isPostgres(trx)
        ? records.innerJoin(datesTable(dates), (join) => join.onRef('a.date', '=', 'day.day'))
        : records.where('a.date', 'in', dates)
    )
      .select(['a.id', 'a.studentId', 'a.schoolId', ...DAY_FIELDS])
      .execute();
    for (const r of rows)
      out.set(dayKey(r.studentId, r.date), { ...r, status: r.status as AttendanceStatus, schoolId: r.schoolId!, changed: null });
  }
  return out;
}
