import { sql, type Kysely } from 'kysely';

/*
 * Every row written to any table of a test database, journalled by triggers: "a refused request wrote nothing"
 * is then one small query, however large the database has grown, instead of a copy of every table. A row counts
 * only when a value really changed (an UPDATE to the same values is no write), rolled-back writes leave no
 * journal row (the triggers write in the request's transaction), and a session's use stamps are not changes.
 */

const JOURNAL = 'audit_journal';
/** Columns whose changes are not data a request wrote (a session's use is stamped whatever the request). */
const IGNORED: Record<string, string[]> = { sessions: ['last_seen_at', 'idle_expires_at'] };

export interface JournalMark {
  seq: number;
}

export interface JournalChanges {
  /** Tables with a row inserted, changed or deleted since the mark (sorted, each once). */
  tables: string[];
  /** Actions of the system-log rows written since the mark. */
  logActions: string[];
  /** A system-log row was changed or deleted: the log only grows. */
  logRewritten: boolean;
}

export interface ChangeJournal {
  /** Every journalled table. */
  tables: string[];
  mark(): Promise<JournalMark>;
  since(mark: JournalMark): Promise<JournalChanges>;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Installs the journal's table and triggers on every table of `db` (the app's own schema on PostgreSQL). */
export async function installChangeJournal(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables are walked by name, not by type
  db: Kysely<any>,
  postgres: { schema: string } | null,
): Promise<ChangeJournal> {
  const tables = (await db.introspection.getTables())
    .filter((t) => !t.isView && (!postgres || t.schema === postgres.schema) && t.name !== JOURNAL)
    .map((t) => ({ name: t.name, columns: t.columns.map((c) => c.name) }));
  const run = (text: string) => sql.raw(text).execute(db);
  const changed = (columns: string[]) => columns.map((c) => `old.${q(c)} is distinct from new.${q(c)}`).join(' or ');

  if (postgres) {
    const s = q(postgres.schema);
    await run(`create table ${s}.${JOURNAL} (seq bigserial primary key, tbl text not null, op text not null)`);
    await run(
      `create function ${s}.audit_note() returns trigger language plpgsql as $$ begin ` +
        `insert into ${s}.${JOURNAL}(tbl, op) values (TG_TABLE_NAME, left(TG_OP, 1)); return null; end $$`,
    );
    for (const { name, columns } of tables) {
      const t = `${s}.${q(name)}`;
      const kept = columns.filter((c) => !IGNORED[name]?.includes(c));
      await run(`create trigger audit_w after insert or delete on ${t} for each row execute function ${s}.audit_note()`);
      await run(
        `create trigger audit_u after update on ${t} for each row when (${changed(kept)}) execute function ${s}.audit_note()`,
      );
    }
  } else {
    await run(`create table ${JOURNAL} (seq integer primary key autoincrement, tbl text not null, op text not null)`);
    for (const { name, columns } of tables) {
      const t = q(name);
      const note = (op: string) => `insert into ${JOURNAL}(tbl, op) values ('${name}', '${op}');`;
      const kept = columns.filter((c) => !IGNORED[name]?.includes(c));
      await run(`create trigger ${q(`audit_i_${name}`)} after insert on ${t} begin ${note('I')} end`);
      await run(`create trigger ${q(`audit_d_${name}`)} after delete on ${t} begin ${note('D')} end`);
      // SQLite's `is not` is its null-safe "is distinct from".
      await run(
        `create trigger ${q(`audit_u_${name}`)} after update on ${t} when ${changed(kept).replace(/is distinct from/g, 'is not')} begin ${note('U')} end`,
      );
    }
  }

  return {
    tables: tables.map((t) => t.name),
    async mark() {
      const { rows } = await sql<{ seq: number | string | null }>`select max(seq) as seq from ${sql.table(JOURNAL)}`.execute(db);
      return { seq: Number(rows[0]?.seq ?? 0) };
    },
    async since(mark) {
      const { rows } = await sql<{ tbl: string; op: string }>`
        select tbl, op from ${sql.table(JOURNAL)} where seq > ${mark.seq} order by seq`.execute(db);
      const logRows = rows.filter((r) => r.tbl === 'system_logs');
      const inserted = logRows.filter((r) => r.op === 'I').length;
      const actions = inserted
        ? (
            await sql<{ action: string }>`
              select action from system_logs order by id desc limit ${inserted}`.execute(db)
          ).rows
            .map((r) => r.action)
            .reverse()
        : [];
      return {
        tables: [...new Set(rows.map((r) => r.tbl))].sort(),
        logActions: actions,
        logRewritten: logRows.some((r) => r.op !== 'I'),
      };
    },
  };
}
