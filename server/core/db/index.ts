import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations/index';

export type DB = Kysely<Database>;
/** Repositories take either the database or a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

// COUNT(*) and BIGINT come back from PostgreSQL as strings; numbers are what the code expects.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function createDb(opts: { databaseUrl?: string; sqliteFile: string; pgSchema?: string }): DB {
  const plugins = [new CamelCasePlugin()];
  if (opts.databaseUrl) {
    // pgSchema isolates a test run in its own schema of a shared database.
    // jit=off: JIT compiles a query whose estimated cost is high, 10–300 ms each time, to save time only on scans
    // of millions of rows, which this app never runs on a request (lists page by index, counts come from
    // rollups). A lookup the planner over-estimates (a JSON list counts as 100 rows; a tap's read planned with
    // real statistics was estimated at 282,000 and spent 26 ms compiling for a 0.1 ms run) paid it on every run.
    const options = ['-c jit=off', ...(opts.pgSchema ? [`-c search_path=${opts.pgSchema}`] : [])].join(' ');
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: withNamedStatements(new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options })),
      }),
      plugins,
    });
  }
  createPrivateFile(opts.sqliteFile);
  const sqlite = new SQLite(opts.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL: a commit is on disk before it is acknowledged. A reader that got its 200 never sends the tap again, so
  // NORMAL (which can lose the last commits on a power cut) would lose attendance. Group commit shares the fsync.
  sqlite.pragma('synchronous = FULL');
  // Lets the planner learn index selectivity (cheap; analyses only what changed a lot).
  sqlite.pragma('optimize = 0x10002');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins });
}

/**
 * Kysely prepares every query anew; preparing costs about as much as running a small indexed query (tap intake
 * runs 7 per tap: tests/api/rfid/tap-cost.test.ts). Keep the prepared statements of recent SQL texts (values are bound, so texts repeat) and
 * prepare a fresh one only when the cached one is still busy (a streamed query iterating it).
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, key, receiver) {
      if (key !== 'prepare') return Reflect.get(target, key, receiver) as unknown;
      return (source: string) => {
        const hit = cache.get(source);
        if (hit && !hit.busy) return hit;
        const stmt = prepare(source);
        if (!hit) {
          if (cache.size >= max) cache.delete(cache.keys().next().value!);
          cache.set(source, stmt);
        }
        return stmt;
      };
    },
  });
}

/** Named statements per connection: pg never deallocates them, so past this a connection sends unnamed ones. */
const NAMED_PER_CONNECTION = 200;
/** DML with explicit columns: `*` could change its result type across a migration ("cached plan must not change"). */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b[^*]*$/i;
const names = new Map<string, string | null>();

/**
 * Kysely sends every query unnamed: PostgreSQL parses and plans it on each round trip, several
 * times the cost of the same work as named statements (docs/benchmarks.md). Send the repeated DML named
 * (by a hash of its text), so each connection parses it once. Bounded per connection, as variable-length IN
 * lists give many texts; the count resets with the connection.
 */
function withNamedStatements(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const named = new Set<string>();
    client.query = function (this: pg.Client, ...args: unknown[]) {
      // The prototype's query, looked up on each call: tests spy on it (tests/api/rfid/tap-cost.test.ts).
      const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
      const [text, values] = args;
      if (typeof text === 'string' && (values === undefined || Array.isArray(values)) && args.length <= 2) {
        const name = nameOf(text);
        if (name && (named.has(name) || named.size < NAMED_PER_CONNECTION)) {
          named.add(name);
          return query.call(this, { name, text, values }) as never;
        }
      }
      return query.apply(this, args) as never;
    } as typeof client.query;
  });
  return pool;
}

function nameOf(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    name = NAMEABLE.test(text) ? `k${createHash('sha1').update(text).digest('base64url')}` : null;
    if (names.size >= 5000) names.delete(names.keys().next().value!);
    names.set(text, name);
  }
  return name;
}

/**
 * The data directory is the owner's only (0700) and the database file 0600: it holds password hashes, sessions
 * and students' data. SQLite gives its -wal and -shm files the database file's mode.
 */
export function createPrivateFile(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
}

/**
 * Runs a fixed SQL text (values bound as $n on PostgreSQL, ? on SQLite) as it is: no builder, no camel-case pass,
 * so the keys of the rows it returns are named in the text. For the few hot statements where building through
 * Kysely costs a noticeable share of the work (the tap path); everything else goes through Kysely.
 */
export async function runFixed<Row>(db: Executor, text: string, values: readonly unknown[]): Promise<Row[]> {
  return (await db.withoutPlugins().executeQuery<Row>(CompiledQuery.raw(text, [...values]))).rows;
}

export function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/** pgSchema: the PostgreSQL schema the app lives in (tests isolate each run in its own). */
export async function migrateToLatest(db: DB, pgSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
