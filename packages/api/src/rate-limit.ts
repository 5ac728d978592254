import { isIPv6 } from 'node:net';
import { COMMON_ERRORS } from '@amiko/core';
import { appError } from './errors.ts';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Counts hits per key in fixed windows. In memory by default; Redis when several processes share limits. */
export interface RateLimitStore {
  /** Records a hit and returns how many hits the key has in its current window. */
  hit(key: string, windowMs: number): Promise<number>;
}

const MINUTE = 60_000;

/** Default limits per IP address and per account; the server may override them (AppConfig.rateLimits). */
export const DEFAULT_RATE_LIMITS = {
  // Sign-in from a browser unknown to the account is limited per address, per address and account, and per
  // account alone with a ceiling far above the others: someone guessing from their own address cannot lock
  // the owner out of every address. A browser that signed in to the account before (its device cookie) is
  // limited on its own instead, so that guesses from many addresses, which fill the ceiling, never lock the
  // owner out on their own browser (OWASP's device cookies). Its nonce is new after each sign-in, so the
  // count is of its wrong passwords.
  'signIn:ip': { max: 30, windowMs: 15 * MINUTE },
  'signIn:ipAccount': { max: 10, windowMs: 15 * MINUTE },
  'signIn:account': { max: 100, windowMs: 15 * MINUTE },
  'signIn:device': { max: 10, windowMs: 15 * MINUTE },
  'signUp:ip': { max: 10, windowMs: 60 * MINUTE },
  'signUp:account': { max: 5, windowMs: 60 * MINUTE },
  'resetRequest:ip': { max: 10, windowMs: 60 * MINUTE },
  'resetRequest:account': { max: 3, windowMs: 60 * MINUTE },
  'resend:ip': { max: 10, windowMs: 60 * MINUTE },
  'resend:account': { max: 5, windowMs: 60 * MINUTE },
  'password:account': { max: 10, windowMs: 15 * MINUTE },
  'contact:ip': { max: 5, windowMs: 60 * MINUTE },
  'feedback:ip': { max: 5, windowMs: 60 * MINUTE },
  'message:account': { max: 30, windowMs: 10_000 },
  // Replay pages and read marks cost the server like sends do; a client needs a few per (re)connect.
  'sync:account': { max: 60, windowMs: 10_000 },
  'read:account': { max: 60, windowMs: 10_000 },
  'upload:account': { max: 30, windowMs: 60 * MINUTE },
  'report:account': { max: 20, windowMs: 60 * MINUTE },
  'pageView:ip': { max: 120, windowMs: MINUTE },
  'checkout:account': { max: 30, windowMs: 60 * MINUTE },
  // A place field asks as the member types (a few letters, paused): generous, but not a way to copy the gazetteer.
  'places:account': { max: 120, windowMs: MINUTE },
  // Pods (issue 34): starting one is rare; joining, asking and leaving are a few clicks, never a stream.
  'podStart:account': { max: 5, windowMs: 60 * MINUTE },
  'podJoin:account': { max: 60, windowMs: 60 * MINUTE },
  // Meetups (issue 35): a pod meets every week or two; going and not going are changed now and then.
  'meetupPropose:account': { max: 10, windowMs: 60 * MINUTE },
  'meetupAnswer:account': { max: 60, windowMs: 60 * MINUTE },
  // "Tell a friend" mails an address the member types: enough for a few meetups a week, never a mailing list.
  'meetupTellFriend:account': { max: 10, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;

export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = Date.now();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (now - lastSweep > 60_000) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        lastSweep = now;
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowMs });
        return 1;
      }
      current.count += 1;
      return current.count;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The subject a per-address limit counts: an IPv4 address itself, an IPv6 address by its /64 (one
 * household or server gets a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function addressBucket(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(address)) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // A trailing IPv4 part (::1.2.3.4) stands for two groups; it lies past the /64 anyway.
  const tailGroups = groups(tail).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const headGroups = groups(head);
  const all = [
    ...headGroups,
    ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
    ...tailGroups,
  ];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export function createRateLimiter(
  store: RateLimitStore,
  overrides: Partial<Record<string, RateLimitRule>> = {},
  /** Told of every refusal, by the limit's name (the metrics count them). */
  onRefused: (name: RateLimitName) => void = () => undefined,
) {
  return {
    /** Counts one attempt; over the limit it throws RATE_LIMITED ('Too many requests…'). */
    async check(name: RateLimitName, subject: string): Promise<void> {
      const rule = overrides[name] ?? DEFAULT_RATE_LIMITS[name];
      const key = name.endsWith(':ip') ? addressBucket(subject) : subject;
      const hits = await store.hit(`${name}:${key}`, rule.windowMs);
      if (hits > rule.max) {
        onRefused(name);
        throw appError('RATE_LIMITED', COMMON_ERRORS.tooManyRequests);
      }
    },
  };
}
