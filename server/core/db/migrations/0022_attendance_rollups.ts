import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Attendance counts whose cost does not grow with the history.
 * - attendance_daily_counts (date, status, school_id, n): records per local day, status and school;
 * - attendance_school_totals (school_id, n): records per school (the dashboard's total, the history's total).
 * A record without a school counts under school_id 0 (a key column cannot be null and still conflict).
 *
 * Both are kept by TRIGGERS on attendance_records, so every writer — tap intake, the absence job, EXCUSED,
 * corrections, no-class cancellations, a student's cascade delete, writers added later — keeps them right
 * without knowing about them, and a tap costs no extra client statement (tests/api/rfid/tap-cost.test.ts).
 * - SQLite: row triggers with an UPSERT (one writer at a time, so no lock order to care about).
 * - PostgreSQL: statement triggers with transition tables: one grouped UPSERT per statement (the intake's
 *   set-based group insert, the seed's multi-row inserts), keys in a fixed order so concurrent writers lock
 *   rollup rows in the same order; an UPDATE that changes no key (a check-out) nets to zero and writes nothing.
 * Existing records are counted once here (backfill).
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const SQLITE_TRIGGERS = [
  `create trigger attendance_counts_ai after insert on attendance_records begin
     insert into attendance_daily_counts (date, status, school_id, n)
       values (new.date, new.status, coalesce(new.school_id, 0), 1)
       on conflict (date, status, school_id) do update set n = n + 1;
     insert into attendance_school_totals (school_id, n) values (coalesce(new.school_id, 0), 1)
       on conflict (school_id) do update set n = n + 1;
   end`,
  `create trigger attendance_counts_ad after delete on attendance_records begin
     update attendance_daily_counts set n = n - 1
       where date = old.date and status = old.status and school_id = coalesce(old.school_id, 0);
     update attendance_school_totals set n = n - 1 where school_id = coalesce(old.school_id, 0);
   end`,
  `create trigger attendance_counts_au after update of date, status, school_id on attendance_records
   when old.date is not new.date or old.status is not new.status or old.school_id is not new.school_id begin
     update attendance_daily_counts set n = n - 1
       where date = old.date and status = old.status and school_id = coalesce(old.school_id, 0);
     insert into attendance_daily_counts (date, status, school_id, n)
       values (new.date, new.status, coalesce(new.school_id, 0), 1)
       on conflict (date, status, school_id) do update set n = n + 1;
     update attendance_school_totals set n = n - 1 where school_id = coalesce(old.school_id, 0);
     insert into attendance_school_totals (school_id, n) values (coalesce(new.school_id, 0), 1)
       on conflict (school_id) do update set n = n + 1;
   end`,
];

/** Adds `delta` rows (a select of date, status, school_id, k) to both rollups, in key order. */
const pgApply = (delta: string) => `
    insert into attendance_daily_counts as c (date, status, school_id, n)
      select date, status, school_id, sum(k) from (${delta}) d
      group by date, status, school_id having sum(k) <> 0 order by date, status, school_id
      on conflict (date, status, school_id) do update set n = c.n + excluded.n;
    insert into attendance_school_totals as t (school_id, n)
      select school_id, sum(k) from (${delta}) d
      group by school_id having sum(k) <> 0 order by school_id
      on conflict (school_id) do update set n = t.n + excluded.n;`;
const NEW_ROWS = 'select date, status, coalesce(school_id, 0) as school_id, 1 as k from new_rows';
const OLD_ROWS = 'select date, status, coalesce(school_id, 0) as school_id, -1 as k from old_rows';

const PG_FUNCTION = `create or replace function attendance_counts_apply() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then ${pgApply(NEW_ROWS)}
    elsif tg_op = 'DELETE' then ${pgApply(OLD_ROWS)}
    elsif tg_op = 'UPDATE' then ${pgApply(`${NEW_ROWS} union all ${OLD_ROWS}`)}
    else
      delete from attendance_daily_counts;
      delete from attendance_school_totals;
    end if;
    return null;
  end $$`;

const PG_TRIGGERS = [
  `create trigger attendance_counts_ai after insert on attendance_records
     referencing new table as new_rows for each statement execute function attendance_counts_apply()`,
  `create trigger attendance_counts_au after update on attendance_records
     referencing old table as old_rows new table as new_rows for each statement execute function attendance_counts_apply()`,
  `create trigger attendance_counts_ad after delete on attendance_records
     referencing old table as old_rows for each statement execute function attendance_counts_apply()`,
  `create trigger attendance_counts_at after truncate on attendance_records
     for each statement execute function attendance_counts_apply()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  // SQLite: WITHOUT ROWID keeps each rollup row in its primary-key b-tree (one lookup per upsert).
  const clustered = pg ? '' : ' without rowid';
  await sql
    .raw(
      `create table attendance_daily_counts (date text not null, status text not null, school_id integer not null,
         n integer not null, primary key (date, status, school_id))${clustered}`,
    )
    .execute(db);
  await sql
    .raw(`create table attendance_school_totals (school_id integer not null primary key, n integer not null)${clustered}`)
    .execute(db);
  await db.schema
    .createIndex('attendance_daily_counts_school_idx')
    .on('attendance_daily_counts')
    .columns(['school_id', 'date'])
    .execute();

  await sql`insert into attendance_daily_counts (date, status, school_id, n)
    select date, status, coalesce(school_id, 0), count(*) from attendance_records group by date, status, coalesce(school_id, 0)`.execute(
    db,
  );
  await sql`insert into attendance_school_totals (school_id, n)
    select coalesce(school_id, 0), count(*) from attendance_records group by coalesce(school_id, 0)`.execute(db);

  if (pg) await sql.raw(PG_FUNCTION).execute(db);
  for (const t of pg ? PG_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(t).execute(db);

  // History pages in their order (newest day, then newest record), all schools or one, read from an index.
  // SQLite ends every index with the rowid (= id), so its (school_id, date) index of 0006 already serves one school.
  await db.schema.createIndex('attendance_date_id_idx').on('attendance_records').columns(['date', 'id']).execute();
  if (pg) {
    await db.schema
      .createIndex('attendance_school_date_id_idx')
      .on('attendance_records')
      .columns(['school_id', 'date', 'id'])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.dropIndex('attendance_school_date_id_idx').ifExists().execute();
  await db.schema.dropIndex('attendance_date_id_idx').ifExists().execute();
  for (const name of ['attendance_counts_ai', 'attendance_counts_au', 'attendance_counts_ad', 'attendance_counts_at']) {
    await sql.raw(`drop trigger if exists ${name}${pg ? ' on attendance_records' : ''}`).execute(db);
  }
  if (pg) await sql`drop function if exists attendance_counts_apply()`.execute(db);
  await db.schema.dropTable('attendance_school_totals').ifExists().execute();
  await db.schema.dropTable('attendance_daily_counts').ifExists().execute();
}
