#!/usr/bin/env node
/**
 * Page weight of the public site and the console, read from a finished `astro build` (no server, no browser).
 *
 *   ASTRO_OUT_DIR=/tmp/pub-dist npx astro build && node bench/page-weight.mjs /tmp/pub-dist
 *   npm run bench:weight -- /tmp/pub-dist          (default folder: $ASTRO_OUT_DIR, $STATIC_DIR or dist)
 *
 * For every public page it counts the JavaScript a visitor's browser loads: <script src>, inline <script>s,
 * and the island modules (<astro-island component-url / renderer-url>, which Astro's inline loader imports)
 * with their static `import` graph. Each file is counted once per page and gzipped with zlib (level 6, what
 * a typical server or CDN uses). HTML and CSS are reported for context.
 *
 * Budgets: pages without islands ship 0 bytes of JavaScript (/forbidden a tiny inline
 * script, its 'Go Back' button); the public island pages ≤ 80 KB; the gate station (/gate) ≤ 60 KB. The console (/super-admin): its first load — the
 * page's own JavaScript plus all the landing screen (the dashboard) loads, but its lazily loaded charts — ≤ 150 KB;
 * each screen's own chunks (what opening it loads beyond the page that no other screen loads) ≤ 40 KB; every screen
 * of `src/app/routes.tsx` must be a lazy chunk of its own, and chart.js may ship only in a chunk that
 * a screen loads lazily (the dashboard's charts). `npm test` runs this after its build (`test:e2e`). Exits 1 when
 * anything is over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`Usage: npm run bench:weight -- [dir]   (or node bench/page-weight.mjs [dir])
JavaScript, HTML and CSS (gzip) of every public page and the console in a finished astro build, against the budgets; exits 1 when over.
  [dir]                 the built site (default $ASTRO_OUT_DIR, else $STATIC_DIR, else dist)
  --help                this text`);
  process.exit(0);
}

// The folder named, else where `astro build` just wrote (ASTRO_OUT_DIR), else what the server serves.
const dist = path.resolve(process.argv[2] ?? process.env.ASTRO_OUT_DIR ?? process.env.STATIC_DIR ?? 'dist');
const KB = 1024;

/** route → { file, jsBudget (gzip bytes) }. Islands: /systems (catalogue) and /inquiries (contact form). */
const PAGES = [
  { route: '/', file: 'index.html', jsBudget: 0 },
  { route: '/about', file: 'about/index.html', jsBudget: 0 },
  { route: '/services', file: 'services/index.html', jsBudget: 0 },
  { route: '/careers', file: 'careers/index.html', jsBudget: 0 },
  // 78.0 KB on 2026-11-27: the server puts the catalogue into the page, so the island loads the API client (ky) only
  // for 'Try Again' or ordering (docs/benchmarks.md).
  { route: '/systems', file: 'systems/index.html', jsBudget: 80 * KB },
  { route: '/inquiries', file: 'inquiries/index.html', jsBudget: 80 * KB },
  // The sign-in page (console layout, not indexed): an island page like the two above.
  { route: '/login', file: 'login/index.html', jsBudget: 80 * KB },
  // The student portal, phone first. Goal 80 KB. Gap: React 19's renderer
  // (64.5 KB + 3.3 KB) + the one ky client (5.4 KB) + the portal's cards and kit parts (~18 KB: today, calendar,
  // messages, Messenger, profile); the socket store (socket.io-client, 13 KB) and the password dialog (zod) load
  // after the first paint.
  { route: '/student', file: 'student/index.html', jsBudget: 95 * KB },
  // The gate station: plain DOM, no React (its renderer alone is 68 KB), so it starts fast on an old gate PC.
  { route: '/gate', file: 'gate/index.html', jsBudget: 60 * KB },
  { route: '/404', file: '404.html', jsBudget: 0 },
  { route: '/forbidden', file: 'forbidden/index.html', jsBudget: 256 },
];

/** The console shell (every /super-admin/* deep link, /home, /admin-management get this page). */
const CONSOLE = { route: '/super-admin', file: 'super-admin/index.html', jsBudget: Infinity };
/** The screen /super-admin opens on: the console's first load is the page's JavaScript plus this screen's. */
const LANDING_SCREEN = 'DashboardScreen';
const CONSOLE_FIRST_LOAD_BUDGET = 150 * KB;
const SCREEN_BUDGET = 40 * KB;

const gzipSize = (buf) => zlib.gzipSync(buf, { level: 6 }).length;
const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** Absolute file path of a site URL ("/_astro/x.js"), or null for external URLs. */
function fileOf(url, fromFile) {
  if (/^(https?:)?\/\//.test(url)) return null;
  const clean = url.split(/[?#]/)[0];
  return clean.startsWith('/') ? path.join(dist, clean) : path.resolve(path.dirname(fromFile), clean);
}

/** Static import graph of an ES module (minified output: `from"./a.js"`, `import"./b.js"`). */
function moduleClosure(entry, seen) {
  if (!entry || seen.has(entry) || !fs.existsSync(entry)) return;
  seen.add(entry);
  const code = fs.readFileSync(entry, 'utf8');
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.m?js)["']/g)) {
    moduleClosure(fileOf(m[1], entry), seen);
  }
}

function measure(page) {
  const htmlPath = path.join(dist, page.file);
  if (!fs.existsSync(htmlPath)) throw new Error(`${page.file} not found in ${dist}: build first`);
  const html = fs.readFileSync(htmlPath, 'utf8');
  const files = new Set();
  let inlineGzip = 0;
  let inlineCount = 0;

  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = m;
    const type = attr(attrs, 'type');
    if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) continue; // JSON-LD etc.
    const src = attr(attrs, 'src');
    if (src) moduleClosure(fileOf(src, htmlPath), files);
    else if (body.trim()) {
      inlineGzip += gzipSize(Buffer.from(body));
      inlineCount += 1;
    }
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attr(m[0], name);
      if (url) moduleClosure(fileOf(url, htmlPath), files);
    }
  }
  const cssFiles = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/gi)]
    .map((l) => fileOf(attr(l[0], 'href') ?? '', htmlPath))
    .filter((f) => f && fs.existsSync(f));
  const inlineCss = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce(
    (n, s) => n + gzipSize(Buffer.from(s[1])),
    0,
  );

  const jsFilesGzip = [...files].reduce((n, f) => n + gzipSize(fs.readFileSync(f)), 0);
  return {
    route: page.route,
    htmlGzip: gzipSize(Buffer.from(html)),
    cssGzip: cssFiles.reduce((n, f) => n + gzipSize(fs.readFileSync(f)), 0) + inlineCss,
    jsFiles: files.size,
    inlineScripts: inlineCount,
    jsGzip: jsFilesGzip + inlineGzip,
    budget: page.jsBudget,
    files,
  };
}

const kb = (n) => (n === 0 ? '0' : `${(n / 1024).toFixed(1)} KB`);
const budgetText = (b) =>
  b === Infinity ? 'first load: below' : b === 0 ? '0 bytes' : b % KB === 0 ? `≤ ${b / KB} KB` : `≤ ${b} B`;
const jsCell = (n) => `${n} B${n ? ` (${kb(n)})` : ''}`;
const gzipOf = (files) => [...files].reduce((n, f) => n + gzipSize(fs.readFileSync(f)), 0);

const rows = [...PAGES, CONSOLE].map(measure);
console.log(`Page weight of ${dist} (gzip, level 6)\n`);
console.log('| page | JS (gzip) | JS files | inline scripts | HTML (gzip) | CSS (gzip) | JS budget |');
console.log('|---|---:|---:|---:|---:|---:|---|');
const failures = [];
for (const r of rows) {
  const over = r.jsGzip > r.budget;
  if (over) failures.push(`${r.route}: ${kb(r.jsGzip)} of JavaScript, budget ${budgetText(r.budget)}`);
  console.log(
    `| ${r.route} | ${jsCell(r.jsGzip)} | ${r.jsFiles} | ${r.inlineScripts} | ${kb(r.htmlGzip)} | ${kb(r.cssGzip)} | ${budgetText(r.budget)}${over ? ' **OVER**' : ''} |`,
  );
}

// ---- The console: first load, each screen's own chunk, lazy parts (the dashboard's charts). ----
const shell = rows.at(-1);
const chunkDir = path.join(dist, '_astro');
/** Dynamic `import("./X.hash.js")` targets in a set of files: chunk base name (X) → file. */
function lazyChunks(files) {
  const found = new Map();
  for (const f of files) {
    for (const m of fs.readFileSync(f, 'utf8').matchAll(/\bimport\(\s*["']\.\/([^"']+)\.[\w-]+\.js["']\s*\)/g)) {
      found.set(m[1], path.join(chunkDir, `${m[1]}.${m[0].match(/\.([\w-]+)\.js/)[1]}.js`));
    }
  }
  return found;
}
/** The files a chunk loads (itself + static imports) that `loaded` does not already hold. */
function ownFiles(entry, loaded) {
  const closure = new Set();
  moduleClosure(entry, closure);
  return new Set([...closure].filter((f) => !loaded.has(f)));
}
const routesSource = fs.readFileSync(new URL('../src/app/routes.tsx', import.meta.url), 'utf8');
const screenNames = [
  ...new Set([...routesSource.matchAll(/lazy\(\(\) => import\('(?:@features\/[^']*|\.\/screens)\/(\w+)'\)\)/g)].map((m) => m[1])),
];
if (screenNames.length === 0) failures.push('no lazy screens found in src/app/routes.tsx');
const shellLazy = lazyChunks(shell.files);
const isChartJs = (f) => fs.readFileSync(f, 'utf8').includes('$chartjs');

/** Per screen: what opening it loads beyond the page (cold) and, of that, the files no other screen loads (own). */
const screens = screenNames.map((name) => {
  const entry = shellLazy.get(name);
  return { name, entry, cold: entry ? ownFiles(entry, shell.files) : new Set() };
});
const loadCount = new Map();
for (const s of screens) for (const f of s.cold) loadCount.set(f, (loadCount.get(f) ?? 0) + 1);

console.log(`\nConsole screens, beyond ${CONSOLE.route}'s own ${kb(shell.jsGzip)}: "own" = files no other screen loads`);
console.log('(budgeted), "opening it first" = own + chunks shared with other screens, loaded once for all of them.\n');
console.log('| screen | own JS (gzip) | opening it first (gzip) | lazy parts (gzip) | budget (own) |');
console.log('|---|---:|---:|---|---|');
let landing = null;
for (const { name, entry, cold } of screens) {
  if (!entry) {
    failures.push(`${name} is not a lazily loaded chunk of the console`);
    console.log(`| ${name} | not a lazy chunk | – | – | **MISSING** |`);
    continue;
  }
  const own = new Set([...cold].filter((f) => loadCount.get(f) === 1));
  const size = gzipOf(own);
  const coldSize = gzipOf(cold);
  const parts = [...lazyChunks(cold)]
    .filter(([part]) => !shellLazy.has(part))
    .map(([part, file]) => ({ part, file, size: gzipOf(ownFiles(file, new Set([...shell.files, ...cold]))) }));
  for (const f of [...shell.files, ...cold]) {
    if (isChartJs(f)) failures.push(`chart.js is loaded statically with ${name} (${path.basename(f)})`);
  }
  if (name === LANDING_SCREEN) landing = { cold, size: coldSize };
  const over = size > SCREEN_BUDGET;
  if (over) failures.push(`screen ${name}: ${kb(size)} of its own, budget ${budgetText(SCREEN_BUDGET)}`);
  const partText = parts.map((p) => `${p.part} ${kb(p.size)}${isChartJs(p.file) ? ' (chart.js)' : ''}`).join(', ') || '–';
  console.log(
    `| ${name} | ${jsCell(size)} | ${jsCell(coldSize)} | ${partText} | ${budgetText(SCREEN_BUDGET)}${over ? ' **OVER**' : ''} |`,
  );
}
const shared = [...loadCount].filter(([, n]) => n > 1).sort((a, b) => gzipOf([b[0]]) - gzipOf([a[0]]));
console.log(
  `\nChunks shared by screens (largest first): ${shared
    .slice(0, 8)
    .map(([f, n]) => `${path.basename(f)} ${kb(gzipOf([f]))} (${n} screens)`)
    .join(', ')}`,
);
if (landing) {
  const firstLoad = shell.jsGzip + landing.size;
  const over = firstLoad > CONSOLE_FIRST_LOAD_BUDGET;
  if (over) failures.push(`console first load: ${kb(firstLoad)}, budget ${budgetText(CONSOLE_FIRST_LOAD_BUDGET)}`);
  console.log(
    `\nConsole first load (${CONSOLE.route}: the page's JavaScript + ${LANDING_SCREEN}, charts excluded): ${jsCell(firstLoad)}, ${shell.files.size + landing.cold.size} files, budget ${budgetText(CONSOLE_FIRST_LOAD_BUDGET)}${over ? ' **OVER**' : ''}`,
  );
} else failures.push(`landing screen ${LANDING_SCREEN} not found`);

if (failures.length) {
  console.error(`\nOver budget:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nAll pages and console screens within their JavaScript budgets.');
