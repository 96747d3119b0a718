import { runFixed, type Executor } from '@core/db/index';
import type { DayRecord } from './rules';

/*
 * How the tap intake writes attendance records (server/features/rfid/tap-writes.ts composes them with the taps
 * and the intents): on SQLite one fixed statement per kind over a JSON value of the rows; on PostgreSQL common
 * table expressions of its one statement. The texts are fixed per shape, so each is prepared once.
 */

/** A student's school day as it stands in a group of taps; id is null until a new record is inserted. */
export interface DayState extends DayRecord {
  studentId: number;
  schoolId: number;
  date: string;
  readerId: number | null;
  cardId: string | null;
  /** Columns to write to an existing record (a new one is inserted whole). */
  changed: Record<string, string | number | null> | null;
}

/*
 * SQLite: the group's rows as one JSON value (`json_each`, each row an array); the first value is the instant
 * written as createdAt and updatedAt.
 */
const SQLITE_INSERT_DAYS = `
insert into attendance_records
  (student_id, school_id, date, status, check_in_at, check_out_at, reader_id, card_id, created_at, updated_at)
select v.value ->> 0, v.value ->> 1, v.value ->> 2, v.value ->> 3, v.value ->> 4, v.value ->> 5, v.value ->> 6,
  v.value ->> 7, n.at, n.at
from (select ? as at) as n, json_each(?) as v where true
on conflict (student_id, date) do nothing
returning id, student_id as "studentId", date`;
const SQLITE_UPDATE_DAYS = `
update attendance_records as a set
  status = case when (v.value ->> 1) & 1 <> 0 then v.value ->> 2 else a.status end,
  check_in_at = case when (v.value ->> 1) & 2 <> 0 then v.value ->> 3 else a.check_in_at end,
  check_out_at = case when (v.value ->> 1) & 4 <> 0 then v.value ->> 4 else a.check_out_at end,
  reader_id = case when (v.value ->> 1) & 8 <> 0 then v.value ->> 5 else a.reader_id end,
  card_id = case when (v.value ->> 1) & 16 <> 0 then v.value ->> 6 else a.card_id end,
  updated_at = ?
from json_each(?) as v where a.id = v.value ->> 0`;

const rows = <T>(list: T[], f: (row: T) => unknown[]) => JSON.stringify(list.map(f));

/** SQLite: inserts the new day records; returns those inserted (one another process inserted first is not). */
export function insertDays(trx: Executor, now: string, fresh: DayState[]) {
  return runFixed<{ id: number; studentId: number; date: string }>(trx, SQLITE_INSERT_DAYS, [
    now,
    rows(fresh, (d) => [d.studentId, d.schoolId, d.date, d.status, d.checkInAt, d.checkOutAt, d.readerId, d.cardId]),
  ]);
}

/** SQLite: writes the changed columns of existing day records. */
export async function updateDays(trx: Executor, now: string, changed: DayState[]) {
  await runFixed(trx, SQLITE_UPDATE_DAYS, [
    now,
    rows(changed, (d) => [d.id, maskOf(d), d.status, d.checkInAt, d.checkOutAt, d.readerId, d.cardId]),
  ]);
}

/** Binds a column of the group's rows as one array parameter and gives its placeholder (`$n`). */
export type BindColumn = <T, V>(rows: T[], f: (row: T, index: number) => V) => string;

/**
 * PostgreSQL: the new day records as `new_day` (each with its number `k`, its index in `fresh`), `inserted_day`
 * and `day_id` (k → the inserted id, for the rows that name a new day by its k). `at`: the instant's placeholder.
 */
export const pgNewDays = (col: BindColumn, at: string, fresh: DayState[]) => `
    new_day as (
      select k, student_id, school_id, date, status, check_in_at, check_out_at, reader_id, card_id
      from unnest(${col(fresh, (_, k) => k)}::int[], ${col(fresh, (d) => d.studentId)}::int[],
        ${col(fresh, (d) => d.schoolId)}::int[], ${col(fresh, (d) => d.date)}::text[], ${col(fresh, (d) => d.status)}::text[],
        ${col(fresh, (d) => d.checkInAt)}::text[], ${col(fresh, (d) => d.checkOutAt)}::text[],
        ${col(fresh, (d) => d.readerId)}::int[], ${col(fresh, (d) => d.cardId)}::text[])
        as v(k, student_id, school_id, date, status, check_in_at, check_out_at, reader_id, card_id)
    ),
    inserted_day as (
      insert into attendance_records
        (student_id, school_id, date, status, check_in_at, check_out_at, reader_id, card_id, created_at, updated_at)
      select student_id, school_id, date, status, check_in_at, check_out_at, reader_id, card_id, ${at}, ${at}
      from new_day order by k
      returning id, student_id, date
    ),
    day_id as (
      select n.k, i.id from inserted_day i join new_day n on n.student_id = i.student_id and n.date = i.date
    ),`;

/** PostgreSQL: `updated_day`, the changed columns of existing day records. */
export const pgChangedDays = (col: BindColumn, at: string, changed: DayState[]) => `
    updated_day as (
      update attendance_records a set
        status = case when v.mask & 1 <> 0 then v.status else a.status end,
        check_in_at = case when v.mask & 2 <> 0 then v.check_in_at else a.check_in_at end,
        check_out_at = case when v.mask & 4 <> 0 then v.check_out_at else a.check_out_at end,
        reader_id = case when v.mask & 8 <> 0 then v.reader_id else a.reader_id end,
        card_id = case when v.mask & 16 <> 0 then v.card_id else a.card_id end,
        updated_at = ${at}
      from unnest(${col(changed, (d) => d.id!)}::int[], ${col(changed, maskOf)}::int[], ${col(changed, (d) => d.status)}::text[],
        ${col(changed, (d) => d.checkInAt)}::text[], ${col(changed, (d) => d.checkOutAt)}::text[],
        ${col(changed, (d) => d.readerId)}::int[], ${col(changed, (d) => d.cardId)}::text[])
        as v(id, mask, status, check_in_at, check_out_at, reader_id, card_id)
      where a.id = v.id
    ),`;

/** The columns a tap may change on an existing day record, and their bit in the statements' `mask`. */
const CHANGEABLE = ['status', 'checkInAt', 'checkOutAt', 'readerId', 'cardId'] as const;

/** Which of CHANGEABLE a changed day record sets, as bits. */
function maskOf(d: DayState): number {
  const keys = Object.keys(d.changed!);
  if (keys.some((c) => !(CHANGEABLE as readonly string[]).includes(c))) throw new Error(`unexpected day change: ${keys.join()}`);
  return CHANGEABLE.reduce((m, c, bit) => (c in d.changed! ? m | (1 << bit) : m), 0);
}
