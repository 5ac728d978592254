// The browser's side of Amiko's service worker (apps/web/src/sw.js, served at /sw.js): registering it,
// offering a new version instead of switching to it under the member, and following the worker when a
// notification's click sends an open window to a conversation. Not in the desktop app, which has its own
// notifications through the bridge and no push.

import { navigateBrowser } from './platform.tsx';

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;

function offer(worker: ServiceWorker | null): void {
  // Without a controller this is the first install, which changes nothing the member sees.
  if (!worker || !navigator.serviceWorker.controller || waiting === worker) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

/** Offers `worker` once it has installed (it then waits for the member's "Reload to update"). */
function watch(worker: ServiceWorker | null): void {
  if (!worker) return;
  if (worker.state === 'installed') offer(worker);
  else worker.addEventListener('statechange', () => worker.state === 'installed' && offer(worker));
}

/** How often an open Amiko looks for a new version (a member's tab may stay open for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers /sw.js with scope / once the page has loaded, so that it never competes with the page itself. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; path?: unknown } | null;
    if (data?.type === 'navigate' && typeof data.path === 'string' && /^\/(?!\/)/.test(data.path)) {
      navigateBrowser(data.path);
    }
  });
  const register = async () => {
    const registration = await navigator.serviceWorker.register('/sw.js', {
      scope: '/',
      updateViaCache: 'none',
    });
    offer(registration.waiting);
    watch(registration.installing);
    registration.addEventListener('updatefound', () => watch(registration.installing));
    setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  };
  const start = () => void register().catch((error: unknown) => console.warn('No service worker', error));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Whether a new version waits for the member's "Reload to update" (for useSyncExternalStore). */
export const updateWaiting = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => waiting !== null,
};

/** The member chose the new version: it takes over, and the page reloads once it has. */
export function reloadToUpdate(): void {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
