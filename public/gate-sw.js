/* global self, caches */
/*
 * The gate station's service worker (scope /gate): it keeps the page's own files so the gate opens without a
 * network. On install it stores the page and the built files it loads (the modules' imports followed). It caches only the gate page, its manifest and icon, and the built files that page loads (/_astro/…,
 * named by their content); never the API (/api/…) nor uploaded files. The page: the network first, the cache when
 * offline; built files: the cache first (a new build has new names).
 */
const CACHE = 'gate-v1';
const OWN = ['/gate', '/gate.webmanifest', '/favicon.svg'];

/** The built files a text names (/_astro/… in the page, ./x.js imports in a module), as absolute paths. */
function builtFiles(text, base) {
  const found = new Set();
  for (const m of text.matchAll(/["'(](\/_astro\/[^"')\s]+)["')]/g)) found.add(m[1]);
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+\.m?js)["']/g)) {
    found.add(new URL(m[1], new URL(base, self.location.origin)).pathname);
  }
  return [...found];
}

/** Caches the page and every built file it loads (its modules' imports followed), so it opens offline. */
async function cacheOwnFiles() {
  const cache = await caches.open(CACHE);
  await cache.addAll(OWN);
  const queue = builtFiles(await (await cache.match('/gate')).text(), '/gate');
  const seen = new Set(queue);
  while (queue.length) {
    const file = queue.shift();
    const res = await fetch(file);
    if (!res.ok) continue;
    await cache.put(file, res.clone());
    if (!file.endsWith('.js')) continue;
    for (const next of builtFiles(await res.text(), file)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheOwnFiles().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  const page = url.pathname === '/gate' || url.pathname === '/gate/';
  if (page || OWN.includes(url.pathname)) {
    event.respondWith(
      fetch(event.request)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            void caches.open(CACHE).then((cache) => cache.put(page ? '/gate' : url.pathname, copy));
          }
          return res;
        })
        .catch(() => caches.match(page ? '/gate' : url.pathname).then((hit) => hit || Response.error())),
    );
  } else if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(
      caches.match(event.request).then(
        (hit) =>
          hit ||
          fetch(event.request).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              void caches.open(CACHE).then((cache) => cache.put(event.request, copy));
            }
            return res;
          }),
      ),
    );
  }
});
