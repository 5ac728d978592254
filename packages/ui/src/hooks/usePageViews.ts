import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { trpc } from '../trpc.ts';

const VISITOR_KEY = 'amiko.visitorId';

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let memoryId: string | null = null;

/** An anonymous random id, kept in localStorage; it names no person and is not linked to an account. */
function visitorId(): string {
  try {
    let id = localStorage.getItem(VISITOR_KEY);
    if (!id || !/^[A-Za-z0-9-]{8,64}$/.test(id)) {
      id = randomId();
      localStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    // Storage can be unavailable (private mode, blocked): count this page load on its own.
    memoryId ??= randomId();
    return memoryId;
  }
}

/**
 * SPEC §2 and §7: a first-party page view on every page load and every route change: the path (never the
 * query string, which can hold one-time codes), the time (the server's) and the anonymous visitor id.
 * No third-party tracker.
 */
export function usePageViews(): void {
  const location = useLocation();
  const { i18n } = useTranslation();
  const utils = trpc.useUtils();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    // One view per navigation, also when development mode runs effects twice.
    if (recorded.current === location.key) return;
    recorded.current = location.key;
    const language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
    utils.client.site.pageView
      .mutate({ path: location.pathname.slice(0, 512), visitorId: visitorId(), language })
      .catch((error: unknown) => console.error('Page view not recorded', error));
  }, [location.key, location.pathname, i18n, utils]);
}
