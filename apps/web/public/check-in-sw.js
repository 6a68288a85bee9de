// The check-in page's service worker: a guide's phone opens /bookings/check-in with no network (a
// reload, a tab the phone discarded). Registered by that page only. It answers three kinds of
// request and lets every other one through untouched, from the network first, else from its copy:
// - the check-in page's address (its HTML);
// - the public files that HTML loads (the colour scheme script, the icon);
// - the build's files under /assets/ (content-hashed, never changed in place).
// What it keeps: what the page says it loaded (a `keep` message, each time the page opens online)
// and every build file the page fetches afterwards (chunks loaded on demand). It keeps one build's
// files only: when the page's entry script changes (a new deploy), the copies are dropped first.
// No API answer is cached (the page keeps its own data) and no other page, so a new build is never
// hidden anywhere else.
const CACHE = 'excursio-check-in-v1';
const PAGE = '/bookings/check-in';
const PUBLIC = ['/color-scheme.js', '/favicon.svg'];
const BUILD = '/__build__';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const keep = async (files, build) => {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(BUILD);
  if (!kept || (await kept.text()) !== build) {
    for (const request of await cache.keys()) await cache.delete(request);
    await cache.put(BUILD, new Response(build));
  }
  const wanted = [PAGE, ...PUBLIC, ...files.filter((f) => typeof f === 'string' && f.startsWith('/assets/'))];
  await Promise.all(
    wanted.map(async (path) => {
      try {
        const res = await fetch(path, {
          credentials: 'same-origin',
          cache: path.startsWith('/assets/') ? 'default' : 'no-cache',
        });
        if (res.ok) await cache.put(path, res);
      } catch {
        // Offline again meanwhile: the copy kept before stays.
      }
    }),
  );
};

self.addEventListener('message', (event) => {
  const { type, files, build } = event.data ?? {};
  if (type === 'keep' && Array.isArray(files) && typeof build === 'string') event.waitUntil(keep(files, build));
});

const fromCheckInPage = async (event) => {
  const client = event.clientId ? await self.clients.get(event.clientId) : null;
  return Boolean(client) && new URL(client.url).pathname.replace(/\/+$/, '') === PAGE;
};

const networkElseKept = async (event, key, keepAnswer) => {
  try {
    const res = await fetch(event.request);
    if (keepAnswer && res.ok && (await fromCheckInPage(event))) {
      const copy = res.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
    }
    return res;
  } catch (error) {
    const kept = await caches.match(key, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
};

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.replace(/\/+$/, '') === PAGE) event.respondWith(networkElseKept(event, PAGE, false));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(networkElseKept(event, url.pathname, true));
  } else if (PUBLIC.includes(url.pathname)) {
    event.respondWith(networkElseKept(event, url.pathname, false));
  }
});
