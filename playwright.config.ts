import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT, SCREENS } from './tests/e2e/env';

/**
 * E2E: the built site + the real server (tests/e2e/server.ts) on a temp data dir, driven in Debian's
 * Chromium (never a downloaded browser). E2E_PORT / E2E_STATIC_DIR let several people run at once:
 *   ASTRO_OUT_DIR=/tmp/x-dist npx astro build && E2E_STATIC_DIR=/tmp/x-dist E2E_PORT=4411 npx playwright test
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Two cores: two browsers at most, and a test gets time for a cold server. Tests of one file run side by side
  // unless the file keeps them in one worker: mode 'serial' (tests that build on each other) or 'default' (tests
  // that share what beforeAll seeded under the file's names).
  workers: 2,
  fullyParallel: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  // Per port: Playwright empties these folders when a run starts, and parallel runs must not wipe each other's.
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${E2E_PORT}` }]],
  outputDir: `test-results/${E2E_PORT}`,
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace costs every test about a sixth of its time, passing or not: CI keeps the screenshot and the
    // error of a failure, and a failing spec rerun locally (or with PW_TRACE=retain-on-failure) brings its trace.
    trace:
      (process.env.PW_TRACE as 'retain-on-failure' | 'on' | 'off' | undefined) ?? (process.env.CI ? 'off' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Every spec runs on a desktop screen; the layout tests (tagged @layout) run on a phone screen too.
  projects: [
    { name: 'desktop-1440', use: { ...devices['Desktop Chrome'], viewport: SCREENS.desktop } },
    { name: 'phone-390', grep: /@layout/, use: { ...devices['Desktop Chrome'], viewport: SCREENS.phone } },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/server.ts',
    url: `${E2E_BASE_URL}/api/health`,
    // A leftover server from another run would have other data: always start our own.
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
