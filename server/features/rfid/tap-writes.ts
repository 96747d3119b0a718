import { isPostgres, runFixed, type Executor } from '@core/db/index';
import { insertDays, pgChangedDays, pgNewDays, updateDays, type BindColumn } from '../attendance';
import { intentColumns, openAttendanceIntent } from '../outbox';
import { dayKey, ReplayRace, tapKey, type DayState, type GroupWrites } from './tap-model';

/*
 * The writes of a decided group of taps (features/rfid/tap-recording.ts): the day records (new ones inserted,
 * changed ones updated), the parents' notification intents and the tap rows.
 *
 * The attendance feature owns the day records' statements (attendance/day-writes.ts); this module composes them
 * with the intents' and the taps'.
 *
 * - SQLite runs in the process: a statement costs no round trip, so each table gets its multi-row statement, in
 *   the intake's transaction (fixed texts over a JSON value of the rows, below).
 * - PostgreSQL: every round trip is a wake-up of two processes, so the whole group goes out as ONE statement
 *   (data-modifying CTEs over `unnest` arrays; one text, prepared once per connection, whatever the group's
 *   size). A statement is atomic on its own, so a lone tap needs no BEGIN/COMMIT around its writes
 *   (features/rfid/taps.ts). A row another process stored first (the same eventId, or a student's day record)
 *   fails the statement on its unique index and nothing of it is written: `ReplayRace`, and the group runs again.
 */

/** Writes the group; sets the id of each new day record, and returns each stored tap's id by tapKey. */
export async function writeTapGroup(trx: Executor, writes: GroupWrites): Promise<Map<string, number>> {
  if (isPostgres(trx) && writes.taps.length) return writeAtOnce(trx, writes);
  if (writes.seenReaders.length)
    await trx.updateTable('rfidReaders').set({ lastSeenAt: writes.now }).where('id', 'in', writes.seenReaders).execute();
  return writeByTable(trx, writes);
}

/*
 * SQLite's writes, one fixed text per table with the group's rows as one JSON value (`json_each`, each row an
 * array): no query builder on a lone tap's path, and one prepared statement for every group size. The first value
 * is the instant written as createdAt, updatedAt, receivedAt, nextAttemptAt.
 */
const SQLITE_INSERT_INTENTS = `
insert into notification_outbox (idempotency_key, channel, student_id, recipient, payload, school_id, priority,
  event_at, next_attempt_at, created_at, updated_at)
select v.value ->> 0, v.value ->> 1, v.value ->> 2, v.value ->> 3, v.value ->> 4, v.value ->> 5, v.value ->> 6,
  v.value ->> 7, n.at, n.at, n.at
from (select ? as at) as n, json_each(?) as v where true
-- The same change's intent written before (a replayed group): one notice, never two.
on conflict (idempotency_key) do nothing`;
const SQLITE_INSERT_TAPS = `
insert into rfid_taps
  (reader_id, event_id, card_uid_raw, card_uid, tapped_at, received_at, student_id, outcome, status, attendance_id)
select v.value ->> 0, v.value ->> 1, v.value ->> 2, v.value ->> 3, v.value ->> 4, n.at, v.value ->> 5, v.value ->> 6,
  v.value ->> 7, v.value ->> 8
from (select ? as at) as n, json_each(?) as v where true
on conflict (reader_id, event_id) do nothing
returning id, reader_id as "readerId", event_id as "eventId"`;

/** SQLite: the day records, then the intents (they name the records' ids), then the taps; in the intake's transaction. */
async function writeByTable(trx: Executor, { days, intents, taps, now }: GroupWrites) {
  // A group of replays only (PostgreSQL comes here then too): no new tap, so no day record or intent either.
  if (!taps.length) return new Map<string, number>();
  const rows = <T>(list: T[], f: (row: T) => unknown[]) => JSON.stringify(list.map(f));
  const fresh = days.filter((d) => d.id == null);
  const changed = days.filter((d) => d.id != null && d.changed);
  if (fresh.length) {
    const inserted = await insertDays(trx, now, fresh);
    // Another process inserted one of these days since they were read: the group runs again and reads it.
    if (inserted.length !== fresh.length) throw new ReplayRace();
    const ids = new Map(inserted.map((r) => [dayKey(r.studentId, r.date), r.id]));
    for (const d of fresh) d.id = ids.get(dayKey(d.studentId, d.date))!;
  }
  if (changed.length) await updateDays(trx, now, changed);
  if (intents.length)
    await runFixed(trx, SQLITE_INSERT_INTENTS, [
      now,
      rows(intents, ({ intent, day }) => {
        const c = intentColumns({ ...intent, attendanceId: day.id! });
        return [c.idempotencyKey, c.channel, c.studentId, c.recipient, c.payload, c.schoolId, c.priority, c.eventAt];
      }),
    ]);
  const inserted = await runFixed<{ id: number; readerId: number; eventId: string }>(trx, SQLITE_INSERT_TAPS, [
    now,
    rows(taps, (t) => [
      t.readerId,
      t.eventId,
      t.cardUidRaw,
      t.cardUid,
      t.tappedAt,
      t.studentId,
      t.outcome,
      t.status,
      t.day?.id ?? null,
    ]),
  ]);
  if (inserted.length !== taps.length) throw new ReplayRace();
  return new Map(inserted.map((r) => [tapKey(r.readerId, r.eventId), r.id]));
}

/**
 * PostgreSQL: the group in one statement. Each new day record gets a number `k`; the intents and the taps of a
 * new day name it by `k` and take its id from the insert's RETURNING; those of an existing day carry its id.
 * Only the parts a group needs are in the statement (a check-in has no UPDATE, a check-out no INSERT): a
 * statement trigger fires even for no rows (the rollups', migration 0022). At most 16 texts, each prepared once
 * (core/db names them). Written as text, not through Kysely: building it is a noticeable share of a lone tap, and
 * the keys of the few rows it returns are named in it (no camel-case pass).
 */
async function writeAtOnce(trx: Executor, { days, intents, taps, seenReaders, now }: GroupWrites) {
  const tapIds = new Map<string, number>();
  const fresh = days.filter((d) => d.id == null);
  const changed = days.filter((d) => d.id != null && d.changed);
  const k = new Map(fresh.map((d, i) => [d, i]));
  // A row of an existing day record names its id; a new one's row names its k (null, null: no day record).
  const idOf = (d: DayState | null) => d?.id ?? null;
  const kOf = (d: DayState | null) => (d && d.id == null ? k.get(d)! : null);
  // Each value once, as $n in the order added; an array is one value (one column of the group).
  const values: unknown[] = [];
  const $ = (value: unknown) => `$${values.push(value)}`;
  const col: BindColumn = (rows, f) => $(rows.map(f));
  const at = `${$(now)}::text`;
  const open = intents.map(({ intent, day }) => ({ ...openAttendanceIntent(intent), k: kOf(day), id: idOf(day) }));
  // The day id of a row: its own, or its new day's from the insert.
  const dayId = fresh.length ? 'coalesce(v.attendance_id, d.id)' : 'v.attendance_id';
  const joinNewDay = fresh.length ? 'left join day_id d on d.k = v.k' : '';

  const seen = () => `
    seen_reader as (update rfid_readers set last_seen_at = ${at} where id = any(${$(seenReaders)}::int[])),`;
  const newIntents = () => `
    inserted_intent as (
      insert into notification_outbox (idempotency_key, channel, student_id, recipient, payload, school_id, priority,
        event_at, next_attempt_at, created_at, updated_at)
      select v.key_prefix || ${dayId}, v.channel, v.student_id, '', v.payload_head || ',"attendanceId":' || ${dayId} || '}',
        v.school_id, v.priority, v.event_at, ${at}, ${at}, ${at}
      from unnest(${col(open, (i) => i.id)}::int[], ${col(open, (i) => i.k)}::int[], ${col(open, (i) => i.keyPrefix)}::text[],
        ${col(open, (i) => i.channel)}::text[], ${col(open, (i) => i.studentId)}::int[], ${col(open, (i) => i.payloadHead)}::text[],
        ${col(open, (i) => i.schoolId)}::int[], ${col(open, (i) => i.priority)}::int[], ${col(open, (i) => i.eventAt)}::text[])
        with ordinality as v(attendance_id, k, key_prefix, channel, student_id, payload_head, school_id, priority, event_at, ord)
      ${joinNewDay}
      order by v.ord
      -- The same change's intent written before (a replayed group): one notice, never two.
      on conflict (idempotency_key) do nothing
    ),`;
  const text = `
    with ${seenReaders.length ? seen() : ''} ${fresh.length ? pgNewDays(col, at, fresh) : ''} ${changed.length ? pgChangedDays(col, at, changed) : ''} ${open.length ? newIntents() : ''}
    inserted_tap as (
      insert into rfid_taps
        (reader_id, event_id, card_uid_raw, card_uid, tapped_at, received_at, student_id, outcome, status, attendance_id)
      select v.reader_id, v.event_id, v.card_uid_raw, v.card_uid, v.tapped_at, ${at}, v.student_id, v.outcome, v.status, ${dayId}
      from unnest(${col(taps, (t) => t.readerId)}::int[], ${col(taps, (t) => t.eventId)}::text[],
        ${col(taps, (t) => t.cardUidRaw)}::text[], ${col(taps, (t) => t.cardUid)}::text[], ${col(taps, (t) => t.tappedAt)}::text[],
        ${col(taps, (t) => t.studentId)}::int[], ${col(taps, (t) => t.outcome)}::text[], ${col(taps, (t) => t.status)}::text[],
        ${col(taps, (t) => idOf(t.day))}::int[], ${col(taps, (t) => kOf(t.day))}::int[])
        with ordinality as v(reader_id, event_id, card_uid_raw, card_uid, tapped_at, student_id, outcome, status, attendance_id, k, ord)
      ${joinNewDay}
      order by v.ord
      returning id, reader_id, event_id
    )
    select 't' as kind, null::int as k, id, reader_id as "readerId", event_id as "eventId" from inserted_tap
    ${fresh.length ? `union all select 'd', k, id, null, null from day_id` : ''}
  `;
  const rows = await runFixed<{ kind: 'd' | 't'; k: number | null; id: number; readerId: number | null; eventId: string | null }>(
    trx,
    text,
    values,
  );
  for (const r of rows) {
    if (r.kind === 'd') fresh[r.k!]!.id = r.id;
    else tapIds.set(tapKey(r.readerId!, r.eventId!), r.id);
  }
  return tapIds;
}
