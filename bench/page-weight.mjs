#!/usr/bin/env node
/**
 * Page weight of the public site, read from a finished `astro build` (no server, no browser).
 *
 *   ASTRO_OUT_DIR=/tmp/pub-dist npx astro build && node bench/page-weight.mjs /tmp/pub-dist
 *   npm run bench:weight -- /tmp/pub-dist          (default folder: $STATIC_DIR or dist)
 *
 * For every public page it counts the JavaScript a visitor's browser loads: <script src>, inline <script>s,
 * and the island modules (<astro-island component-url / renderer-url>, which Astro's inline loader imports)
 * with their static `import` graph. Each file is counted once per page and gzipped with zlib (level 6, what
 * a typical server or CDN uses). HTML and CSS are reported for context.
 *
 * Asserts the budget of issue #3: pages without islands ship 0 bytes of JavaScript. /forbidden is allowed a
 * tiny inline script (its 'Go Back' button). Exits 1 when a page is over budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? process.env.STATIC_DIR ?? 'dist');

/** route → { file, jsBudget (gzip bytes) }. Islands: /systems (catalogue) and /inquiries (contact form). */
const PAGES = [
  { route: '/', file: 'index.html', jsBudget: 0 },
  { route: '/about', file: 'about/index.html', jsBudget: 0 },
  { route: '/services', file: 'services/index.html', jsBudget: 0 },
  { route: '/careers', file: 'careers/index.html', jsBudget: 0 },
  { route: '/systems', file: 'systems/index.html', jsBudget: Infinity },
  { route: '/inquiries', file: 'inquiries/index.html', jsBudget: Infinity },
  { route: '/404', file: '404.html', jsBudget: 0 },
  { route: '/forbidden', file: 'forbidden/index.html', jsBudget: 256 },
];

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
  };
}

const kb = (n) => (n === 0 ? '0' : `${(n / 1024).toFixed(1)} KB`);
const rows = PAGES.map(measure);
console.log(`Page weight of ${dist} (gzip, level 6)\n`);
console.log('| page | JS (gzip) | JS files | inline scripts | HTML (gzip) | CSS (gzip) | JS budget |');
console.log('|---|---:|---:|---:|---:|---:|---|');
let failed = 0;
for (const r of rows) {
  const over = r.jsGzip > r.budget;
  if (over) failed += 1;
  const budget = r.budget === Infinity ? 'island page' : r.budget === 0 ? '0 bytes' : `≤ ${r.budget} B`;
  console.log(
    `| ${r.route} | ${r.jsGzip} B${r.jsGzip ? ` (${kb(r.jsGzip)})` : ''} | ${r.jsFiles} | ${r.inlineScripts} | ${kb(r.htmlGzip)} | ${kb(r.cssGzip)} | ${budget}${over ? ' **OVER**' : ''} |`,
  );
}
if (failed) {
  console.error(`\n${failed} page(s) over their JavaScript budget.`);
  process.exit(1);
}
console.log('\nAll pages within their JavaScript budget.');
