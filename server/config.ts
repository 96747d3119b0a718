import { randomBytes } from 'node:crypto';
import path from 'node:path';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  uploadDir: string;
  /** postgres://… selects PostgreSQL; undefined → SQLite file in dataDir */
  databaseUrl?: string;
  /** PostgreSQL schema to use instead of public (tests) */
  pgSchema?: string;
  /** SQLite file path (ignored with databaseUrl) */
  sqliteFile: string;
  superAdminEmail: string;
  superAdminPassword?: string;
  redisUrl?: string;
  smsGatewayUrl: string;
  graphApiUrl: string;
  schoolTimezone: string;
  /** Directory of the built Astro site; undefined → API only (tests) */
  staticDir?: string;
  /** scrypt cost; tests lower it to keep suites fast */
  scryptCost: number;
  /** Per-IP limits: sign-in attempts and public form posts per window */
  rateLimits: { loginPerMinute: number; loginPerEmailPer15Min: number; publicFormsPerMinute: number };
  logLevel: string;
  trustProxy: boolean;
  /** AES-256-GCM key for secrets at rest (SECRETS_KEY, base64 of 32 bytes); unset → DATA_DIR/secret.key */
  secretsKey?: string;
  /** Shared secret of POST /api/webhooks/sms (SMS_WEBHOOK_SECRET); unset → derived from the secrets key */
  smsWebhookSecret?: string;
  /** Messenger webhook: verify token (GET) and app secret (X-Hub-Signature-256 of POST) */
  messengerVerifyToken?: string;
  messengerAppSecret?: string;
  outbox: OutboxConfig;
}

/** The notification outbox worker (server/services/outbox/). */
export interface OutboxConfig {
  /** OUTBOX_WORKER=0 turns the worker off in this process (another process sends). */
  enabled: boolean;
  pollMs: number;
  batchSize: number;
  /** Messages of a batch sent at the same time (OUTBOX_CONCURRENCY). */
  concurrency: number;
  /** Attempts before a message is FAILED (OUTBOX_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Backoff: base * 2^(attempt-1), capped, with jitter (OUTBOX_BASE_DELAY_MS / OUTBOX_MAX_DELAY_MS). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a claimed row stays claimed; a crashed worker's rows are taken again after it. */
  leaseMs: number;
  /** Timeout of one call to the SMS gateway or the Graph API. */
  sendTimeoutMs: number;
}

/** Environment → typed config with safe defaults (ARCHITECTURE.md "Configuration"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const dbUrl = env.DATABASE_URL?.trim();
  return {
    port: Number(env.PORT ?? 4321),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    databaseUrl: dbUrl && /^postgres(ql)?:\/\//.test(dbUrl) ? dbUrl : undefined,
    sqliteFile: path.join(dataDir, 'app.db'),
    superAdminEmail: env.SUPER_ADMIN_EMAIL ?? 'superadmin@example.com',
    superAdminPassword: env.SUPER_ADMIN_PASSWORD || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smsGatewayUrl: env.SMS_GATEWAY_URL ?? 'https://api.httpsms.com',
    graphApiUrl: env.GRAPH_API_URL ?? 'https://graph.facebook.com/v25.0',
    schoolTimezone: env.SCHOOL_TIMEZONE ?? 'Asia/Manila',
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    scryptCost: Number(env.SCRYPT_COST ?? 16384),
    rateLimits: {
      loginPerMinute: Number(env.LOGIN_RATE_PER_MINUTE ?? 10),
      loginPerEmailPer15Min: Number(env.LOGIN_RATE_PER_EMAIL ?? 10),
      publicFormsPerMinute: Number(env.PUBLIC_FORM_RATE_PER_MINUTE ?? 5),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1',
    secretsKey: env.SECRETS_KEY || undefined,
    smsWebhookSecret: env.SMS_WEBHOOK_SECRET || undefined,
    messengerVerifyToken: env.MESSENGER_VERIFY_TOKEN || undefined,
    messengerAppSecret: env.MESSENGER_APP_SECRET || undefined,
    outbox: {
      enabled: env.OUTBOX_WORKER !== '0',
      pollMs: Number(env.OUTBOX_POLL_MS ?? 1000),
      batchSize: Number(env.OUTBOX_BATCH ?? 20),
      concurrency: Number(env.OUTBOX_CONCURRENCY ?? 5),
      maxAttempts: Number(env.OUTBOX_MAX_ATTEMPTS ?? 6),
      baseDelayMs: Number(env.OUTBOX_BASE_DELAY_MS ?? 5000),
      maxDelayMs: Number(env.OUTBOX_MAX_DELAY_MS ?? 600_000),
      leaseMs: Number(env.OUTBOX_LEASE_MS ?? 60_000),
      sendTimeoutMs: Number(env.SMS_SEND_TIMEOUT_MS ?? 10_000),
    },
  };
}

/** A config for tests: temp data dir, no static site, cheap hashing, quiet logs. */
export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ DATA_DIR: dataDir, SCRYPT_COST: '1024', LOG_LEVEL: 'silent' });
  return {
    ...base,
    staticDir: undefined,
    superAdminPassword: 'SuperSecret123',
    superAdminEmail: 'root@school.test',
    databaseUrl: undefined,
    // Tests that exercise the worker turn it on (and shorten its timings) themselves.
    outbox: { ...base.outbox, enabled: false },
    ...overrides,
  };
}

export const generatedPassword = () => randomBytes(12).toString('base64url');
