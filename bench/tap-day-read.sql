-- A tap's read of its student's day record on PostgreSQL (issue #20, docs/benchmarks.md 2026-11-27):
--   psql postgres://postgres@127.0.0.1:5432/test -f bench/tap-day-read.sql
-- On a synthetic copy (its own schema, dropped at the end): 3,000 students, 60 analysed school days, and 2,999 of
-- today's records written after the ANALYZE (today is never in the statistics yet). Each form runs 8 times as one
-- prepared statement: executions 1-5 get custom plans, then PostgreSQL may switch to a generic one.
--   plain: the date as a constant (the tap read before 2026-11-27, morning);
--   keyed: the dates as a joined unnest column (2026-11-27, morning);
--   probe: one fenced LATERAL probe per (card, date) pair of a JSON list, the record by a row comparison that only
--          the unique (student_id, date) key serves (server/features/rfid/tap-lookups.ts, PG_TAP_READ, since the
--          afternoon of 2026-11-27). The last EXPLAIN of each form shows its generic plan, if PostgreSQL took one.
-- Read the index used, its rows and the execution time of each EXPLAIN.
\set ON_ERROR_STOP on
-- As the app's connections (server/core/db): the probe's estimate is high, and JIT would compile it on each run.
set jit = off;
drop schema if exists bench_day_read cascade;
create schema bench_day_read;
set search_path = bench_day_read;
create table students (id serial primary key, rfid_card_id text unique, grade_id int);
create table attendance_records (id serial primary key, student_id int not null, school_id int, date text not null,
  status text not null, check_in_at text, created_at text);
-- The indexes of attendance_records that lead with date or student (server/core/db/migrations 0001, 0022).
create unique index attendance_student_date_uq on attendance_records (student_id, date);
create index attendance_date_idx on attendance_records (date, status);
create index attendance_date_id_idx on attendance_records (date, id);
create index attendance_school_date_idx on attendance_records (school_id, date);
insert into students (rfid_card_id) select 'C' || g from generate_series(1, 3000) g;
insert into attendance_records (student_id, school_id, date, status)
  select s, 1, to_char(date '2026-09-01' + d, 'YYYY-MM-DD'), 'PRESENT' from generate_series(1, 3000) s, generate_series(0, 59) d;
analyze;
insert into attendance_records (student_id, school_id, date, status)
  select s, 1, '2026-11-27', 'PRESENT' from generate_series(2, 3000) s;
prepare plain(text, text) as
  select s.id, a.id from students s
  left join attendance_records a on a.student_id = s.id and a.date in ($1)
  where s.rfid_card_id in ($2);
prepare keyed(text[], text) as
  select s.id, a.id from students s
  join unnest($1::text[]) as day on true
  left join attendance_records a on a.student_id = s.id and a.date = day.day
  where s.rfid_card_id in ($2);
prepare probe(json) as
  select s.id, a.id from json_to_recordset($1) as f(card text, day text)
  join lateral (select s.id from students s where s.rfid_card_id = f.card offset 0) as s on true
  left join lateral (
    select a.id from attendance_records a
    where (a.student_id, a.date) >= (s.id, f.day) and (a.student_id, a.date) <= (s.id, f.day) offset 0
  ) as a on true;
\echo '== plain (date as a constant)'
select 'explain (analyze, costs off, timing off) execute plain(''2026-11-27'', ''C1500'')' from generate_series(1, 8) \gexec
\echo '== keyed (dates as a joined column)'
select 'explain (analyze, costs off, timing off) execute keyed(''{2026-11-27}'', ''C1500'')' from generate_series(1, 8) \gexec
\echo '== probe (a fenced probe per (card, date) pair; the current read)'
select 'explain (analyze, costs off, timing off) execute probe(''[{"card":"C1500","day":"2026-11-27"}]'')'
  from generate_series(1, 8) \gexec
drop schema bench_day_read cascade;
