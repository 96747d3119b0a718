/* global self, caches */
/*
 * The gate station's service worker (scope /gate): it keeps the page's own files so the gate opens without a
 * network. It caches only the gate page, its manifest and icon, and the built files that page loads (/_astro/…,
 * named by their content); never the API (/api/…) nor uploaded files. The page: the network first, the cache when
 * offline; built files: the cache first (a new build has new names).
 */
const CACHE = 'gate-v1';
const OWN = ['/gate', '/gate.webmanifest', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(OWN)).then(() => self.skipWaiting()));
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
