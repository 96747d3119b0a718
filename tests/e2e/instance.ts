/**
 * A spec's OWN instance of the real server (buildApp, the built site from E2E_STATIC_DIR, a fresh SQLite file)
 * on a free port, for specs that need exact whole-database numbers or rows no API creates yet (attendance,
 * notifications). Seeded through that app's own database handle.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext } from '@playwright/test';
import { buildApp } from '../../server/app';
import { loadConfig } from '@core/config';
import { E2E_STATIC_DIR } from './env';
import { TOKEN_REQUEST_HEADER, TOKEN_REQUEST_VALUE } from '@domain/auth';
import { CSRF_COOKIES, ROLE_COOKIES } from '@domain/auth/roles';
import { csrfFor } from '@core/auth/browser-session';
import { createSession } from '@core/auth/sessions';

export interface Instance {
  app: FastifyInstance;
  base: string;
  /** A bearer token of the root super admin, for direct API calls. */
  token: string;
  /** Signs a browser context in as the root super admin (the server's cookies land in the context). */
  signInBrowser(context: BrowserContext): Promise<void>;
  /** Signs a browser context in as the school admin `adminId`, with the cookies a sign-in sets. */
  signInAdmin(context: BrowserContext, adminId: number): Promise<void>;
  close(): Promise<void>;
}

export async function startInstance(
  opts: { root: { email: string; password: string }; timeZone: string; prefix: string; env?: Record<string, string> },
  seed: (app: FastifyInstance) => Promise<void>,
): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), opts.prefix));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STATIC_DIR: path.resolve(E2E_STATIC_DIR),
    SUPER_ADMIN_EMAIL: opts.root.email,
    SUPER_ADMIN_PASSWORD: opts.root.password,
    SCHOOL_TIMEZONE: opts.timeZone,
    LOG_LEVEL: 'warn',
    ABSENCE_JOB: '0',
    // As in the API tests: load shedding is not what these specs test, and a busy machine must not fail them (503).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...opts.env,
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await app.inject({
    method: 'POST',
    url: '/api/super-admin/login',
    headers: { [TOKEN_REQUEST_HEADER]: TOKEN_REQUEST_VALUE },
    payload: opts.root,
  });
  const token = login.json().data.token as string;
  await seed(app);
  /** A session of its own, with the cookies a sign-in would set, but no LOGIN in the fixture's log. */
  async function signIn(context: BrowserContext, role: 'SUPER_ADMIN' | 'ADMIN', userId: number) {
    const session = await createSession(app.db, role, userId, {}, app.config.sessions);
    await context.addCookies([
      { name: ROLE_COOKIES[role], value: session.token, url: base, httpOnly: true, sameSite: 'Strict' },
      { name: CSRF_COOKIES[role], value: csrfFor(session.token), url: base, sameSite: 'Strict' },
    ]);
  }
  return {
    app,
    base,
    token,
    async signInBrowser(context) {
      const root = await app.db
        .selectFrom('superAdmins')
        .select('id')
        .where('email', '=', opts.root.email)
        .executeTakeFirstOrThrow();
      await signIn(context, 'SUPER_ADMIN', root.id);
    },
    signInAdmin: (context, adminId) => signIn(context, 'ADMIN', adminId),
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
