import type { AppConfig } from '@core/config';
import type { DB } from '@core/db/index';
import type { UploadStore } from '@core/uploads/uploads';
import type { Actor } from '@core/audit-log';
import type { Realtime } from '@core/realtime';
import type { SecretBox } from '@core/secrets/secrets';
import type { SessionCache } from '@core/auth/session-cache';
import type { Clock } from '@core/time/clock';
import type { AuthContext } from '@core/auth/context';
import type { RoutePermission } from '@domain/admins/console';
import type { AdminScope } from '@core/auth/admin-scope';
import type { HitCounter } from '@core/http/not-available';
import type { JobRunner } from '@core/jobs';

/** What core adds to Fastify; each feature declares its own additions next to its decorate call (its setup.ts). */
declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: DB;
    /** The school clock (core/time/clock.ts): taps, absences, notice expiry and "today" follow it */
    clock: Clock;
    uploads: UploadStore;
    /** Background jobs on many records, with their progress (core/jobs.ts) */
    jobs: JobRunner;
    realtime: Realtime;
    /** Encrypts/decrypts secrets at rest (device API keys, page tokens) */
    secrets: SecretBox;
    /** Validated sessions for a few seconds; revocations clear them on every node (server/core/auth/session-cache.ts) */
    sessionCache: SessionCache;
    /** Resolves when the work started with the server (the first upload audit) is done: tests that count statements wait for it. */
    startupWork(): Promise<void>;
    /** "Not available" answers per admin and school (core/http/not-available.ts) */
    unavailableCounter: HitCounter;
    /** preHandler: 401 without a live session, 403 when the session's role is not SUPER_ADMIN */
    requireSuperAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user of a live session (null when none or invalid) */
    auth: AuthContext | null;
    /** Who is acting, for the system log */
    actor(): Actor;
    /** The school admin of an /api/admin request (server/core/auth/admin-scope.ts); null elsewhere */
    admin: AdminScope | null;
  }
  interface FastifyContextConfig {
    /** What an /api/admin route demands (server/core/auth/admin-scope.ts); every route there declares one */
    permission?: RoutePermission;
  }
}
