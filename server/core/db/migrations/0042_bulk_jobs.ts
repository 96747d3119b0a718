import { PostgresAdapter, type Kysely } from 'kysely';

/*
 * bulk_jobs: work on many records done in the background (archive every learner a filter matches, message their
 * parents), with its progress for the screen that started it.
 * - kind, school_id (null: every school), actor_role/actor_id: who started it (only they read its progress);
 * - status RUNNING → DONE or FAILED; total and done: how far it is; message: what it does, then its outcome;
 * - updated_at: its last progress (a RUNNING job silent for a minute was stopped by a restart).
 * Runs on SQLite and PostgreSQL alike (no app imports).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('bulk_jobs')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('school_id', 'integer')
    .addColumn('actor_role', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('bulk_jobs_status_idx').on('bulk_jobs').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bulk_jobs').execute();
}
