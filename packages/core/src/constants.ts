// Business constants of SPEC §9 and the limits the product adds where the spec is silent.

/** The first members get every feature free (SPEC §1). */
export const EARLY_ACCESS_LIMIT = 500;
/** The one-time payment that unlocks messaging: 30 euros, in cents. */
export const PRICE_CENTS = 3000;
export const PRICE_CURRENCY = 'eur';

export const VERIFICATION_RESEND_COOLDOWN_MS = 60_000;
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough to bound hashing work. */
export const PASSWORD_MAX_LENGTH = 256;
export const STORY_MIN_LENGTH = 300;
export const STORY_MAX_LENGTH = 5000;
export const INTERESTS_MIN = 10;
export const AGE_MIN = 16;
export const AGE_MAX = 100;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Interface languages. English is the default and the fallback. */
export const UI_LANGUAGES = ['en', 'de'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: UiLanguage = 'en';
/** SPEC §9: the order in which the interface language is detected; the result is cached in localStorage. */
export const LANGUAGE_DETECTION_ORDER = [
  'querystring',
  'cookie',
  'localStorage',
  'sessionStorage',
  'navigator',
  'htmlTag',
] as const;
export const LANGUAGE_QUERY_PARAM = 'lng';
/**
 * Stands for the public origin in the build's prerendered pages, sitemap and robots.txt (absolute URLs:
 * canonical, hreflang, Open Graph); the server puts its PUBLIC_URL in its place when it sends them.
 */
export const PRERENDER_ORIGIN = 'https://origin.amiko.invalid';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE = 'i18next';

export const PAGE_ANIMATION_MS = 1000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Sessions last 30 days and slide: a session used in its second half is extended again. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_RENEW_WITHIN_MS = 15 * 24 * 60 * 60 * 1000;
/** A session unused this long ends, whatever its expiry (issue 17 item 10). */
export const SESSION_IDLE_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
/** How often a session's last use is written: at most once per this interval, not on every request. */
export const SESSION_USE_RECORDED_EVERY_MS = 60 * 60 * 1000;
/** The session cookie's name in development over http; in production it carries the __Host- prefix. */
export const SESSION_COOKIE = 'amiko_session';
/**
 * A browser that signed in carries a device cookie (packages/auth/src/device.ts) for a year, renewed at each
 * sign-in: at sign-in it is limited on its own, so guesses from elsewhere cannot lock the owner out.
 */
export const DEVICE_COOKIE = 'amiko_device';
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export const VERIFY_EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TOKEN_TTL_MS = 60 * 60 * 1000;

export const MESSAGE_MAX_LENGTH = 4000;
/**
 * The most tRPC calls one HTTP request may batch (the server refuses more, clients split at it): each call's
 * answer is bounded, so a request is too (issue 17: ~250 batched calls once made one answer of 94 MB).
 */
export const TRPC_MAX_BATCH = 10;
export const DIRECTORY_PAGE_SIZE = 20;
/** A member who joined within this window counts as new in the directory's "new members" filter. */
export const NEW_MEMBER_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Refuses decompression bombs: 24 megapixels is more than a profile photo needs (most phones take 12). */
export const PHOTO_MAX_PIXELS = 24_000_000;
