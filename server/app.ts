import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import helmet from '@fastify/helmet';
import { ZodError } from 'zod';
import type { AppConfig } from './config';
import { createDb, migrateToLatest, type DB } from './db/index';
import { AppError } from './lib/errors';
import { fieldErrors } from '../src/domain/validation';
import { UploadStore } from './services/uploads';
import { authPlugin } from './plugins/auth';
import { registerRoutes } from './routes/index';
import { createRealtime } from './realtime';
import { ensureSuperAdmin } from './services/bootstrap';
import { scheduleAbsenceJob } from './services/absence-job';
import { MAX_MULTIPART_FILE } from './lib/multipart';
import './types';

export interface BuildOptions {
  /** Use this database instead of opening one from config (tests share one per file). */
  db?: DB;
  /** Called for every route as it is registered (tests audit the whole route table with it). */
  onRoute?: (route: RouteOptions) => void;
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

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
/**
 * PostgreSQL refusing a value itself: NUL or untranslatable characters in text, a number out of range,
 * text that is no value of the column's type (a number the driver sent as '1e+308' for an integer).
 */
function isRejectedValue(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  return code === '22021' || code === '22P05' || code === '22003' || code === '22P02';
}

/** Builds the whole server (API, live updates, uploads, static site) without listening. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACT, censor: '[REDACTED]' } },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors the router raises before any handler (an undecodable URL such as /api/x/%E0%A4%A) get the
    // API's failure shape too, not Fastify's default { error, code, statusCode } body.
    frameworkErrors: (err, _request, reply) => {
      const message = err.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : err.message;
      void (reply as FastifyReply).status(400).send({ success: false, message });
    },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  const db = opts.db ?? createDb(config);
  await migrateToLatest(db, config.databaseUrl ? config.pgSchema : undefined);
  await ensureSuperAdmin(db, config, app.log);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('uploads', new UploadStore(config.uploadDir));
  app.decorate('realtime', await createRealtime(app.server, db, app.log, config.redisUrl, config.liveSessionCheckMs));
  const absenceJob = config.absenceJob ? scheduleAbsenceJob(db, app.realtime, config.schoolTimezone, app.log) : null;
  app.addHook('onClose', async () => {
    absenceJob?.stop();
    await app.realtime.close();
    if (!opts.db) await db.destroy();
  });

  await app.register(helmet, {
    // Astro inlines its small hydration scripts and styles, so inline stays allowed; everything else
    // (scripts, frames, objects, form targets, other origins) is locked to this site.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      success: false,
      message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(multipart, { limits: { fileSize: MAX_MULTIPART_FILE, files: 20 } });
  await app.register(authPlugin);

  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ success: false, message: err.message, errors: err.errors });
    }
    if (err instanceof ZodError) {
      const errors = fieldErrors(err);
      return reply.status(400).send({ success: false, message: Object.values(errors)[0] ?? 'Invalid input', errors });
    }
    if (isUniqueViolation(err)) {
      return reply.status(409).send({ success: false, message: 'A record with these details already exists' });
    }
    if (isForeignKeyViolation(err)) {
      return reply.status(400).send({ success: false, message: 'A referenced record does not exist' });
    }
    if (isRejectedValue(err)) {
      return reply.status(400).send({ success: false, message: 'The request has text or numbers that cannot be stored' });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.message.includes('JSON')
          ? 'Malformed JSON body'
          : err.message;
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, message: 'Something went wrong on our side. Please try again.' });
  });

  // Uploaded files: generated names only, served with a safe content type. The folder must exist first.
  fs.mkdirSync(config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  });

  await registerRoutes(app);

  const staticDir = config.staticDir && fs.existsSync(config.staticDir) ? config.staticDir : undefined;
  if (staticDir) {
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
    const notFoundPage = path.join(staticDir, '404.html');
    if (fs.existsSync(notFoundPage)) return reply.status(404).type('text/html').sendFile('404.html', staticDir);
    return reply.status(404).send('Not found');
  });

  return app;
}
