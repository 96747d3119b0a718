#!/usr/bin/env node
/**
 * `npm test`: every check, in stages, each stage's time printed. Steps of one stage run at once (this machine
 * has two cores and much of each step is waiting); a failing step stops the run after its stage.
 *
 *   check   lint (ESLint + Prettier), types (astro check for the browser, tsc for the server), the site's build
 *   tests   unit + API tests (vitest, a real Fastify on temp SQLite files), then the page-weight budgets
 *   e2e     the end-to-end tests in Debian's Chromium (Playwright) against the built site and the real server
 *
 * `node scripts/test.mjs check tests` runs some stages only. The inner-loop commands are in package.json
 * (`npm run check`, `test:unit`, `test:api`, `test:pg`, `test:e2e`).
 */
import { spawn } from 'node:child_process';

const STAGES = {
  check: [
    ['lint', 'npm run lint'],
    ['types', 'npm run typecheck'],
    ['build', 'npm run build'],
  ],
  tests: [['vitest', 'npx vitest run']],
  e2e: [
    ['page weight', 'npm run bench:weight'],
    ['playwright', 'npx playwright test'],
  ],
};
/** Steps that need the one before them in their stage (the e2e specs read the built site the weights checked). */
const SEQUENTIAL = new Set(['e2e']);

const wanted = process.argv.slice(2);
const stages = Object.keys(STAGES).filter((s) => wanted.length === 0 || wanted.includes(s));
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

function run([name, command]) {
  const started = performance.now();
  console.log(`\n▶ ${name}: ${command}`);
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' });
    child.on('exit', (code) => {
      console.log(`${code === 0 ? '✔' : '✘'} ${name} (${seconds(started)} s)`);
      resolve({ name, ok: code === 0, time: seconds(started) });
    });
  });
}

const all = performance.now();
const report = [];
for (const stage of stages) {
  const started = performance.now();
  const results = [];
  if (SEQUENTIAL.has(stage)) {
    for (const step of STAGES[stage]) {
      const result = await run(step);
      results.push(result);
      if (!result.ok) break;
    }
  } else {
    results.push(...(await Promise.all(STAGES[stage].map(run))));
  }
  report.push(`${stage}: ${seconds(started)} s (${results.map((r) => `${r.name} ${r.time} s`).join(', ')})`);
  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    console.error(`\n✘ ${stage} failed: ${failed.map((r) => r.name).join(', ')}\n${report.join('\n')}`);
    process.exit(1);
  }
}
console.log(`\n${report.join('\n')}\nall: ${seconds(all)} s`);
