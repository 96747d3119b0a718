/*
 * The statements a group of taps reads what the attendance rules need with (features/rfid/tap-lookups.ts):
 * - history: the group's taps stored already, by (reader, eventId): their first result, answered as a replay;
 *   and the counted (not debounced) taps of the group's cards around its instants (the debounce window each
 *   side), by card: the debounce's input, read for every card of the group, matched or not (a superset);
 * - students: the holder of each card form (src/shared/card-uid.ts), with the grade's level (a primary-key join)
 *   for the no-class days of some grade levels, and the holder's attendance record of each of the taps'
 *   school-local days when those are known (every reader has a school), so a tap needs no dayRecords read.
 *   Looked up by the unique card index alone; the other conditions (active, unarchived, the reader's school) are
 *   checked in tap-lookups.ts (SQLite would otherwise pick the school index and walk the whole school).
 *
 * Fixed texts with the lists as JSON values: one text for every group size (prepared once per connection), and no
 * query builder on a lone tap's path (building a query costs a noticeable share of a tap). The row keys are named in the texts, as the rows' fields; they run through `withoutPlugins()`.
 */

/** A row of the history part: kind 's' a stored tap of the group, 'c' a counted tap of one of its cards. */
export interface HistoryRow {
  kind: 's' | 'c';
  readerId: number;
  eventId: string;
  outcome: string;
  status: string | null;
  attendanceId: number | null;
  studentId: number | null;
  cardUid: string;
  tappedAt: string;
}

/** A row of the students part: a card holder, with one day's record (the day fields null when there is none). */
export interface StudentRow {
  id: number;
  schoolId: number | null;
  firstName: string;
  lastName: string;
  rfidCardId: string;
  isArchived: number | boolean;
  isActive: number | boolean;
  level: number | null;
  enrolmentDate: string | null;
  leftOn: string | null;
  dayId: number | null;
  daySchoolId: number | null;
  date: string | null;
  status: string | null;
  checkInAt: string | null;
  checkOutAt: string | null;
  readerId: number | null;
  cardId: string | null;
}

/**
 * SQLite, history: values the (reader, eventId) pairs as `[[readerId, eventId], …]`, the normalised UIDs, then the
 * debounce window (from, to). Each IN list drives its index (the unique event index; the card index over
 * (card_uid, tapped_at)): tests/api/rfid/tap-cost.test.ts checks the plan.
 */
export const SQLITE_TAP_HISTORY = `
select 's' as kind, reader_id as "readerId", event_id as "eventId", outcome, status, attendance_id as "attendanceId",
  student_id as "studentId", card_uid as "cardUid", tapped_at as "tappedAt"
from "rfid_taps"
where (reader_id, event_id) in (select value ->> 0, value ->> 1 from json_each(?))
union all
select 'c', reader_id, event_id, outcome, status, attendance_id, student_id, card_uid, tapped_at
from "rfid_taps"
where card_uid in (select value from json_each(?)) and tapped_at >= ? and tapped_at <= ? and outcome != 'DEBOUNCED'`;

/**
 * SQLite, students: values the dates (none: no record is read), then the card forms. Each holder's records by
 * the unique (student_id, date) key: SQLite picks it on its own (checked by tests/api/rfid/tap-cost.test.ts).
 */
export const SQLITE_TAP_STUDENTS = `
select s.id, s.school_id as "schoolId", s.first_name as "firstName", s.last_name as "lastName",
  s.rfid_card_id as "rfidCardId", s.is_archived as "isArchived", s.is_active as "isActive", g.level,
  s.enrolment_date as "enrolmentDate", s.left_on as "leftOn",
  a.id as "dayId", a.school_id as "daySchoolId", a.date, a.status, a.check_in_at as "checkInAt",
  a.check_out_at as "checkOutAt", a.reader_id as "readerId", a.card_id as "cardId"
from "students" s
left join "grades" g on g.id = s.grade_id
left join "attendance_records" a on a.student_id = s.id and a.date in (select value from json_each(?))
where s.rfid_card_id in (select value from json_each(?))`;

/**
 * PostgreSQL: both parts of a group's read in ONE statement and one round trip (a lone
 * tap's wait is mostly round trips, docs/benchmarks.md), each part as a JSON array column of one row, its keys
 * named as the rows' fields. Every list is one JSON parameter, so the text is the same for every group: built by
 * no query builder (building costs a noticeable share of a lone tap), and named (core/db), so parsed once
 * per connection. Its plan is made to be the same whatever PostgreSQL knows, and then planned once as well:
 * - each lookup is a LATERAL subquery per list element, fenced with OFFSET 0 so that it is not flattened into a
 *   join: the plan can only be a loop of index probes (docs/CONVENTIONS.md). Unfenced, the generic plan guessed
 *   100 elements per list and read whole tables by hash joins;
 * - the lists are JSON, not arrays: PostgreSQL sizes `unnest` of a known array exactly, so each run's own plan
 *   (1 element) always looked cheaper than the generic one, and the statement was planned again on every run
 *   (planning would cost more than the read). The JSON functions are sized alike in both, so the generic plan is kept;
 * - the day record is found by a row comparison, which only the unique (student_id, date) index can serve: with
 *   a plain `date = ` the planner took the (date, status) index as often, and read all of today's records (today
 *   is never in the statistics yet). With no dates (a reader without a school) the date is null: no record;
 * - each JSON list counts as 100 rows to the planner: the students are probed per (card form, date) pair, not
 *   a join of the two lists, whose 100 × 100 guess made the statement cost enough for JIT compilation (260 ms;
 *   the app's connections now run with jit=off, core/db: with real statistics the row comparison below is
 *   estimated at thousands of rows).
 * tests/api/rfid/tap-cost.test.ts checks both plans: every probe by its index, no row read and dropped.
 * Values: $1 the (reader, eventId) pairs, $2 normalised UIDs, $3..$4 the debounce window, $5 the (card form,
 * date) pairs.
 */
const TAP_FIELDS = 'reader_id, event_id, outcome, status, attendance_id, student_id, card_uid, tapped_at';
export const PG_TAP_READ = `
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
      s.enrolment_date as "enrolmentDate", s.left_on as "leftOn",
      a.id as "dayId", a.school_id as "daySchoolId", a.date, a.status, a.check_in_at as "checkInAt",
      a.check_out_at as "checkOutAt", a.reader_id as "readerId", a.card_id as "cardId"
    from json_to_recordset($5::json) as f(card text, day text)
    join lateral (
      select s.id, s.school_id, s.first_name, s.last_name, s.rfid_card_id, s.is_archived, s.is_active, g.level,
        s.enrolment_date, s.left_on
      from "students" s left join "grades" g on g.id = s.grade_id
      where s.rfid_card_id = f.card offset 0
    ) as s on true
    left join lateral (
      select a.id, a.school_id, a.date, a.status, a.check_in_at, a.check_out_at, a.reader_id, a.card_id
      from "attendance_records" a
      where (a.student_id, a.date) >= (s.id, f.day) and (a.student_id, a.date) <= (s.id, f.day) offset 0
    ) as a on true
  ) as s) as students`;
