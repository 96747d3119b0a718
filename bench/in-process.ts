/*
 * A bench's own app in this process (buildApp + app.inject) on a fresh database: SQLite in a temp dir, or
 * PostgreSQL (DATABASE_URL) in a fresh schema; signed in as the super admin. `close` removes it all.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { testConfig } from '../tests/helpers/config';
import { createDb } from '@core/db/index';
import { SUPER_ADMIN } from '../tests/helpers/app';
import { TOKEN_REQUEST_HEADER, TOKEN_REQUEST_VALUE } from '@domain/auth';
import { createPgSchema, dropPgSchema } from './lib';

export async function inProcessApp(prefix: string, schoolNow: Date) {
  const url = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  const schema = url ? await createPgSchema(url, prefix) : undefined;
  const config = testConfig(dataDir, { databaseUrl: url, pgSchema: schema });
  const db = createDb({ databaseUrl: url, sqliteFile: config.sqliteFile, pgSchema: schema });
  const app = await buildApp(config, { db, clock: { now: () => schoolNow } });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/super-admin/login',
    headers: { [TOKEN_REQUEST_HEADER]: TOKEN_REQUEST_VALUE },
    payload: SUPER_ADMIN,
  });
  const headers = { authorization: `Bearer ${login.json().data.token}` };
  return {
    app,
    db,
    store: url ? 'PostgreSQL' : 'SQLite',
    call: (method: 'GET' | 'POST' | 'PUT', u: string, payload?: object) => app.inject({ method, url: u, headers, payload }),
    async close() {
      await app.close();
      await db.destroy();
      if (url && schema) await dropPgSchema(url, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
