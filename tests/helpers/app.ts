import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
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

/** One statement on its own connection to the PostgreSQL database at `url` (a schema created or dropped). */
export async function pgQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A real Fastify instance on a real, empty database: a temp SQLite file, or a fresh schema of the
 * PostgreSQL database named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { dbPlugins = [], ...build }: Omit<BuildOptions, 'db'> & { /** e.g. a statement counter */ dbPlugins?: KyselyPlugin[] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const config = testConfig(dataDir, overrides);
  const url = process.env.TEST_DATABASE_URL;
  let schema: string | undefined;
  if (url) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    await pgQuery(url, `create schema ${schema}`);
  }
  const db = createDb({ databaseUrl: url, sqliteFile: config.sqliteFile, pgSchema: schema });
  const app = await buildApp(
    { ...config, databaseUrl: url, pgSchema: schema },
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
      if (url && schema) await pgQuery(url, `drop schema ${schema} cascade`);
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

/** Builds a multipart/form-data body (spec §7: a `data` JSON part plus file parts, or plain fields). */
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
