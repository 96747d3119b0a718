import { PostgresAdapter, sql, type Kysely } from 'kysely';

/*
 * Student counts whose cost does not grow with the roll. student_counts (is_archived, is_active,
 * school_id, n) holds the students per archive state, active flag and school (no school counts under 0), so the
 * student list's total and the dashboard's active students and top schools read a few hundred rows instead of
 * walking 100k index entries (twice per dashboard before). Kept by TRIGGERS on students, as 0022 keeps the
 * attendance rollups: every writer (create, import, archive, restore, deactivate, a school deleted (SET NULL), a
 * cascade) is covered without knowing about it.
 * Row triggers on both stores: students change seldom and a few at a time, and PostgreSQL's WHEN clause skips the
 * updates that change none of the three columns (a messenger stamp, a name) without calling the function.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const add = (row: 'new' | 'old', delta: 1 | -1, pg: boolean) =>
  `insert into student_counts ${pg ? 'as c ' : ''}(is_archived, is_active, school_id, n)
     values (${row}.is_archived, ${row}.is_active, coalesce(${row}.school_id, 0), ${delta})
     on conflict (is_archived, is_active, school_id) do update set n = ${pg ? 'c.n' : 'n'} + ${delta};`;

const SQLITE_TRIGGERS = [
  `create trigger student_counts_ai after insert on students begin ${add('new', 1, false)} end`,
  `create trigger student_counts_ad after delete on students begin ${add('old', -1, false)} end`,
  `create trigger student_counts_au after update of is_archived, is_active, school_id on students
   when old.is_archived is not new.is_archived or old.is_active is not new.is_active or old.school_id is not new.school_id
   begin ${add('old', -1, false)} ${add('new', 1, false)} end`,
];

const PG_FUNCTION = `create or replace function student_counts_apply() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then ${add('old', -1, true)} end if;
    if tg_op in ('UPDATE', 'INSERT') then ${add('new', 1, true)} end if;
    return null;
  end $$`;

const PG_TRIGGERS = [
  `create trigger student_counts_ai after insert on students for each row execute function student_counts_apply()`,
  `create trigger student_counts_ad after delete on students for each row execute function student_counts_apply()`,
  `create trigger student_counts_au after update of is_archived, is_active, school_id on students for each row
   when (old.is_archived is distinct from new.is_archived or old.is_active is distinct from new.is_active
         or old.school_id is distinct from new.school_id)
   execute function student_counts_apply()`,
  `create trigger student_counts_at after truncate on students for each statement execute function student_counts_clear()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  await sql
    .raw(
      `create table student_counts (is_archived integer not null, is_active integer not null, school_id integer not null,
         n integer not null, primary key (is_archived, is_active, school_id))${pg ? '' : ' without rowid'}`,
    )
    .execute(db);
  await sql`insert into student_counts (is_archived, is_active, school_id, n)
    select is_archived, is_active, coalesce(school_id, 0), count(*) from students
    group by is_archived, is_active, coalesce(school_id, 0)`.execute(db);
  if (pg) {
    await sql.raw(PG_FUNCTION).execute(db);
    await sql
      .raw(
        `create or replace function student_counts_clear() returns trigger language plpgsql as $$
           begin delete from student_counts; return null; end $$`,
      )
      .execute(db);
  }
  for (const t of pg ? PG_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(t).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const name of ['student_counts_ai', 'student_counts_au', 'student_counts_ad', 'student_counts_at']) {
    await sql.raw(`drop trigger if exists ${name}${pg ? ' on students' : ''}`).execute(db);
  }
  if (pg) {
    await sql`drop function if exists student_counts_apply()`.execute(db);
    await sql`drop function if exists student_counts_clear()`.execute(db);
  }
  await db.schema.dropTable('student_counts').ifExists().execute();
}
