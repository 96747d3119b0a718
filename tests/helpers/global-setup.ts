import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '@core/db/index';
import { pgQuery, TEMPLATE_SCHEMA, withDatabase } from './pg';

/**
 * Once per run: the database every test app starts from, migrated here once (an app's own start then finds
 * nothing to migrate). Each app gets a copy: a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-template-'));
  const sqliteTemplate = path.join(dir, 'template.db');
  const sqlite = createDb({ sqliteFile: sqliteTemplate });
  await migrateToLatest(sqlite);
  await sqlite.destroy();
  project.provide('sqliteTemplate', sqliteTemplate);

  const url = process.env.TEST_DATABASE_URL;
  let pgTemplate: string | null = null;
  if (url) {
    pgTemplate = `tmpl_${randomBytes(6).toString('hex')}`;
    await pgQuery(url, `create database ${pgTemplate}`);
    const db = createDb({ databaseUrl: withDatabase(url, pgTemplate), sqliteFile: '', pgSchema: TEMPLATE_SCHEMA });
    await pgQuery(withDatabase(url, pgTemplate), `create schema ${TEMPLATE_SCHEMA}`);
    await migrateToLatest(db, TEMPLATE_SCHEMA);
    await db.destroy();
  }
  project.provide('pgTemplate', pgTemplate);

  return async () => {
    if (url && pgTemplate) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
          `${pgTemplate}%`,
        ]);
        for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
      } finally {
        await client.end();
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
