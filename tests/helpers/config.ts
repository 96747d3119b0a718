import { loadConfig, type AppConfig } from '@core/config';

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
    // Test machines run many suites at once: load shedding is tested on its own (tests/api/core/limits.test.ts).
    maxEventLoopDelayMs: 0,
    // Tests that exercise the worker turn it on (and shorten its timings) themselves.
    outbox: { ...base.outbox, enabled: false },
    ...overrides,
  };
}
