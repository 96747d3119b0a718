#!/usr/bin/env node
/**
 * Lighthouse mobile scores (performance, accessibility, best practices, SEO) for every public page, in
 * Debian's Chromium (never a downloaded browser).
 *
 *   ASTRO_OUT_DIR=/tmp/pub-dist npm run build && npm run bench:lighthouse -- /tmp/pub-dist
 *
 * (npm run build also writes the .br/.gz files the server sends; a plain `astro build` is audited uncompressed.)
 *
 * Without LH_BASE_URL it starts the real server (server/main.ts) on LH_PORT (default 4414) with a temp
 * DATA_DIR, serving the given build folder (default $STATIC_DIR or dist), and stops it afterwards.
 * With LH_BASE_URL=http://127.0.0.1:4321 it audits a server that is already running.
 *
 * LH_RUNS (default 3): runs per page; the table shows the median run (by performance score) so one noisy
 * run on a busy 2-core machine does not decide the result. Audits that did not pass are listed under the
 * table. LH_ASSERT=1 exits 1 when a page misses the targets (performance ≥ 98, the others 100).
 *
 * The student portal (/student) is audited signed in, with the same median of LH_RUNS runs: on its own
 * server the bench registers a learner (a grade, a school year, a tap this morning, so the page has its real
 * content) and puts the STUDENT_TOKEN cookie in the browser (CDP Storage.setCookies; Lighthouse's storage reset
 * leaves cookies alone) before the first page. /login, where families sign in, is audited as a public page.
 * LH_PAGES=/student,/login audits only the pages named. LH_SAVE=dir writes each page's median report there (JSON).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import WebSocket from 'ws';

const ALL_PAGES = ['/', '/about', '/services', '/systems', '/careers', '/inquiries', '/login', '/student'];
const PAGES = process.env.LH_PAGES ? process.env.LH_PAGES.split(',') : ALL_PAGES;
/** Pages behind a sign-in: the cookie the browser must carry (set up by signInLearner). */
const SIGNED_IN = new Set(['/student']);
/** Pages kept out of search engines on purpose (noindex): no SEO score. */
const NOINDEX = new Set(['/login', '/student']);
const BENCH_ROOT = { email: 'superadmin@example.com', password: 'bench-only-password' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGET = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

/** Starts server/main.ts on a temp data dir; returns { baseUrl, stop }. */
async function startServer() {
  const staticDir = path.resolve(process.argv[2] ?? process.env.STATIC_DIR ?? 'dist');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) throw new Error(`${staticDir} has no index.html: build first`);
  const port = Number(process.env.LH_PORT ?? 4414);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lh-data-'));
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      STATIC_DIR: staticDir,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SUPER_ADMIN_PASSWORD: 'bench-only-password',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true, // own process group: stop() ends npx, tsx and node together
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`);
  return {
    baseUrl,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = process.env.LH_BASE_URL
  ? { baseUrl: process.env.LH_BASE_URL.replace(/\/$/, ''), stop: () => {} }
  : await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});

/** A learner registered on the bench's own server, signed in: their STUDENT_TOKEN, in Chrome's cookie jar. */
async function signInLearner(baseUrl, chromePort) {
  const json = async (res) => {
    const body = await res.json();
    if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const post = (url, token, body) =>
    fetch(`${baseUrl}${url}`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body }).then(json);
  const asJson = (data) => {
    const form = new FormData();
    form.append('data', JSON.stringify(data));
    return form;
  };
  const root = (
    await fetch(`${baseUrl}/api/super-admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ROOT),
    }).then(json)
  ).token;
  const school = await post('/api/super-admin/schools', root, asJson({ name: 'Bench High School', acronym: 'BHS' }));
  // A learner in a grade and section, with a school year and a tap this morning: the page audited shows what a
  // family sees (today's card, the month's marks and totals, the check-in message), not an empty portal.
  const sendJson = (method, url, body) =>
    fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${root}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(json);
  const today = new Date();
  const yearStart = `${today.getUTCMonth() >= 5 ? today.getUTCFullYear() : today.getUTCFullYear() - 1}-06-08`;
  const yearEnd = `${Number(yearStart.slice(0, 4)) + 1}-04-09`;
  await sendJson('PUT', `/api/super-admin/schools/${school.id}/calendar/school-year`, { start: yearStart, end: yearEnd });
  const grade = await sendJson('POST', '/api/super-admin/grades', { name: 'Grade 7', level: 7, schoolId: school.id });
  const section = await sendJson('POST', '/api/super-admin/sections', { name: 'Rizal', gradeId: grade.id, schoolId: school.id });
  const reader = await sendJson('POST', '/api/super-admin/rfid-readers', { name: 'Main gate', schoolId: school.id });
  const learner = { email: 'bench.learner@example.com', password: 'Bench-Learner-2026' };
  await post(
    '/api/super-admin/register-student',
    root,
    asJson({
      firstName: 'Bea',
      lastName: 'Bench',
      lrn: '123456789012',
      parentPhone: '09171234567',
      schoolId: school.id,
      gradeId: grade.id,
      sectionId: section.id,
      gender: 'FEMALE',
      enrolmentDate: yearStart,
      rfidCardId: 'BE0C4A11',
      ...learner,
    }),
  );
  await fetch(`${baseUrl}/api/rfid/taps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ eventId: 'bench-1', cardUid: 'BE0C4A11', tappedAt: new Date(Date.now() - 60_000).toISOString() }),
  }).then(json);
  const { token } = await fetch(`${baseUrl}/api/student/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(learner),
  }).then(json);
  const { webSocketDebuggerUrl } = await fetch(`http://127.0.0.1:${chromePort}/json/version`).then((r) => r.json());
  const ws = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(
    JSON.stringify({
      id: 1,
      method: 'Storage.setCookies',
      params: { cookies: [{ name: 'STUDENT_TOKEN', value: token, url: baseUrl }] },
    }),
  );
  await new Promise((resolve) => ws.once('message', resolve));
  ws.close();
}

/** Audits that failed to run (e.g. a metric trace error), for the discarded-run message. */
const erroredAudits = (lhr) =>
  Object.entries(lhr.audits)
    .filter(([, a]) => a.errorMessage)
    .map(([id, a]) => `${id}: ${a.errorMessage}`)
    .join('; ') || 'category without score';

const results = [];
let version = '?';
try {
  // One warm-up load so the first audited page doesn't pay for the server's cold start.
  await fetch(`${server.baseUrl}/`);
  if (PAGES.some((p) => SIGNED_IN.has(p))) {
    if (process.env.LH_BASE_URL)
      throw new Error('the signed-in pages are audited on the bench’s own server: unset LH_BASE_URL or LH_PAGES');
    await signInLearner(server.baseUrl, chrome.port);
  }
  for (const page of PAGES) {
    // The sign-in page and a signed-in page are not for search engines (noindex on purpose): no SEO score.
    const categories = NOINDEX.has(page) ? CATEGORIES.filter((c) => c !== 'seo') : CATEGORIES;
    const runs = [];
    // A run Lighthouse itself reports as broken (runtimeError, or a metric that errored so a category has no
    // score) says nothing about the page: print why and run again (at most RUNS + 2 attempts).
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
      // Default Lighthouse config = mobile form factor, simulated slow 4G, 4× CPU slowdown.
      const { lhr } = await lighthouse(`${server.baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        disableStorageReset: SIGNED_IN.has(page),
      });
      const broken = lhr.runtimeError?.code ?? (categories.some((c) => lhr.categories[c].score === null) && erroredAudits(lhr));
      // A signed-in page that sent the browser to /login measured the wrong page.
      if (SIGNED_IN.has(page) && new URL(lhr.finalDisplayedUrl).pathname !== page)
        throw new Error(`${page}: ended on ${lhr.finalDisplayedUrl}, not signed in`);
      if (broken) console.error(`${page}: run discarded (${broken})`);
      else runs.push(lhr);
    }
    if (!runs.length) throw new Error(`${page}: no valid Lighthouse run`);
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[Math.floor(runs.length / 2)];
    version = lhr.lighthouseVersion;
    // LH_SAVE=dir keeps the median run's full report (open it in Lighthouse's viewer to find a long task).
    if (process.env.LH_SAVE)
      fs.writeFileSync(path.join(process.env.LH_SAVE, `${page.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, lhr.categories[c] ? Math.round((lhr.categories[c].score ?? 0) * 100) : '-']),
    );
    const metric = (id) => lhr.audits[id]?.displayValue ?? '-';
    const failing = categories.flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((r) => r.weight > 0 || (c === 'performance' && !r.id.endsWith('-insight')))
        .map((r) => lhr.audits[r.id])
        .filter(
          (a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
        )
        .map((a) => `${c}: ${a.id} (${a.score})${a.displayValue ? ` ${a.displayValue}` : ''}`),
    );
    results.push({
      page,
      scores,
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      failing,
      perfRuns: runs.map((r) => Math.round(r.categories.performance.score * 100)),
    });
  }
} finally {
  chrome.kill();
  server.stop();
}

console.log(`Lighthouse ${version}, mobile, median of ${RUNS} run(s), ${server.baseUrl}\n`);
console.log('| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | perf runs |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of results) {
  const s = r.scores;
  console.log(
    `| ${r.page} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.perfRuns.join(', ')} |`,
  );
}
const misses = results.flatMap((r) =>
  CATEGORIES.filter((c) => r.scores[c] !== '-' && r.scores[c] < TARGET[c]).map(
    (c) => `${r.page} ${c} ${r.scores[c]} < ${TARGET[c]}`,
  ),
);
for (const r of results.filter((x) => x.failing.length))
  console.log(`\n${r.page} — audits not passed:\n  ${r.failing.join('\n  ')}`);
if (misses.length) {
  console.log(`\nBelow target:\n  ${misses.join('\n  ')}`);
  if (process.env.LH_ASSERT === '1') process.exit(1);
} else console.log('\nAll pages meet the targets.');
