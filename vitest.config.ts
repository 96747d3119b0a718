import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const at = (dir: string) => path.resolve(import.meta.dirname, dir);

// Test databases and uploads live in temp folders. On a RAM disk (/dev/shm) a SQLite commit's fsync costs nothing,
// which makes the API tests several times faster; the durability settings they check stay the production ones.
const ramDisk = '/dev/shm';
const tempRoot = process.env.TEST_TMPDIR ?? (fs.existsSync(ramDisk) ? ramDisk : undefined);

export default defineConfig({
  // The path aliases of tsconfig.json (tsx, Astro and Playwright read them there).
  resolve: {
    alias: [
      { find: /^@domain\//, replacement: `${at('src/domain')}/` },
      { find: /^@shared\//, replacement: `${at('src/shared')}/` },
      { find: /^@core\//, replacement: `${at('server/core')}/` },
      { find: /^@kit$/, replacement: at('src/kit/index.ts') },
      { find: /^@kit\//, replacement: `${at('src/kit')}/` },
      { find: /^@features\//, replacement: `${at('src/features')}/` },
    ],
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    // The migrated database every test app copies (tests/helpers/global-setup.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most of a test's time is waiting (requests, child processes, the database): two cores run three files at once.
    // The three processes stay for the whole run (minWorkers = maxWorkers: tinypool's early retirement of an idle
    // non-isolated worker fails the run) and each runs its files one after another without reloading the server's
    // modules (isolate: false). Every test file builds its own app on its own database copy, so no state is shared.
    maxWorkers: 3,
    minWorkers: 3,
    isolate: false,
    env: tempRoot ? { TMPDIR: tempRoot } : {},
  },
});
