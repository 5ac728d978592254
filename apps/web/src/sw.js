// Amiko's service worker, served at /sw.js with scope / (issue 31; why hand-written: docs/decisions.md).
// - Offline: the member area's shell (the app's index.html, its start code and styles, the common texts) is
//   cached at install, so an installed Amiko opens without a network and says it is offline (the app's
//   offline screen). Code under /assets/ (hashed, never changed) is kept once fetched. Nothing else is
//   cached: no API answer, no member data, no photo.
// - Updates: a new worker waits until the member chooses "Reload to update" (the app posts SKIP_WAITING),
//   so the app never changes under them.
// - Push: a message's push (services/push.ts) is shown unless a window of Amiko has the focus (it tells the
//   member itself); a click opens the conversation, in an open window if there is one.

// These two lines are written by apps/web/scripts/service-worker.ts when the app is built.
const VERSION = 'unbuilt';
const PRECACHE = [];

/** A page of the member area: the server answers every one with the app's shell. */
const SHELL = '/messages';
const CACHE = `amiko-${VERSION}`;
/** Never answered here: the API, live connections, photos, webhooks and the server's own pages. */
const PASS_THROUGH = [
  '/trpc',
  '/socket.io',
  '/uploads',
  '/webhooks',
  '/dev/',
  '/unsubscribe',
  '/my-data',
  '/healthz',
  '/readyz',
  '/metrics',
];
const precached = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  // Fetched past the HTTP cache: a stale shell would name code this version does not have.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll([SHELL, ...PRECACHE].map((url) => new Request(url, { cache: 'reload' }))),
      ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const old = (await caches.keys()).filter((name) => name.startsWith('amiko-') && name !== CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      // Pages load as fast as without a worker: the request starts while the worker starts.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (PASS_THROUGH.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (precached.has(url.pathname) || url.pathname.startsWith('/assets/'))
    event.respondWith(code(request));
});

/** A page from the network; without one, the app's shell, which shows the offline screen. */
async function page(event) {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch (error) {
    const shell = await caches.match(SHELL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** Code and the shell's files: from the cache, else fetched and, under /assets/ (hashed names), kept. */
async function code(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event.data));
});

/** The push's notification ({ title, body, path, tag }), unless a window of Amiko is in front. */
async function showPush(data) {
  let push;
  try {
    push = data?.json();
  } catch {
    return;
  }
  if (typeof push?.title !== 'string') return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.some((window) => window.focused)) return;
  await self.registration.showNotification(push.title, {
    body: typeof push.body === 'string' ? push.body : '',
    icon: '/icons/icon-192.png',
    // One notification per conversation, the newest replacing the one before (and sounding again).
    ...(typeof push.tag === 'string' ? { tag: push.tag, renotify: true } : {}),
    data: { path: push.path },
  });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(open(event.notification.data?.path));
});

/** Opens a path of Amiko: in a window that is open (which goes there itself), else in a new one. */
async function open(path) {
  const target = typeof path === 'string' && /^\/(?!\/)/.test(path) ? path : '/messages';
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const window = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!window) return self.clients.openWindow(target);
  // The app follows this without reloading (packages/ui/src/service-worker.ts), then the window comes forward.
  window.postMessage({ type: 'navigate', path: target });
  await window.focus();
}
