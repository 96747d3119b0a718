import path from 'node:path';
import { defineConfig } from 'vitest/config';

const at = (dir: string) => path.resolve(import.meta.dirname, dir);

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
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
