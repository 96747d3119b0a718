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
  /** Same card at the same reader within this many seconds: recorded, no attendance change. */
  tapDebounceSeconds: number;
  /** A tap at least this many minutes after the check-in is the check-out. */
  checkoutMinMinutes: number;
  /** Run the absence job in this process (every minute; claims through the database, so several may run). */
  absenceJob: boolean;
  /** How often live sockets are re-checked against their sessions (revoked, expired, deactivated). */
  liveSessionCheckMs: number;
  /** Directory of the built Astro site; undefined → API only (tests) */
  staticDir?: string;
  /** scrypt cost; tests lower it to keep suites fast */
  scryptCost: number;
  /** Per-IP limits: sign-in attempts and public form posts per window */
  rateLimits: { loginPerMinute: number; loginPerEmailPer15Min: number; publicFormsPerMinute: number };
  logLevel: string;
  trustProxy: boolean;
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
    pgSchema: env.PG_SCHEMA || undefined,
    sqliteFile: path.join(dataDir, 'app.db'),
    superAdminEmail: env.SUPER_ADMIN_EMAIL ?? 'superadmin@example.com',
    superAdminPassword: env.SUPER_ADMIN_PASSWORD || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smsGatewayUrl: env.SMS_GATEWAY_URL ?? 'https://api.httpsms.com',
    graphApiUrl: env.GRAPH_API_URL ?? 'https://graph.facebook.com/v25.0',
    schoolTimezone: env.SCHOOL_TIMEZONE ?? 'Asia/Manila',
    tapDebounceSeconds: Number(env.TAP_DEBOUNCE_SECONDS ?? 60),
    checkoutMinMinutes: Number(env.CHECKOUT_MIN_MINUTES ?? 30),
    absenceJob: env.ABSENCE_JOB !== '0',
    liveSessionCheckMs: Number(env.LIVE_SESSION_CHECK_MS ?? 15000),
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    scryptCost: Number(env.SCRYPT_COST ?? 16384),
    rateLimits: {
      loginPerMinute: Number(env.LOGIN_RATE_PER_MINUTE ?? 10),
      loginPerEmailPer15Min: Number(env.LOGIN_RATE_PER_EMAIL ?? 10),
      publicFormsPerMinute: Number(env.PUBLIC_FORM_RATE_PER_MINUTE ?? 5),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1',
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
    // Tests run the absence job themselves, with the clock they choose.
    absenceJob: false,
    ...overrides,
  };
}

export const generatedPassword = () => randomBytes(12).toString('base64url');
