import type { Env } from './env.ts';

/**
 * The development conveniences: the dev mailbox (/dev/mail lists every mail Amiko sends, reset codes
 * included) and test-mode payments (Stripe's test cards grant access without money). Either one on a
 * server that strangers can reach gives away accounts or access, so they are on only where they cannot
 * hurt: a loopback PUBLIC_URL and a loopback listening HOST (PUBLIC_URL unset with HOST=0.0.0.0 is still
 * reachable from the network), no TRUST_PROXY (a proxy on this machine forwards outside traffic to a
 * loopback HOST), outside production; the mailbox also only when mail is not really sent
 * (with SMTP_URL set the members get their mail, and a copy on a web page is only a leak; with
 * SMTP_CATCHER_URL the catcher shows it), and test
 * payments only in development (a staging server with NODE_ENV=test is still a server).
 */
export interface DevConveniences {
  mailbox: boolean;
  testPayments: boolean;
  /**
   * Push services on this machine (http://127.0.0.1:…) are allowed as members' push endpoints: a developer's
   * or a test's own. On a reachable server a member could otherwise make it post to the machine's own ports.
   */
  localPushServices: boolean;
  /** One line for the start-up log naming what is off and why; null when both are on. */
  offNotice: string | null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** PUBLIC_URL unset means http://localhost:PORT, which is loopback. */
export function isLoopbackUrl(url: string | undefined): boolean {
  return url === undefined || LOOPBACK_HOSTS.has(new URL(url).hostname);
}

/** Whether a server listening on HOST is reached only from this machine (IPv6 with or without brackets). */
export function isLoopbackInterface(host: string): boolean {
  const name = host.toLowerCase();
  return LOOPBACK_HOSTS.has(name.includes(':') && !name.startsWith('[') ? `[${name}]` : name);
}

export function devConveniences(
  env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'SMTP_URL' | 'HOST' | 'TRUST_PROXY'> &
    Partial<Pick<Env, 'SMTP_CATCHER_URL'>>,
): DevConveniences {
  const reachable = !isLoopbackUrl(env.PUBLIC_URL)
    ? `PUBLIC_URL ${new URL(env.PUBLIC_URL!).origin} is not a loopback address`
    : !isLoopbackInterface(env.HOST)
      ? `HOST ${env.HOST} is not a loopback interface`
      : env.TRUST_PROXY
        ? 'TRUST_PROXY is set: a proxy forwards outside traffic'
        : null;
  const mailboxOff =
    env.NODE_ENV === 'production'
      ? 'NODE_ENV=production'
      : (reachable ??
        (env.SMTP_URL ? 'SMTP_URL is set' : env.SMTP_CATCHER_URL ? 'SMTP_CATCHER_URL is set' : null));
  const paymentsOff = env.NODE_ENV !== 'development' ? `NODE_ENV=${env.NODE_ENV}` : reachable;
  const off = [
    mailboxOff && `the dev mailbox (${mailboxOff})`,
    paymentsOff && `test-mode payments (${paymentsOff})`,
  ].filter(Boolean);
  return {
    mailbox: mailboxOff === null,
    testPayments: paymentsOff === null,
    localPushServices: env.NODE_ENV !== 'production' && reachable === null,
    offNotice: off.length ? `development conveniences off: ${off.join(', ')}` : null,
  };
}
