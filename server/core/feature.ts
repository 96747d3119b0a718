import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UploadColumn } from './uploads/upload-audit';

/**
 * A feature as the app wiring sees it (server/features/<name>/index.ts exports one): the work it runs with the
 * server and its routes. server/features/index.ts lists them; server/app.ts sets them up and registers them.
 */
export interface Feature {
  name: string;
  /**
   * Runs once the core parts are decorated (db, clock, realtime, secrets): decorates what the feature serves the
   * routes (a worker, an intake queue), starts its jobs, and returns how to stop them when the app closes.
   */
  setup?(app: FastifyInstance): (() => Promise<void> | void) | void;
  /** Routes whose callers prove themselves (sign-in, webhooks, RFID readers), each with its prefix. */
  open?: Array<{ routes: FastifyPluginAsyncZod; prefix?: string }>;
  /** Routes of the super-admin console: under /api/super-admin, behind a SUPER_ADMIN session. */
  superAdmin?: FastifyPluginAsyncZod[];
  /**
   * Routes of the school-admin console: under /api/admin, behind an ADMIN session; every route declares
   * `config.permission` (server/core/auth/admin-scope.ts) and answers for the admin's own school only.
   */
  admin?: FastifyPluginAsyncZod[];
  /** The columns of its rows that name uploaded files: the upload audit keeps their files (uploads/upload-audit.ts). */
  uploads?: UploadColumn[];
}
