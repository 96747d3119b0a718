import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { copySqliteTemplate, createPgDatabase } from './template-db';
import { pgQuery } from './pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { buildApp, type BuildOptions } from '../../server/app';
import type { AppConfig } from '@core/config';
import { testConfig } from './config';
import { createDb } from '@core/db/index';
import { TOKEN_REQUEST_HEADER, TOKEN_REQUEST_VALUE } from '@domain/auth';

export const SUPER_ADMIN = { email: 'root@school.test', password: 'SuperSecret123' };

/** Which database the API tests run on: PostgreSQL when TEST_DATABASE_URL is set, else a temp SQLite file. */
export const dbKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export { pgQuery };

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A real Fastify instance on a real, empty database: a copy of the run's migrated template (a temp SQLite file,
 * or a database of TEST_DATABASE_URL's PostgreSQL server, dropped on close).
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { dbPlugins = [], ...build }: Omit<BuildOptions, 'db'> & { /** e.g. a statement counter */ dbPlugins?: KyselyPlugin[] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const config = testConfig(dataDir, overrides);
  const pgServer = process.env.TEST_DATABASE_URL;
  const pgDb = pgServer ? await createPgDatabase(pgServer) : null;
  if (!pgDb) await copySqliteTemplate(config.sqliteFile);
  const databaseUrl = pgDb?.url;
  const pgSchema = pgDb?.schema;
  const db = createDb({ databaseUrl, sqliteFile: config.sqliteFile, pgSchema });
  const app = await buildApp(
    { ...config, databaseUrl, pgSchema },
    { ...build, db: dbPlugins.reduce<typeof db>((d, p) => d.withPlugin(p), db) },
  );
  await app.ready();
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.destroy();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The header by which a sign-in asks for a bearer token in data.token (as scripts do) instead of cookies. */
export const WANT_TOKEN = { [TOKEN_REQUEST_HEADER]: TOKEN_REQUEST_VALUE };

/** Signs in the first super admin and returns its bearer token. */
export async function loginSuperAdmin(app: FastifyInstance, creds = SUPER_ADMIN): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/super-admin/login', headers: WANT_TOKEN, payload: creds });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

/** inject with a bearer token. */
export function as(token: string) {
  return (app: FastifyInstance, opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...(opts.headers ?? {}), authorization: `Bearer ${token}` } });
}

/** Builds a multipart/form-data body (a `data` JSON part plus file parts, or plain fields). */
export function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string }>,
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.content, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
