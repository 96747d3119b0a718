import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The schema a test database's tables live in (the app runs with PG_SCHEMA set to it). */
export const TEMPLATE_SCHEMA = 'app';

/** One statement on its own connection to the PostgreSQL database at `url`. */
export async function pgQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A fresh, migrated SQLite file at `file`: a copy of the run's template. */
export function copySqliteTemplate(file: string): void {
  fs.copyFileSync(inject('sqliteTemplate'), file);
}

/**
 * A fresh, migrated PostgreSQL database on the server of `url`, created from the run's template: its URL and
 * schema, and how to drop it.
 */
export async function createPgDatabase(url: string): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const template = inject('pgTemplate');
  if (!template) throw new Error('no PostgreSQL template: TEST_DATABASE_URL was not set when the run started');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await pgQuery(url, `create database ${name} template ${template}`);
  return {
    url: withDatabase(url, name),
    schema: TEMPLATE_SCHEMA,
    drop: () => pgQuery(url, `drop database if exists ${name} with (force)`),
  };
}
