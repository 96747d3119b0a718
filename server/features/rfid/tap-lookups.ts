import { CompiledQuery, sql } from 'kysely';
import { isPostgres, type Executor } from '@core/db/index';
import { cardUidCandidates } from '@domain/card-uid';
import type { TapEvent, TapOutcome, TapResult } from '@domain/rfid';
import type { AttendanceStatus } from '@domain/attendance';
import type { DayRecord } from '../attendance';
import type { ReaderRow } from './readers';

/*
 * The reads of tap recording (features/rfid/tap-recording.ts): everything the attendance rules need for a whole
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
  /** Their grade's level (a no-class day of some grade levels is not a school day for them). */
  gradeLevel: number | null;
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

/** The instants whose counted taps can debounce a group's taps: the debounce window each side of them. */
function debounceWindow(pending: PendingTap[], windowMs: number) {
  const times = pending.map((p) => Date.parse(p.tappedAt));
  return {
    from: new Date(Math.min(...times) - windowMs).toISOString(),
    to: new Date(Math.max(...times) + windowMs).toISOString(),
  };
}

type HistoryQuery = ReturnType<typeof historyQueries>[number];
type HistoryRow = Awaited<ReturnType<HistoryQuery['execute']>>[number];

const emptyHistory = () => ({
  stored: new Map<string, TapResult>(),
  counted: new Map<string, { readerId: number; t: number }[]>(),
});

/**
 * What the stored taps tell about a group, in one statement per 500 events (a UNION ALL of two index reads):
 * - `stored`: taps of this group already stored, by (reader, eventId): their first result, answered as a
 *   replay (an OR of per-reader index ranges, so single taps from many readers cost one round trip);
 * - `counted`: counted (not debounced) taps of these cards around these instants (the debounce window each
 *   side), by card: the debounce's input. Read for every card of the group, matched or not (a superset).
 */
function historyQueries(trx: Executor, pending: PendingTap[], windowMs: number) {
  if (!pending.length) return [];
  const byReader = new Map<number, string[]>();
  for (const p of pending) pushTo(byReader, p.reader.id, p.event.eventId);
  const pairParts = chunks([...byReader].flatMap(([readerId, ids]) => ids.map((id) => [readerId, id] as const)));
  const uidParts = chunks([...new Set(pending.map((p) => p.uid))]);
  const { from, to } = debounceWindow(pending, windowMs);
  const columns = ['readerId', 'eventId', 'outcome', 'status', 'attendanceId', 'studentId', 'cardUid', 'tappedAt'] as const;
  return pairParts.map((pairs, i) => {
    const ids = new Map<number, string[]>();
    for (const [readerId, id] of pairs) pushTo(ids, readerId, id);
    const replays = trx
      .selectFrom('rfidTaps')
      .select([sql<string>`'s'`.as('kind'), ...columns])
      .where((eb) =>
        eb.or([...ids].map(([readerId, list]) => eb.and([eb('readerId', '=', readerId), eb('eventId', 'in', list)]))),
      );
    const uids = uidParts[i];
    return uids
      ? replays.unionAll(
          trx
            .selectFrom('rfidTaps')
            .select([sql<string>`'c'`.as('kind'), ...columns])
            .where('cardUid', 'in', uids)
            .where('tappedAt', '>=', from)
            .where('tappedAt', '<=', to)
            .where('outcome', '!=', 'DEBOUNCED'),
        )
      : replays;
  });
}

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
/** PostgreSQL: the dates as a table `day(day)` to join, so that the unique (student_id, date) key is used (studentQueries). */
const datesTable = (dates: string[]) => sql<{ day: string }>`unnest(${dates}::text[])`.as('day');

const emptyHolders = () => ({ byCard: new Map<string, Student & { usable: boolean }>(), days: new Map<string, DayState>() });

/** Each tap's card in its accepted forms (src/domain/card-uid.ts, exact form first), by normalised UID. */
function cardForms(pending: PendingTap[]) {
  const candidates = new Map<string, string[]>();
  for (const p of pending) if (!candidates.has(p.uid)) candidates.set(p.uid, cardUidCandidates(p.uid));
  return candidates;
}

/**
 * The student each card belongs to at each reader: an active, unarchived student holding the card in any of
 * its accepted forms, of the reader's school when it has one. Looked up by the unique card index alone; the
 * other conditions are checked here (SQLite would otherwise pick the school index and walk the whole school).
 * The grade's level comes along (a primary-key join, no statement of its own) for the no-class days of some
 * grade levels. With `dates` (the taps' school-local days, known when every reader has a school), the same
 * statement also reads those days' attendance records of the card holders (`days`), so a tap needs no
 * dayRecords read. One statement per 500 card forms. SQLite's; PostgreSQL's is PG_TAP_READ.
 */
function studentQueries(trx: Executor, candidates: Map<string, string[]>, dates: string[]) {
  return chunks([...new Set([...candidates.values()].flat())]).map((part) =>
    trx
      .selectFrom('students as s')
      .leftJoin('grades as g', 'g.id', 's.gradeId')
      .select(['s.id', 's.schoolId', 's.firstName', 's.lastName', 's.rfidCardId', 's.isArchived', 's.isActive', 'g.level'])
      .$if(dates.length > 0, (q) =>
        q
          .leftJoin('attendanceRecords as a', (join) => join.onRef('a.studentId', '=', 's.id').on('a.date', 'in', dates))
          .select(['a.id as dayId', 'a.schoolId as daySchoolId', ...DAY_FIELDS]),
      )
      .where('s.rfidCardId', 'in', part),
  );
}

type StudentRow = Awaited<ReturnType<ReturnType<typeof studentQueries>[number]['execute']>>[number];

/**
 * PostgreSQL: historyQueries and studentQueries of a whole group in ONE statement and one round trip (a lone
 * tap's wait is mostly round trips, docs/benchmarks.md), each part as a JSON array column of one row, its keys
 * named as the rows' fields. Every list is one JSON parameter, so the text is the same for every group: built by
 * no query builder (issue #20: Kysely's building was ~0.1 ms of a lone tap), and named (core/db), so parsed once
 * per connection. Its plan is made to be the same whatever PostgreSQL knows, and then planned once as well:
 * - each lookup is a LATERAL subquery per list element, fenced with OFFSET 0 so that it is not flattened into a
 *   join: the plan can only be a loop of index probes (docs/CONVENTIONS.md). Unfenced, the generic plan guessed
 *   100 elements per list and read whole tables by hash joins;
 * - the lists are JSON, not arrays: PostgreSQL sizes `unnest` of a known array exactly, so each run's own plan
 *   (1 element) always looked cheaper than the generic one, and the statement was planned again on every run
 *   (0.26 ms of a 0.47 ms read). The JSON functions are sized alike in both, so the generic plan is kept;
 * - the day record is found by a row comparison, which only the unique (student_id, date) index can serve: with
 *   a plain `date = ` the planner took the (date, status) index as often, and read all of today's records (today
 *   is never in the statistics yet). With no dates (a reader without a school) the date is null: no record;
 * - each JSON list counts as 100 rows to the planner: the students are probed per (card form, date) pair, not
 *   a join of the two lists, whose 100 × 100 guess made the statement cost enough for JIT compilation (260 ms;
 *   the app's connections now run with jit=off, core/db: with real statistics the row comparison below is
 *   estimated at thousands of rows).
 * tests/api/tap-cost.test.ts checks both plans: every probe by its index, no row read and dropped.
 * Values: $1 the (reader, eventId) pairs, $2 normalised UIDs, $3..$4 the debounce window, $5 the (card form,
 * date) pairs.
 */
const TAP_FIELDS = 'reader_id, event_id, outcome, status, attendance_id, student_id, card_uid, tapped_at';
const PG_TAP_READ = `
select
  (select coalesce(json_agg(h), '[]') from (
    select 's' as kind, t.reader_id as "readerId", t.event_id as "eventId", t.outcome, t.status,
      t.attendance_id as "attendanceId", t.student_id as "studentId", t.card_uid as "cardUid", t.tapped_at as "tappedAt"
    from json_to_recordset($1::json) as e(reader_id int, event_id text)
    join lateral (
      select ${TAP_FIELDS} from "rfid_taps" t where t.reader_id = e.reader_id and t.event_id = e.event_id offset 0
    ) as t on true
    union all
    select 'c', t.reader_id, t.event_id, t.outcome, t.status, t.attendance_id, t.student_id, t.card_uid, t.tapped_at
    from json_array_elements_text($2::json) as c(uid)
    join lateral (
      select ${TAP_FIELDS} from "rfid_taps" t
      where t.card_uid = c.uid and t.tapped_at >= $3::text and t.tapped_at <= $4::text and t.outcome <> 'DEBOUNCED'
      offset 0
    ) as t on true
  ) as h) as history,
  (select coalesce(json_agg(s), '[]') from (
    select s.id, s.school_id as "schoolId", s.first_name as "firstName", s.last_name as "lastName",
      s.rfid_card_id as "rfidCardId", s.is_archived as "isArchived", s.is_active as "isActive", s.level,
      a.id as "dayId", a.school_id as "daySchoolId", a.date, a.status, a.check_in_at as "checkInAt",
      a.check_out_at as "checkOutAt", a.reader_id as "readerId", a.card_id as "cardId"
    from json_to_recordset($5::json) as f(card text, day text)
    join lateral (
      select s.id, s.school_id, s.first_name, s.last_name, s.rfid_card_id, s.is_archived, s.is_active, g.level
      from "students" s left join "grades" g on g.id = s.grade_id
      where s.rfid_card_id = f.card offset 0
    ) as s on true
    left join lateral (
      select a.id, a.school_id, a.date, a.status, a.check_in_at, a.check_out_at, a.reader_id, a.card_id
      from "attendance_records" a
      where (a.student_id, a.date) >= (s.id, f.day) and (a.student_id, a.date) <= (s.id, f.day) offset 0
    ) as a on true
  ) as s) as students`;

async function readGroupAtOnce(trx: Executor, pending: PendingTap[], windowMs: number, dates: string[], forms: string[]) {
  const { from, to } = debounceWindow(pending, windowMs);
  const values = [
    JSON.stringify(pending.map((p) => ({ reader_id: p.reader.id, event_id: p.event.eventId }))),
    JSON.stringify([...new Set(pending.map((p) => p.uid))]),
    from,
    to,
    // Each card form with each date (or none: a reader without a school): one probe per pair.
    JSON.stringify(forms.flatMap((card) => (dates.length ? dates : [null]).map((day) => ({ card, day })))),
  ];
  // No plugin: the keys are named in the text, and the camel-case pass would walk both arrays for nothing.
  const { rows } = await trx
    .withoutPlugins()
    .executeQuery<{ history: HistoryRow[]; students: StudentRow[] }>(CompiledQuery.raw(PG_TAP_READ, values));
  return rows[0]!;
}

function addHolders({ byCard, days }: ReturnType<typeof emptyHolders>, rows: StudentRow[]) {
  for (const r of rows) {
    const usable = Number(r.isArchived) === 0 && Number(r.isActive) === 1;
    byCard.set(r.rfidCardId!, {
      id: r.id,
      schoolId: r.schoolId,
      name: `${r.firstName} ${r.lastName}`,
      gradeLevel: r.level ?? null,
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

/** Each tap's student at its reader, from the card holders read (studentQueries). */
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
 * What a group's taps need read, from both stores: the group's stored taps and the debounce window's counted
 * taps (historyQueries), and the card holders with their `dates`' day records (studentQueries). On PostgreSQL
 * in one statement (PG_TAP_READ), on SQLite one statement per part (no round trips to save in a process).
 */
export async function tapHistoryAndStudents(trx: Executor, pending: PendingTap[], windowMs: number, dates: string[]) {
  const candidates = cardForms(pending);
  const found = emptyHistory();
  const holders = emptyHolders();
  if (isPostgres(trx) && pending.length) {
    const read = await readGroupAtOnce(trx, pending, windowMs, dates, [...new Set([...candidates.values()].flat())]);
    addHistory(found, read.history);
    addHolders(holders, read.students);
  } else {
    for (const query of historyQueries(trx, pending, windowMs)) addHistory(found, await query.execute());
    for (const query of studentQueries(trx, candidates, dates)) addHolders(holders, await query.execute());
  }
  return { ...found, ...holdersOf(candidates, holders) };
}

export async function dayRecords(trx: Executor, keys: { studentId: number; date: string }[]) {
  const out = new Map<string, DayState>();
  const dates = [...new Set(keys.map((k) => k.date))];
  for (const part of chunks([...new Set(keys.map((k) => k.studentId))])) {
    const records = trx.selectFrom('attendanceRecords as a').where('a.studentId', 'in', part);
    // PostgreSQL: the dates as a joined column, so the unique (student_id, date) key is used (see studentQueries).
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
