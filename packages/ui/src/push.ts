// This browser's Web Push subscription (issue 31): made through Amiko's service worker (service-worker.ts
// registers /sw.js) with the server's VAPID public key, only after the member clicked "Notify me on this
// device" and the browser's permission was given. The server keeps it (push.subscribe) and pushes to it
// when the member has no live window; the worker shows the push (apps/web/src/sw.js). The desktop app has
// its own notifications through the bridge and never subscribes.

/** What PushSubscription.toJSON() gives, as push.subscribe takes it. */
export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushHost {
  /**
   * Subscribes this browser with the server's key (keeping a subscription made with the same key); throws
   * when the browser cannot (no service worker, a push service out of reach, permission not given).
   */
  subscribe(publicKey: string): Promise<PushSubscriptionKeys>;
  /** Ends this browser's subscription, if it has one. */
  unsubscribe(): Promise<void>;
  /** What this device is, for the member's list of devices ("Chrome" on "Android"). */
  describe(): Promise<{ browser: string; system: string }>;
}

/** How long the service worker may take to be ready (it registers after the page's load). */
const READY_TIMEOUT_MS = 10_000;

async function registration(): Promise<ServiceWorkerRegistration> {
  // Vite's dev server and a browser that refused the worker have none: ready would never resolve.
  if (!(await navigator.serviceWorker.getRegistration('/'))) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (!(await navigator.serviceWorker.getRegistration('/'))) throw new Error('no service worker');
  }
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('service worker not ready')), READY_TIMEOUT_MS),
    ),
  ]);
}

function base64url(bytes: ArrayBuffer | null): string {
  if (!bytes) return '';
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function bytesOf(key: string): Uint8Array<ArrayBuffer> {
  const binary = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function keysOf(subscription: PushSubscription): PushSubscriptionKeys {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** The browser and the system it runs on, from its user agent (only for the member's own list). */
export function describeDevice(userAgent: string): { browser: string; system: string } {
  const name = (known: [RegExp, string][]) => known.find(([pattern]) => pattern.test(userAgent))?.[1];
  return { browser: name(BROWSERS) ?? 'Browser', system: name(SYSTEMS) ?? '' };
}

export const browserPush: PushHost = {
  async subscribe(publicKey) {
    const { pushManager } = await registration();
    const existing = await pushManager.getSubscription();
    if (existing) {
      if (base64url(existing.options.applicationServerKey) === publicKey) return keysOf(existing);
      // Made with another key (the server's keys changed): a push signed with the new one would be refused.
      await existing.unsubscribe();
    }
    return keysOf(
      await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(publicKey) }),
    );
  },
  async unsubscribe() {
    const found = await navigator.serviceWorker.getRegistration('/');
    await (await found?.pushManager.getSubscription())?.unsubscribe();
  },
  describe: async () => describeDevice(navigator.userAgent),
};
