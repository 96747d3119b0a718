import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { pgQuery, TEMPLATE_SCHEMA, withDatabase } from './pg';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file each test app starts from (a copy). */
    sqliteTemplate: string;
    /** A migrated PostgreSQL database each test app's database is created from, when TEST_DATABASE_URL is set. */
    pgTemplate: string | null;
  }
}

/** What the run's global setup provided (vitest is loaded here only: e2e specs import helpers beside this one). */
async function provided() {
  const { inject } = await import('vitest');
  return { sqliteTemplate: inject('sqliteTemplate'), pgTemplate: inject('pgTemplate') };
}

/** A fresh, migrated SQLite file at `file`: a copy of the run's template. */
export async function copySqliteTemplate(file: string): Promise<void> {
  fs.copyFileSync((await provided()).sqliteTemplate, file);
}

/**
 * A fresh, migrated PostgreSQL database on the server of `url`, created from the run's template: its URL and
 * schema, and how to drop it.
 */
export async function createPgDatabase(url: string): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const template = (await provided()).pgTemplate;
  if (!template) throw new Error('no PostgreSQL template: TEST_DATABASE_URL was not set when the run started');
  // Named after the run's template: the run's teardown drops them all once every worker has exited.
  const name = `${template}_${randomBytes(6).toString('hex')}`;
  await pgQuery(url, `create database ${name} template ${template}`);
  // A throwaway database: a commit need not wait for its WAL to reach the disk (as SQLite's tests run on a RAM disk).
  await pgQuery(url, `alter database ${name} set synchronous_commit = off`);
  return {
    url: withDatabase(url, name),
    schema: TEMPLATE_SCHEMA,
    // Dropped with the run (tests/helpers/global-setup.ts): a client another part of the app still holds would be
    // cut off by a drop now, and its error would surface in whatever test runs next.
    drop: async () => {},
  };
}

/**
 * An empty PostgreSQL database on the server of `url` with an empty schema, for a test whose server processes
 * migrate it themselves. A database of its own, not a schema beside other tests' ones: Kysely's migrator lists the
 * tables of every schema of its database, and another test dropping its schema meanwhile fails that listing.
 */
export async function createEmptyPgDatabase(url: string): Promise<{ url: string; schema: string }> {
  const template = (await provided()).pgTemplate;
  if (!template) throw new Error('no PostgreSQL template: TEST_DATABASE_URL was not set when the run started');
  // Named after the run's template, so the run's teardown drops it with the others.
  const name = `${template}_empty_${randomBytes(6).toString('hex')}`;
  await pgQuery(url, `create database ${name}`);
  await pgQuery(withDatabase(url, name), `create schema ${TEMPLATE_SCHEMA}`);
  return { url: withDatabase(url, name), schema: TEMPLATE_SCHEMA };
}
