import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '@domain/attendance';

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
  /** smtp:// or smtps:// URL of the mail server that sends staff password-reset links; undefined → no e-mail resets. */
  smtpUrl?: string;
  /** The From address of those e-mails. */
  mailFrom: string;
  /** The site's public address (https://school.example); reset links are built from it, never from a request's Host. */
  siteUrl?: string;
  smsGatewayUrl: string;
  graphApiUrl: string;
  schoolTimezone: string;
  /** Same card at the same reader within this many seconds: recorded, no attendance change. */
  tapDebounceSeconds: number;
  /** A tap at least this many minutes after the check-in is the check-out. */
  checkoutMinMinutes: number;
  /** A gate station's pairing code works this many minutes (on the school clock). */
  gatePairingMinutes: number;
  /** A tap received more than this many minutes after its time, not from its reader's own buffer, is a late replay. */
  lateReplayMinutes: number;
  /** ZKTeco push requests per minute a reader (its serial) and a source address may make; above: 429 + Retry-After. */
  zktecoRate: { perReaderPerMinute: number; perAddressPerMinute: number };
  /** Run the absence job in this process (every minute; claims through the database, so several may run). */
  absenceJob: boolean;
  /** How often this process runs the absence job (seconds; 60 = on every minute). */
  absenceJobSeconds: number;
  /** How often live sockets are re-checked against their sessions (revoked, expired, deactivated). */
  liveSessionCheckMs: number;
  /** How long a validated session is kept in memory (ms; 0 = read on every request). Revocations clear it at once. */
  sessionCacheMs: number;
  /** How long a session lasts unused (idle) and at most (absolute), staff and learners apart. */
  sessions: SessionLifetimes;
  /** Directory of the built Astro site; undefined → API only (tests) */
  staticDir?: string;
  /** scrypt cost; tests lower it to keep suites fast */
  scryptCost: number;
  /** Per-IP limits: sign-in attempts and public form posts per window */
  rateLimits: { loginPerMinute: number; loginPerEmailPer15Min: number; publicFormsPerMinute: number };
  /**
   * Once an account has `loginPerEmailPer15Min` failures, addresses it never signed in from get one
   * attempt per this many ms (server/core/auth/login-throttle.ts).
   */
  loginSlowdownMs: number;
  logLevel: string;
  /**
   * Which X-Forwarded-For hops to believe: a hop count (1 = the proxy in front of us) or the proxies'
   * addresses/CIDRs; false = none. Never "every hop": a client could then pick its own address.
   */
  trustProxy: false | number | string[];
  /** GET /api/openapi.json and the reference page at /api/docs (API_DOCS=0 turns both off) */
  apiDocs: boolean;
  /** The document and its page without a session (PUBLIC_API_DOCS=1); otherwise a super admin's or school admin's. */
  publicApiDocs: boolean;
  /** A JSON body must arrive within this time (ms), or the connection is closed (slow-body clients). */
  jsonBodyTimeoutMs: number;
  /** A whole request (uploads are the longest) must arrive within this time (ms). */
  requestTimeoutMs: number;
  /** Above this event-loop delay (ms) the server answers 503 instead of queueing more work (0 = never). */
  maxEventLoopDelayMs: number;
  /** How often the load is sampled (ms; tests make it short) */
  pressureSampleMs?: number;
  /** AES-256-GCM key for secrets at rest (SECRETS_KEY, base64 of 32 bytes); unset → DATA_DIR/secret.key */
  secretsKey?: string;
  /** Shared secret of POST /api/webhooks/sms (SMS_WEBHOOK_SECRET); unset → derived from the secrets key */
  smsWebhookSecret?: string;
  /**
   * The webhook token's `iss` (httpSMS signs 'api.httpsms.com', self-hosted too) and `aud`: the webhook URL as
   * entered in httpSMS (SMS_WEBHOOK_AUDIENCE); unset → any URL whose path is /api/webhooks/sms.
   */
  smsWebhookIssuer: string;
  smsWebhookAudience?: string;
  /** Messenger webhook: verify token (GET) and app secret (X-Hub-Signature-256 of POST) */
  messengerVerifyToken?: string;
  messengerAppSecret?: string;
  /** How many days a parent's m.me opt-in link stays valid (MESSENGER_OPTIN_TTL_DAYS; each link binds once) */
  messengerOptInTtlDays: number;
  outbox: OutboxConfig;
}

/** Session lifetimes in ms (SESSION_IDLE_HOURS_STAFF, SESSION_IDLE_HOURS_STUDENT, SESSION_MAX_HOURS_…). */
export interface SessionLifetimes {
  staffIdleMs: number;
  studentIdleMs: number;
  staffMaxMs: number;
  studentMaxMs: number;
}

/** The notification outbox worker (server/features/outbox/). */
export interface OutboxConfig {
  /** OUTBOX_WORKER=0 turns the worker off in this process (another process sends). */
  enabled: boolean;
  pollMs: number;
  /**
   * OUTBOX_GATHER_MS: after a pass that took less than a full batch, the worker waits this long before the next, so
   * the notices arriving meanwhile go out together (a pass's fixed cost shared) rather than a pass each.
   */
  gatherMs: number;
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
  /**
   * OUTBOX_ATTENDANCE_EXPIRY: an attendance notice not sent by then is EXPIRED, never sent late. null = the end of
   * the school's local day of the event (the default, 'end-of-day'); a number = that many hours after the event.
   */
  attendanceExpiryHours: number | null;
  /**
   * ATTENDANCE_NOTICE_MAX_DELAY: an arrival or departure notice not sent within this many minutes of the tap is
   * EXPIRED (when that comes before the rule above).
   */
  noticeMaxDelayMinutes: number;
  /**
   * OUTBOX_FRESH_WINDOW_SECONDS: a school's messages whose event is this recent go first, oldest first; older ones
   * after them, newest first (the rule in server/features/outbox/urgency.ts). 0 = newest first only.
   */
  freshWindowSeconds: number;
}

/** A bad setting: one line naming the variable and what it expects. main.ts prints it and exits with 1. */
export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** An address or CIDR (10.0.0.0/8, ::1/128) or one of proxy-addr's names (loopback…). */
const isProxyAddress = (entry: string) => {
  if (PROXY_KEYWORDS.includes(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

const whole = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `a whole number from ${min} to ${max}`);
const text = z.string().trim().min(1, 'a value (leave it unset for the default)');
const httpUrl = text.refine((v) => /^https?:\/\/\S+$/.test(v), 'an http:// or https:// URL');

/** Every environment variable the server reads, what it must look like, and its default. */
const envSchema = z.object({
  PORT: whole(1, 65535).default(4321),
  HOST: text.default('0.0.0.0'),
  DATA_DIR: text.default('./data'),
  UPLOAD_DIR: text.optional(),
  STATIC_DIR: text.default('dist'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || /^postgres(ql)?:\/\/\S+$/.test(v), 'empty (SQLite) or a postgres:// URL')
    .optional(),
  SUPER_ADMIN_EMAIL: text.default('superadmin@example.com'),
  SUPER_ADMIN_PASSWORD: z.string().optional(),
  REDIS_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || /^rediss?:\/\/\S+$/.test(v), 'empty or a redis:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || /^smtps?:\/\/\S+$/.test(v), 'empty (no e-mail) or an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: text.default('no-reply@localhost'),
  SITE_URL: httpUrl.optional(),
  SMS_GATEWAY_URL: httpUrl.default('https://api.httpsms.com'),
  GRAPH_API_URL: httpUrl.default('https://graph.facebook.com/v25.0'),
  SCHOOL_TIMEZONE: text.refine(isTimeZone, 'an IANA time zone such as Asia/Manila').default('Asia/Manila'),
  SCRYPT_COST: whole(1024)
    .refine((n) => (n & (n - 1)) === 0, 'a power of two of at least 1024')
    .default(16384),
  LOGIN_RATE_PER_MINUTE: whole(1).default(10),
  LOGIN_RATE_PER_EMAIL: whole(1).default(10),
  LOGIN_SLOWDOWN_SECONDS: whole(0, 3600).default(30),
  PUBLIC_FORM_RATE_PER_MINUTE: whole(1).default(5),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || /^\d{1,2}$/.test(v) || v.split(',').every((e) => isProxyAddress(e.trim())),
      'a hop count (1 = one proxy in front) or a comma-separated list of proxy addresses/CIDRs',
    )
    .optional(),
  API_DOCS: z.enum(['0', '1'], { error: '0 (off) or 1 (on)' }).default('1'),
  PUBLIC_API_DOCS: z.enum(['0', '1'], { error: '0 (staff only) or 1 (anyone)' }).default('0'),
  JSON_BODY_TIMEOUT_MS: whole(100).default(30_000),
  REQUEST_TIMEOUT_MS: whole(1000).default(120_000),
  MAX_EVENT_LOOP_DELAY_MS: whole(0).default(1000),
  SECRETS_KEY: text
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'the base64 of 32 random bytes (openssl rand -base64 32)')
    .optional(),
  SMS_WEBHOOK_SECRET: text.optional(),
  SMS_WEBHOOK_ISSUER: text.default('api.httpsms.com'),
  SMS_WEBHOOK_AUDIENCE: httpUrl.optional(),
  MESSENGER_VERIFY_TOKEN: text.optional(),
  MESSENGER_APP_SECRET: text.optional(),
  MESSENGER_OPTIN_TTL_DAYS: whole(1, 90).default(7),
  OUTBOX_WORKER: z.enum(['0', '1'], { error: '0 (off) or 1 (on)' }).default('1'),
  OUTBOX_POLL_MS: whole(10).default(1000),
  OUTBOX_GATHER_MS: whole(0, 1000).default(50),
  OUTBOX_BATCH: whole(1, 1000).default(50),
  OUTBOX_CONCURRENCY: whole(1, 100).default(5),
  OUTBOX_MAX_ATTEMPTS: whole(1, 100).default(6),
  OUTBOX_BASE_DELAY_MS: whole(1).default(5000),
  OUTBOX_MAX_DELAY_MS: whole(1).default(600_000),
  OUTBOX_LEASE_MS: whole(100).default(60_000),
  OUTBOX_ATTENDANCE_EXPIRY: z
    .union([z.literal('end-of-day'), whole(1, 168)], { error: "'end-of-day' or a whole number of hours from 1 to 168" })
    .default('end-of-day'),
  OUTBOX_FRESH_WINDOW_SECONDS: whole(0, 86_400).default(300),
  ATTENDANCE_NOTICE_MAX_DELAY: whole(1, 10_080).default(30),
  SMS_SEND_TIMEOUT_MS: whole(100).default(10_000),
  TAP_DEBOUNCE_SECONDS: whole(0, 86_400).default(60),
  CHECKOUT_MIN_MINUTES: whole(0, 1440).default(30),
  TAP_LATE_REPLAY_MINUTES: whole(1, 1440).default(10),
  GATE_PAIRING_MINUTES: whole(1, 525_600).default(10),
  ZKTECO_RATE_PER_READER: whole(1).default(240),
  ZKTECO_RATE_PER_ADDRESS: whole(1).default(1200),
  ABSENCE_JOB: z.enum(['0', '1'], { error: '0 (off) or 1 (on)' }).default('1'),
  ABSENCE_JOB_SECONDS: whole(1, 3600).default(60),
  LIVE_SESSION_CHECK_MS: whole(100).default(15_000),
  SESSION_CACHE_MS: whole(0, 60_000).default(5000),
  SESSION_IDLE_HOURS_STAFF: whole(1, 8760).default(12),
  SESSION_IDLE_HOURS_STUDENT: whole(1, 8760).default(720),
  SESSION_MAX_HOURS_STAFF: whole(1, 8760).default(168),
  SESSION_MAX_HOURS_STUDENT: whole(1, 8760).default(2160),
  /** A PostgreSQL schema instead of public (tests and benches isolate their runs). */
  PG_SCHEMA: z
    .string()
    .trim()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case schema name')
    .optional(),
});

function trustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (!value || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((e) => e.trim());
}

const HOUR_MS = 3_600_000;

const LOOPBACK_HOST = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost)$/i;

/**
 * A hop count believes the last N X-Forwarded-For entries whoever sent them: on an address clients can reach
 * directly, a client writes its own header and chooses its address (passing a reader's allowed networks and the
 * per-address limits). Only a server listening on loopback is reached through the proxy alone.
 */
function assertProxyTrustIsSafe(trust: string | undefined, host: string): void {
  if (!trust || !/^\d+$/.test(trust) || trust === '0' || LOOPBACK_HOST.test(host)) return;
  throw new ConfigError(
    `Invalid TRUST_PROXY=${JSON.stringify(trust)} with HOST=${JSON.stringify(host)}: a client connecting directly could ` +
      `choose its own address with X-Forwarded-For. List the proxy's addresses instead (TRUST_PROXY=127.0.0.1 or ` +
      `TRUST_PROXY=10.0.0.5,10.0.0.6), or listen on loopback only (HOST=127.0.0.1).`,
  );
}

/** Environment → typed config with safe defaults (ARCHITECTURE.md "Configuration"). Throws ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Unset and empty are the same: the default.
  const given = Object.fromEntries(Object.entries(env).filter(([k, v]) => k in envSchema.shape && v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name])}: expected ${issue.message}`);
  }
  const e = parsed.data;
  assertProxyTrustIsSafe(e.TRUST_PROXY, e.HOST);
  if (e.SMTP_URL && !e.SITE_URL) {
    throw new ConfigError(
      `Invalid SITE_URL=${JSON.stringify(env.SITE_URL)}: expected the site's https:// address (SMTP_URL is set, and reset links are built from it)`,
    );
  }
  for (const who of ['STAFF', 'STUDENT'] as const) {
    if (e[`SESSION_IDLE_HOURS_${who}`] > e[`SESSION_MAX_HOURS_${who}`]) {
      throw new ConfigError(
        `Invalid SESSION_IDLE_HOURS_${who}=${e[`SESSION_IDLE_HOURS_${who}`]}: expected at most SESSION_MAX_HOURS_${who} ` +
          `(${e[`SESSION_MAX_HOURS_${who}`]}), the longest a session lasts however much it is used`,
      );
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    databaseUrl: e.DATABASE_URL || undefined,
    pgSchema: e.PG_SCHEMA,
    sqliteFile: path.join(dataDir, 'app.db'),
    superAdminEmail: e.SUPER_ADMIN_EMAIL,
    superAdminPassword: e.SUPER_ADMIN_PASSWORD || undefined,
    redisUrl: e.REDIS_URL || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    siteUrl: e.SITE_URL?.replace(/\/+$/, ''),
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    graphApiUrl: e.GRAPH_API_URL,
    schoolTimezone: e.SCHOOL_TIMEZONE,
    tapDebounceSeconds: e.TAP_DEBOUNCE_SECONDS,
    checkoutMinMinutes: e.CHECKOUT_MIN_MINUTES,
    gatePairingMinutes: e.GATE_PAIRING_MINUTES,
    lateReplayMinutes: e.TAP_LATE_REPLAY_MINUTES,
    zktecoRate: { perReaderPerMinute: e.ZKTECO_RATE_PER_READER, perAddressPerMinute: e.ZKTECO_RATE_PER_ADDRESS },
    absenceJob: e.ABSENCE_JOB === '1',
    absenceJobSeconds: e.ABSENCE_JOB_SECONDS,
    liveSessionCheckMs: e.LIVE_SESSION_CHECK_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    sessions: {
      staffIdleMs: e.SESSION_IDLE_HOURS_STAFF * HOUR_MS,
      studentIdleMs: e.SESSION_IDLE_HOURS_STUDENT * HOUR_MS,
      staffMaxMs: e.SESSION_MAX_HOURS_STAFF * HOUR_MS,
      studentMaxMs: e.SESSION_MAX_HOURS_STUDENT * HOUR_MS,
    },
    staticDir: path.resolve(e.STATIC_DIR),
    scryptCost: e.SCRYPT_COST,
    rateLimits: {
      loginPerMinute: e.LOGIN_RATE_PER_MINUTE,
      loginPerEmailPer15Min: e.LOGIN_RATE_PER_EMAIL,
      publicFormsPerMinute: e.PUBLIC_FORM_RATE_PER_MINUTE,
    },
    loginSlowdownMs: e.LOGIN_SLOWDOWN_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxy(e.TRUST_PROXY),
    apiDocs: e.API_DOCS === '1',
    publicApiDocs: e.PUBLIC_API_DOCS === '1',
    jsonBodyTimeoutMs: e.JSON_BODY_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    secretsKey: e.SECRETS_KEY,
    smsWebhookSecret: e.SMS_WEBHOOK_SECRET,
    smsWebhookIssuer: e.SMS_WEBHOOK_ISSUER,
    smsWebhookAudience: e.SMS_WEBHOOK_AUDIENCE,
    messengerVerifyToken: e.MESSENGER_VERIFY_TOKEN,
    messengerAppSecret: e.MESSENGER_APP_SECRET,
    messengerOptInTtlDays: e.MESSENGER_OPTIN_TTL_DAYS,
    outbox: {
      enabled: e.OUTBOX_WORKER === '1',
      pollMs: e.OUTBOX_POLL_MS,
      gatherMs: e.OUTBOX_GATHER_MS,
      batchSize: e.OUTBOX_BATCH,
      concurrency: e.OUTBOX_CONCURRENCY,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      baseDelayMs: e.OUTBOX_BASE_DELAY_MS,
      maxDelayMs: e.OUTBOX_MAX_DELAY_MS,
      leaseMs: e.OUTBOX_LEASE_MS,
      sendTimeoutMs: e.SMS_SEND_TIMEOUT_MS,
      attendanceExpiryHours: e.OUTBOX_ATTENDANCE_EXPIRY === 'end-of-day' ? null : e.OUTBOX_ATTENDANCE_EXPIRY,
      freshWindowSeconds: e.OUTBOX_FRESH_WINDOW_SECONDS,
      noticeMaxDelayMinutes: e.ATTENDANCE_NOTICE_MAX_DELAY,
    },
  };
}

/** loadConfig for the process entry points: a bad setting prints its one line and exits with code 1. */
export function checkConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

export const generatedPassword = () => randomBytes(12).toString('base64url');
