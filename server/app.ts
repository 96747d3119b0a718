import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { AppConfig } from '@core/config';
import { createDb, migrateToLatest, type DB } from '@core/db/index';
import { connectionErrorHandler, errorHandler } from '@core/http/error-handler';
import { UploadStore } from '@core/uploads/uploads';
import { JobRunner } from '@core/jobs';
import { authPlugin } from '@core/auth/plugin';
import { securityHeadersPlugin } from '@core/http/security-headers';
import { compressionOptions, compressionPlugin } from '@core/http/compression';
import { FEATURES, registerRoutes, UPLOAD_COLUMNS } from './features/index';
import { registerCataloguePage } from './features/inquiries';
import { createRealtime } from '@core/realtime';
import { deploymentKey } from '@core/deployment';
import { ensureSuperAdmin } from './features/auth';
import { scheduleUploadAudit } from '@core/uploads/upload-audit';
import { contractPlugin } from '@core/http/contract';
import { createSecretBox, loadSecretKey } from '@core/secrets/secrets';
import { verifySecretsKey } from '@core/secrets/secrets-key-check';
import { REDACTED, requestForLog } from '@core/http/log-redaction';
import { loadPlugin } from '@core/http/load';
import { openapiPlugin } from '@core/http/openapi';
import { SessionCache } from '@core/auth/session-cache';
import { createRevocationRelay } from '@core/auth/revocation-relay';
import { createLimitStore, useLimitStore } from '@core/auth/limit-store';
import { systemClock, type Clock } from '@core/time/clock';
import { MemoryHitCounter } from '@core/http/not-available';
import { NOT_AVAILABLE_WINDOW_MS } from '@domain/devices/device-claims';
import './types';

export interface BuildOptions {
  /** Use this database instead of opening one from config (tests share one per file). */
  db?: DB;
  /** Called for every route as it is registered (tests audit the whole route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The server's clock (core/time/clock.ts): the system clock unless a test moves it or a simulation (npm run demo) runs it. */
  clock?: Clock;
}

/** Secrets never reach the logs, whatever logs them. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.apiKey',
  '*.accessToken',
  '*.token',
];

/** TRUST_PROXY as Fastify takes it: a hop count becomes "the first n hops", addresses stay a list; never `true`. */
function trustedProxies(trust: AppConfig['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the whole server (API, live updates, uploads, static site) without listening. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: REDACTED },
      serializers: { req: requestForLog },
    },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Slow clients: a request must arrive whole within requestTimeout (uploads are the longest; JSON bodies
    // have their own, shorter limit in core/http/contract.ts), an idle keep-alive socket closes after 10 s.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs + 10_000,
    keepAliveTimeout: 10_000,
    // Node checks the request and header timeouts of open connections every 30 s by default, so a slow
    // upload could run 30 s past REQUEST_TIMEOUT_MS; checked every second, it is cut within a second of it.
    http: { connectionsCheckingInterval: 1000 },
    // A request cut off that way (or never valid HTTP) is answered in the API's failure shape too.
    clientErrorHandler: connectionErrorHandler,
    // Errors the router raises before any handler (an undecodable URL such as /api/x/%E0%A4%A) get the
    // API's failure shape too, not Fastify's default { error, code, statusCode } body.
    frameworkErrors: (err, _request, reply) => {
      const message = err.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : err.message;
      void (reply as FastifyReply).status(400).send({ success: false, message });
    },
  });
  // Headers must arrive within 20 s (Node's default is a minute).
  app.server.headersTimeout = Math.min(20_000, config.requestTimeoutMs);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  const db = opts.db ?? createDb(config);
  await migrateToLatest(db, config.databaseUrl ? config.pgSchema : undefined);
  await ensureSuperAdmin(db, config, app.log);

  app.decorate('config', config);
  app.decorate('db', db);
  const clock = opts.clock ?? systemClock;
  app.decorate('clock', clock);
  app.decorate('uploads', new UploadStore(config.uploadDir));
  app.decorate('unavailableCounter', new MemoryHitCounter(NOT_AVAILABLE_WINDOW_MS));
  // The sign-in limits' counters: shared by every process through Redis when REDIS_URL is set.
  const limitStore = await createLimitStore({ ...config, log: app.log });
  useLimitStore(db, limitStore);
  app.addHook('onClose', () => limitStore.close());
  const sessionCache = new SessionCache(db, config.sessionCacheMs, config.sessions, clock);
  const relay = await createRevocationRelay({ ...config, log: app.log, onReconnect: () => sessionCache.clear() });
  if (relay) sessionCache.useRelay(relay);
  if (relay) {
    // A reply that revoked sessions leaves only once the other nodes have been sent the revocation.
    app.addHook('onSend', (_request, _reply, payload, done) => {
      const published = relay.published();
      if (!published) return done(null, payload);
      void published.then(() => done(null, payload));
    });
  }
  app.decorate('sessionCache', sessionCache);
  app.addHook('onClose', () => sessionCache.close());
  app.decorate(
    'realtime',
    await createRealtime(
      app.server,
      db,
      app.log,
      config.redisUrl,
      config.liveSessionCheckMs,
      `socket.io:${deploymentKey(config)}`,
      clock,
    ),
  );
  app.decorate('secrets', createSecretBox(loadSecretKey(config)));
  await verifySecretsKey(db, app.secrets);
  // Each feature's own work (the tap intake, the outbox worker, the absence job), stopped before the database.
  const stops = FEATURES.map((feature) => feature.setup?.(app)).filter((stop) => !!stop);
  app.decorate('jobs', new JobRunner(db, app.log));
  app.addHook('onClose', async () => {
    await app.jobs.drain();
    for (const stop of stops) await stop();
    await app.realtime.close();
    if (!opts.db) await db.destroy();
  });

  const staticDir = config.staticDir && fs.existsSync(config.staticDir) ? config.staticDir : undefined;
  await app.register(securityHeadersPlugin, { staticDir });
  // Before the routes and the static files (its hook must be in place when they are registered).
  await app.register(compressionPlugin, compressionOptions);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      success: false,
      message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  // Per-route limits come from each route's config.upload (server/core/uploads/upload-pipeline.ts).
  await app.register(multipart);
  await app.register(authPlugin);
  await app.register(loadPlugin);
  await app.register(contractPlugin);
  // Before the routes: the document is built from every route registered after it.
  if (config.apiDocs) await app.register(openapiPlugin, { open: config.publicApiDocs });

  app.setErrorHandler(errorHandler);

  // Uploaded files: generated names only, served with a safe content type. The folder must exist first.
  fs.mkdirSync(config.uploadDir, { recursive: true, mode: 0o700 });
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  });

  await registerRoutes(app);

  // Upload files no record references are removed, and records whose file is gone reported: at startup, then daily.
  let uploadAudit: ReturnType<typeof scheduleUploadAudit> | undefined;
  app.addHook('onReady', async () => {
    uploadAudit = scheduleUploadAudit(db, config.uploadDir, UPLOAD_COLUMNS, app.log);
  });
  app.addHook('onClose', async () => uploadAudit?.stop());
  app.decorate('startupWork', async () => {
    await app.ready();
    await uploadAudit?.firstRun;
  });

  if (staticDir) {
    // /systems carries its catalogue (the only page the server adds to); every other page is sent as built.
    if (fs.existsSync(path.join(staticDir, 'systems', 'index.html'))) registerCataloguePage(app, staticDir);
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      redirect: false,
      extensions: ['html'],
      // .br/.gz written after the build (scripts/compress-dist.mjs) are sent when the browser accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res: { setHeader(name: string, value: string): void }, filePath: string) => {
        // Astro's /_astro/ files carry a content hash in their names: cache them for good; pages revalidate.
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}_astro${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    } as never);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || !staticDir) {
      return reply.status(404).send({ success: false, message: 'Not found' });
    }
    // The console is a client-routed app: every deep link gets its shell.
    if (request.method === 'GET' && /^\/(super-admin(\/|$)|home$|admin-management$)/.test(url)) {
      return reply.type('text/html').sendFile('super-admin/index.html', staticDir);
    }
    // The school admin's console.
    if (request.method === 'GET' && /^\/admin(\/|$)/.test(url)) {
      return reply.type('text/html').sendFile('admin/index.html', staticDir);
    }
    const notFoundPage = path.join(staticDir, '404.html');
    if (fs.existsSync(notFoundPage)) return reply.status(404).type('text/html').sendFile('404.html', staticDir);
    return reply.status(404).send('Not found');
  });

  return app;
}
