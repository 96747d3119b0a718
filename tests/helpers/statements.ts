import SQLite from 'better-sqlite3';
import pg from 'pg';
import { vi } from 'vitest';
import { dbKind } from './app';

/*
 * What a piece of work costs the database: every statement, counted where it leaves the process
 * (pg's Client.query, better-sqlite3's Statement run/all/get/iterate), transaction control included.
 */

/** Whether each statement of the last `statementsOf` was sent as a named (prepared) statement; PostgreSQL only. */
export let named: boolean[] = [];
/** The text and values of each statement of the last `statementsOf`, as sent (to EXPLAIN one of them). */
export let sent: { text: string; values: unknown[] }[] = [];

/** Every statement sent to the database while `fn` runs, reduced to its verb and table ("insert rfid_taps"). */
export async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  named = [];
  sent = [];
  const spies =
    dbKind === 'postgres'
      ? [
          vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
            const q = args[0];
            const text = typeof q === 'string' ? q : (q as { text: string }).text;
            named.push(typeof q === 'object' && !!(q as { name?: string }).name);
            sent.push({
              text,
              values: ((typeof q === 'string' ? args[1] : (q as { values?: unknown[] }).values) as unknown[]) ?? [],
            });
            return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
          }),
        ]
      : (['run', 'all', 'get', 'iterate'] as const).map((m) =>
          vi.spyOn(statementProto, m).mockImplementation(function (this: SQLite.Statement, ...args: unknown[]) {
            sent.push({ text: this.source, values: args.flat() });
            return (sqliteOriginals[m] as (...a: unknown[]) => unknown).apply(this, args) as never;
          }),
        );
  try {
    await fn();
  } finally {
    for (const s of spies) s.mockRestore();
  }
  return sent.map((s) => shortSql(s.text));
}

const original = pg.Client.prototype.query;
const statementProto = Object.getPrototypeOf(new SQLite(':memory:').prepare('select 1')) as SQLite.Statement;
const sqliteOriginals = {
  run: statementProto.run,
  all: statementProto.all,
  get: statementProto.get,
  iterate: statementProto.iterate,
};

/** "begin", "commit", or the verb and the first table named: enough to read the list, stable across dialects. */
export function shortSql(sql: string): string {
  const s = sql.trim().toLowerCase().replace(/\s+/g, ' ');
  if (/^(begin|commit|rollback)/.test(s)) return s.split(' ')[0]!;
  // One statement of data-modifying CTEs (PostgreSQL's tap writes): the tables it writes.
  if (s.startsWith('with ') && /\b(insert into|update) /.test(s))
    return `write ${[...new Set([...s.matchAll(/(?:insert into|update) "?([a-z_]+)"?/g)].map((m) => m[1]))].join(' + ')}`;
  const verb = s.split(' ')[0]!;
  // A select of several tables' rows (PostgreSQL's one read of a tap): the tables it reads from (not the functions,
  // `unnest(…)`, `json_to_recordset(…)`).
  if (verb === 'select')
    return `select ${[...new Set([...s.matchAll(/ from "?([a-z_]+)"?(?![a-z_(])/g)].map((m) => m[1]))].join(' + ')}`;
  const table = /(?:from|into|update) "?([a-z_]+)"?/.exec(s)?.[1] ?? '?';
  return `${verb} ${table}`;
}
