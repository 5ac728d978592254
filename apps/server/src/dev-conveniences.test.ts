import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { devConveniences, isLoopbackInterface, isLoopbackUrl } from './dev-conveniences.ts';

const NODE_ENVS = ['development', 'test', 'production'] as const;
const PUBLIC_URLS = [
  undefined,
  'http://localhost:3000',
  'http://127.0.0.1:8080',
  'http://[::1]:3000',
  'https://amiko.example',
];
const SMTP_URLS = [undefined, 'smtp://mail.example:587'];
const HOSTS = ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::', '192.168.1.20'];

/**
 * http(s) URLs with any host a PUBLIC_URL may name: domains, IPv4 and IPv6 addresses, and names that merely
 * start like a loopback one; a port and a path or not. Built from parts: fast-check's webUrl draws paths,
 * queries and fragments this test does not need, at about 45 ms a URL.
 */
const anyHttpUrl = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.oneof(
      fc.domain(),
      fc.ipV4(),
      fc.ipV6().map((address) => `[${address}]`),
      fc.constantFrom(
        'localhost',
        '127.0.0.1',
        '[::1]',
        'localhost.evil.example',
        '127.0.0.1.nip.io',
        'sub.localhost',
        'localhostx.example',
        '[::ffff:127.0.0.1]',
      ),
    ),
    fc.option(fc.integer({ min: 1, max: 65_535 }), { nil: undefined }),
    fc.constantFrom('', '/', '/path', '/a/b?x=1#top'),
  )
  .map(([scheme, host, port, path]) => `${scheme}://${host}${port === undefined ? '' : `:${port}`}${path}`);

describe('development conveniences', () => {
  it('turn on only where they cannot hurt, for every combination', () => {
    for (const NODE_ENV of NODE_ENVS) {
      for (const PUBLIC_URL of PUBLIC_URLS) {
        for (const SMTP_URL of SMTP_URLS) {
          for (const HOST of HOSTS) {
            for (const TRUST_PROXY of [false, true]) {
              const loopback =
                PUBLIC_URL !== 'https://amiko.example' &&
                ['localhost', '127.0.0.1', '::1'].includes(HOST) &&
                !TRUST_PROXY;
              const result = devConveniences({ NODE_ENV, PUBLIC_URL, SMTP_URL, HOST, TRUST_PROXY });
              const label = `${NODE_ENV} ${PUBLIC_URL} ${SMTP_URL} ${HOST} ${TRUST_PROXY}`;
              expect(result.mailbox, label).toBe(NODE_ENV !== 'production' && loopback && !SMTP_URL);
              expect(result.testPayments, label).toBe(NODE_ENV === 'development' && loopback);
              expect(result.offNotice === null, label).toBe(result.mailbox && result.testPayments);
            }
          }
        }
      }
    }
  });

  it('allow push services on this machine only where the other conveniences are safe (issue 31)', () => {
    const base = {
      NODE_ENV: 'development',
      PUBLIC_URL: undefined,
      SMTP_URL: 'smtp://mail.example',
      HOST: '127.0.0.1',
      TRUST_PROXY: false,
    } as const;
    expect(devConveniences(base).localPushServices).toBe(true);
    expect(devConveniences({ ...base, NODE_ENV: 'test' }).localPushServices).toBe(true);
    expect(devConveniences({ ...base, NODE_ENV: 'production' }).localPushServices).toBe(false);
    expect(devConveniences({ ...base, PUBLIC_URL: 'https://amiko.example' }).localPushServices).toBe(false);
    expect(devConveniences({ ...base, HOST: '0.0.0.0' }).localPushServices).toBe(false);
    expect(devConveniences({ ...base, TRUST_PROXY: true }).localPushServices).toBe(false);
  });

  it('say in one line what is off and why', () => {
    expect(
      devConveniences({
        NODE_ENV: 'development',
        PUBLIC_URL: undefined,
        SMTP_URL: undefined,
        HOST: 'localhost',
        TRUST_PROXY: false,
      }),
    ).toEqual({
      mailbox: true,
      testPayments: true,
      localPushServices: true,
      offNotice: null,
    });
    expect(
      devConveniences({
        NODE_ENV: 'development',
        PUBLIC_URL: 'https://amiko.example/',
        SMTP_URL: undefined,
        HOST: 'localhost',
        TRUST_PROXY: false,
      }).offNotice,
    ).toBe(
      'development conveniences off: the dev mailbox (PUBLIC_URL https://amiko.example is not a loopback address), test-mode payments (PUBLIC_URL https://amiko.example is not a loopback address)',
    );
    expect(
      devConveniences({
        NODE_ENV: 'test',
        PUBLIC_URL: undefined,
        SMTP_URL: 'smtp://mail.example',
        HOST: '::1',
        TRUST_PROXY: false,
      }).offNotice,
    ).toBe(
      'development conveniences off: the dev mailbox (SMTP_URL is set), test-mode payments (NODE_ENV=test)',
    );
    expect(
      devConveniences({
        NODE_ENV: 'production',
        PUBLIC_URL: undefined,
        SMTP_URL: undefined,
        HOST: 'localhost',
        TRUST_PROXY: false,
      }).offNotice,
    ).toBe(
      'development conveniences off: the dev mailbox (NODE_ENV=production), test-mode payments (NODE_ENV=production)',
    );
  });

  it('are off on a server listening on every interface, even with PUBLIC_URL unset', () => {
    expect(
      devConveniences({
        NODE_ENV: 'development',
        PUBLIC_URL: undefined,
        SMTP_URL: undefined,
        HOST: '0.0.0.0',
        TRUST_PROXY: false,
      }).offNotice,
    ).toBe(
      'development conveniences off: the dev mailbox (HOST 0.0.0.0 is not a loopback interface), test-mode payments (HOST 0.0.0.0 is not a loopback interface)',
    );
  });

  it('are off behind a proxy (TRUST_PROXY), even on loopback addresses', () => {
    expect(
      devConveniences({
        NODE_ENV: 'development',
        PUBLIC_URL: 'http://127.0.0.1:3000',
        SMTP_URL: undefined,
        HOST: '127.0.0.1',
        TRUST_PROXY: true,
      }).offNotice,
    ).toBe(
      'development conveniences off: the dev mailbox (TRUST_PROXY is set: a proxy forwards outside traffic), test-mode payments (TRUST_PROXY is set: a proxy forwards outside traffic)',
    );
  });

  it('count only localhost, 127.0.0.1 and ::1 as loopback interfaces', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '::1', '[::1]']) {
      expect(isLoopbackInterface(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '[::]',
      '10.0.0.1',
      'amiko.example',
      '::ffff:0.0.0.0',
      'localhost.evil',
    ]) {
      expect(isLoopbackInterface(host), host).toBe(false);
    }
  });

  it('count only localhost, 127.0.0.1 and [::1] as loopback', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          anyHttpUrl,
          fc.constantFrom('http://localhost:3000', 'https://127.0.0.1', 'http://[::1]:8080/path?x=1'),
        ),
        (url) => {
          const host = new URL(url).hostname;
          expect(isLoopbackUrl(url)).toBe(['localhost', '127.0.0.1', '[::1]'].includes(host));
        },
      ),
    );
    for (const url of [
      'http://localhost.evil.example',
      'http://127.0.0.1.nip.io',
      'http://0.0.0.0:3000',
      'http://10.0.0.1',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
    expect(isLoopbackUrl(undefined)).toBe(true);
  });
});
