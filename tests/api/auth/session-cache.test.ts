import fs from 'node:fs';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { as, createTestApp, dbKind, loginSuperAdmin, SUPER_ADMIN, type TestApp } from '../../helpers/app';
import { insertAdmin } from '../../helpers/schools';
import { testClock } from '../../helpers/clock';
import { freePort, startScript, waitFor, type ScriptProcess } from '../../helpers/processes';
import { createSession, revokeSession } from '@core/auth/sessions';
import { hashPassword } from '@core/auth/passwords';
import { nowIso } from '@core/time/time';
import { deploymentKey } from '@core/deployment';

/**
 * An authenticated request costs ONE statement for its session (session and user in one query), none
 * while the session is cached (SESSION_CACHE_MS), and a logout, password change or deactivation refuses the token
 * on the very next request. Across processes: tests/api/app/two-nodes.test.ts.
 */

/** Counts the statements the app runs (every executed query passes transformResult once). */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return args.result;
  }
}

const CACHE_MS = 600;

describe(`session lookup: one statement, cached, cleared at once (${dbKind})`, () => {
  let t: TestApp;
  const counter = new StatementCounter();
  /** The server's clock: sessions and the cache's entries expire when the test moves it on. */
  const clock = testClock();
  const profile = (token: string) => as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
  /** Status and statement count of one request. */
  const measured = async (request: () => Promise<{ statusCode: number }>) => {
    const before = counter.count;
    const { statusCode } = await request();
    return { status: statusCode, statements: counter.count - before };
  };
  const adminToken = async () => (await createSession(t.app.db, 'ADMIN', await insertAdmin(t.app, null))).token;

  beforeAll(async () => {
    t = await createTestApp({ sessionCacheMs: CACHE_MS }, { dbPlugins: [counter], clock });
    await t.app.startupWork(); // the startup upload audit's statements are not a request's
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.app.sessionCache.clear());

  it('a request costs one statement for its session, and none while the session is cached', async () => {
    const token = await loginSuperAdmin(t.app);
    // An ADMIN session on a super-admin route: the session lookup is the only statement (403 before the handler).
    const admin = await adminToken();
    const forbidden = () => as(admin)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    expect(await measured(forbidden)).toEqual({ status: 403, statements: 1 });
    expect(await measured(forbidden)).toEqual({ status: 403, statements: 0 });
    // GET /profile reads the profile: one statement of its own.
    expect(await measured(() => profile(token))).toEqual({ status: 200, statements: 2 });
    expect(await measured(() => profile(token))).toEqual({ status: 200, statements: 1 });
    // Unknown tokens are read every time (never cached: made-up tokens cannot push real sessions out).
    expect(await measured(() => profile('made-up-token'))).toEqual({ status: 401, statements: 1 });
    expect(await measured(() => profile('made-up-token'))).toEqual({ status: 401, statements: 1 });
    expect(t.app.sessionCache.size).toBe(2);
  });

  it('logout refuses the (cached) token on the very next request', async () => {
    const token = await loginSuperAdmin(t.app);
    expect(await measured(() => profile(token))).toEqual({ status: 200, statements: 2 });
    expect(await measured(() => profile(token))).toEqual({ status: 200, statements: 1 });
    expect((await as(token)(t.app, { method: 'POST', url: '/api/super-admin/logout' })).statusCode).toBe(200);
    expect((await profile(token)).statusCode).toBe(401);
  });

  it('a password change refuses the other (cached) sessions at once and keeps the caller’s', async () => {
    const mine = await loginSuperAdmin(t.app);
    const other = await loginSuperAdmin(t.app);
    for (const token of [mine, other]) {
      await profile(token);
      expect(await measured(() => profile(token))).toEqual({ status: 200, statements: 1 });
    }
    const change = (currentPassword: string, newPassword: string) =>
      as(mine)(t.app, { method: 'POST', url: '/api/super-admin/change-password', payload: { currentPassword, newPassword } });
    expect((await change(SUPER_ADMIN.password, 'AnotherSecret456')).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(mine)).statusCode).toBe(200);
    expect((await change('AnotherSecret456', SUPER_ADMIN.password)).statusCode).toBe(200);
  });

  it('deactivating an admin refuses its (cached) session on the very next request', async () => {
    const root = await loginSuperAdmin(t.app);
    const adminId = await insertAdmin(t.app, null);
    const { token } = await createSession(t.app.db, 'ADMIN', adminId);
    const call = () => as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' });
    expect(await measured(call)).toEqual({ status: 403, statements: 1 });
    expect(await measured(call)).toEqual({ status: 403, statements: 0 });
    const res = await as(root)(t.app, { method: 'DELETE', url: `/api/super-admin/admins/${adminId}` });
    expect(res.statusCode).toBe(200);
    expect(await measured(call)).toEqual({ status: 401, statements: 1 });
  });

  it('a cached session never outlives its expiry, and a change nobody signals shows within SESSION_CACHE_MS', async () => {
    const now = nowIso();
    const other = await t.app.db
      .insertInto('superAdmins')
      .values({
        email: `cache-${Date.now()}@school.test`,
        passwordHash: await hashPassword('whatever123', 1024),
        firstName: 'Cache',
        lastName: 'Root',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const short = await createSession(t.app.db, 'SUPER_ADMIN', other.id, {}, t.app.config.sessions, clock);
    await t.app.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(clock.now().getTime() + 250).toISOString() })
      .where('id', '=', short.sessionId)
      .execute();
    const long = await createSession(t.app.db, 'SUPER_ADMIN', other.id, {}, t.app.config.sessions, clock);
    expect((await profile(short.token)).statusCode).toBe(200);
    expect((await profile(long.token)).statusCode).toBe(200);
    // A row edited by hand sends no signal: the cached session still counts until the cache time runs out.
    await t.app.db.updateTable('superAdmins').set({ isActive: 0 }).where('id', '=', other.id).execute();
    expect((await profile(long.token)).statusCode).toBe(200);
    clock.advance(300);
    expect((await profile(short.token)).statusCode).toBe(401);
    clock.advance(CACHE_MS);
    expect((await profile(long.token)).statusCode).toBe(401);
  });

  // On SQLite a transaction holds the only connection: no request can read the session while it is being revoked.
  it.skipIf(dbKind !== 'postgres')(
    'a request read while the revoking transaction is open is not cached: after the commit the token is refused',
    async () => {
      const token = await loginSuperAdmin(t.app);
      const { sessionId } = await t.app.db
        .selectFrom('sessions')
        .select('id as sessionId')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect((await profile(token)).statusCode).toBe(200);
      await t.app.db.transaction().execute(async (trx) => {
        await revokeSession(trx, sessionId);
        // Not committed yet: another connection still reads the session as live.
        expect((await profile(token)).statusCode).toBe(200);
      });
      expect((await profile(token)).statusCode).toBe(401);
    },
  );
});

describe.skipIf(dbKind !== 'postgres')(
  'revocations reach another server process through PostgreSQL LISTEN/NOTIFY (no Redis)',
  () => {
    let t: TestApp;
    let node: ScriptProcess;
    let url: string;
    beforeAll(async () => {
      t = await createTestApp();
      // A second process on the same schema, without REDIS_URL, caching sessions for a long time.
      node = await startScript(
        'scripts/serve.ts',
        {
          ...process.env,
          PORT: '0',
          DATA_DIR: t.dataDir,
          DATABASE_URL: t.app.config.databaseUrl,
          PG_SCHEMA: t.app.config.pgSchema,
          REDIS_URL: '',
          SESSION_CACHE_MS: '60000',
          ABSENCE_JOB: '0',
          OUTBOX_WORKER: '0',
          LOG_LEVEL: 'warn',
          MAX_EVENT_LOOP_DELAY_MS: '0',
        },
        /PORT (\d+)/,
      );
      url = `http://127.0.0.1:${node.match[1]}`;
    }, 60_000);
    afterAll(async () => {
      await node?.stop();
      await t?.close();
    });
    const profileThere = async (token: string) =>
      (await fetch(`${url}/api/super-admin/profile`, { headers: { authorization: `Bearer ${token}` } })).status;

    it('a logout and a password change here refuse the tokens there on the very next request', async () => {
      const token = await loginSuperAdmin(t.app);
      expect(await profileThere(token)).toBe(200);
      expect(await profileThere(token)).toBe(200);
      expect((await as(token)(t.app, { method: 'POST', url: '/api/super-admin/logout' })).statusCode).toBe(200);
      expect(await profileThere(token)).toBe(401);

      const mine = await loginSuperAdmin(t.app);
      const other = await loginSuperAdmin(t.app);
      for (const tk of [mine, other]) expect(await profileThere(tk)).toBe(200);
      const change = (currentPassword: string, newPassword: string) =>
        as(mine)(t.app, { method: 'POST', url: '/api/super-admin/change-password', payload: { currentPassword, newPassword } });
      expect((await change(SUPER_ADMIN.password, 'AnotherSecret456')).statusCode).toBe(200);
      expect(await profileThere(other)).toBe(401);
      expect(await profileThere(mine)).toBe(200);
      expect((await change('AnotherSecret456', SUPER_ADMIN.password)).statusCode).toBe(200);
    });

    it('a lost relay connection is made again, and the next logout here still refuses the token there at once', async () => {
      const relayName = `session-relay ${deploymentKey(t.app.config)} ${process.pid}`.slice(0, 63);
      const relayBackends = async () =>
        (await pgRows<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [relayName])).map(
          (r) => r.pid,
        );
      const [before] = await relayBackends();
      expect(before).toEqual(expect.any(Number));
      // PostgreSQL ends this process's relay connection (a restart or a failover would too).
      await pgRows('select pg_terminate_backend($1)', [before]);
      await waitFor(
        async () => {
          const now = await relayBackends();
          return now.length === 1 && now[0] !== before;
        },
        15_000,
        'the relay connection made again',
      );

      const token = await loginSuperAdmin(t.app);
      expect(await profileThere(token)).toBe(200);
      expect(await profileThere(token)).toBe(200); // cached there
      expect((await as(token)(t.app, { method: 'POST', url: '/api/super-admin/logout' })).statusCode).toBe(200);
      expect(await profileThere(token)).toBe(401);
    });
  },
);

/** Rows of one statement on the test database (outside the app). */
async function pgRows<T>(text: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const REDIS_SERVER = '/usr/bin/redis-server';
if (!fs.existsSync(REDIS_SERVER)) console.warn(`[skip] session cache while Redis is down: no ${REDIS_SERVER}`);

describe.skipIf(!fs.existsSync(REDIS_SERVER))(`while Redis is down, sessions are read from the database (${dbKind})`, () => {
  let t: TestApp;
  let redis: ChildProcess | null = null;
  let port: number;
  const counter = new StatementCounter();
  const startRedis = async () => {
    redis = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitFor(
      () =>
        new Promise((resolve) =>
          net
            .connect(port, '127.0.0.1')
            .on('connect', function (this: net.Socket) {
              this.destroy();
              resolve(true);
            })
            .on('error', () => resolve(false)),
        ),
      5000,
      'redis-server',
    );
  };
  const stopRedis = async () => {
    const r = redis;
    redis = null;
    if (!r || r.exitCode !== null) return;
    r.kill('SIGKILL');
    await new Promise((resolve) => r.once('exit', resolve));
  };
  /** Statements one GET /profile costs: 1 (the profile) when the session comes from the cache, 2 otherwise. */
  const cost = async (token: string) => {
    const before = counter.count;
    expect((await as(token)(t.app, { method: 'GET', url: '/api/super-admin/profile' })).statusCode).toBe(200);
    return counter.count - before;
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    t = await createTestApp({ redisUrl: `redis://127.0.0.1:${port}`, sessionCacheMs: 60_000 }, { dbPlugins: [counter] });
    await t.app.startupWork();
  }, 30_000);
  afterAll(async () => {
    // The socket.io adapter's clients close cleanly only with Redis up (a failed test may leave it down).
    if (!redis) await startRedis();
    await t?.close();
    await stopRedis();
  });

  it('no session is served from the cache while revocations cannot arrive, and caching resumes when Redis is back', async () => {
    const token = await loginSuperAdmin(t.app);
    expect(await cost(token)).toBe(2);
    expect(await cost(token)).toBe(1);
    await stopRedis();
    await waitFor(async () => (await cost(token)) === 2, 5000, 'the cache to stand aside');
    expect(await cost(token)).toBe(2);
    expect(await cost(token)).toBe(2);
    await startRedis();
    await waitFor(async () => (await cost(token)) === 1, 15_000, 'the cache to come back');
    expect(await cost(token)).toBe(1);
  }, 40_000);
});
