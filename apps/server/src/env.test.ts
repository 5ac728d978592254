import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hideUrlPassword } from '@amiko/db/url';
import { ConfigError, envSchema, modeNotice, readEnv } from './env.ts';

// The README's configuration table is where operators look for a setting: every variable the server reads
// has its row there, so a new one cannot be added without saying what it does.
describe('the README’s configuration table', () => {
  it('names every environment variable the server reads', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('### Development conveniences'),
    );
    const missing = Object.keys(envSchema.shape).filter((name) => !table.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});

describe('the mode (NODE_ENV)', () => {
  it('is production when PUBLIC_URL is https and NODE_ENV is unset, and says so in one line', () => {
    const source = { PUBLIC_URL: 'https://amiko.example' };
    const env = readEnv(source);
    expect(env.NODE_ENV).toBe('production');
    expect(modeNotice(source, env)).toEqual({
      level: 'info',
      message: expect.stringContaining('NODE_ENV is not set and PUBLIC_URL is https: running in production'),
    });
  });

  it('stays development on a plain-http or unset PUBLIC_URL, without a notice', () => {
    for (const source of [{}, { PUBLIC_URL: 'http://localhost:3000' }, { PUBLIC_URL: 'http://10.0.0.5' }]) {
      const env = readEnv(source);
      expect(env.NODE_ENV).toBe('development');
      expect(modeNotice(source, env)).toBeNull();
    }
  });

  it('obeys a NODE_ENV set on purpose, and warns when it is not production on an https address', () => {
    for (const NODE_ENV of ['development', 'test'] as const) {
      const source = { NODE_ENV, PUBLIC_URL: 'https://amiko.example' };
      const env = readEnv(source);
      expect(env.NODE_ENV).toBe(NODE_ENV);
      expect(modeNotice(source, env)).toEqual({
        level: 'warn',
        message: expect.stringMatching(new RegExp(`^NODE_ENV=${NODE_ENV} with an https PUBLIC_URL: `)),
      });
    }
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://amiko.example' };
    expect(modeNotice(production, readEnv(production))).toBeNull();
  });
});

describe('a refused setting', () => {
  it('is named in one line that never holds the password of a URL', () => {
    const refusals: [Record<string, string>, RegExp][] = [
      [{ SMTP_URL: 'http://mailer:s3cretpw@mail.example:587' }, /^SMTP_URL must be an smtp/],
      [{ SMTP_CATCHER_URL: 'mailpit:s3cretpw@x' }, /^SMTP_CATCHER_URL must be an smtp/],
      [{ REDIS_URL: 'http://:s3cretpw@redis:6379' }, /^REDIS_URL must be a redis:\/\/ URL/],
      [{ DATABASE_URL: 'mysql://amiko:s3cretpw@db/amiko' }, /^DATABASE_URL must start with postgres:\/\//],
    ];
    for (const [source, message] of refusals) {
      let error: unknown;
      try {
        readEnv(source);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(source)).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).message;
      expect(text).toMatch(message);
      expect(text).not.toContain('s3cretpw');
      expect(text).not.toContain('\n');
    }
    // No URL a parser takes (a space in the password): hidden by pattern, up to the value's last @.
    expect(() => readEnv({ SMTP_URL: 'redis://:s3cret pw@h' })).toThrow(
      new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL (got "redis://:***@h")'),
    );
    // As the messages of an unreachable Redis or PostgreSQL show the URL (a space is valid in a redis:// one).
    expect(hideUrlPassword('redis://:s3cret pw@h:6379')).toBe('redis://:***@h:6379');
    expect(hideUrlPassword('postgres://amiko:s3cret pw@db/amiko')).toBe('postgres://amiko:***@db/amiko');
    expect(hideUrlPassword('redis://redis:6379')).toBe('redis://redis:6379');
    for (const [name, value] of [
      ['SMTP_URL', 'ftp://mailer:s3cretpw with space@mail.example:587'],
      ['SMTP_CATCHER_URL', 'http://u:s3cretpw"q@x'],
      ['REDIS_URL', 'http://:s3cretpw @redis:6379'],
      ['DATABASE_URL', 'mysql://amiko:s3cret pw@db/amiko'],
      ['DATABASE_URL', 'postgres://amiko:s3cretpw@[bad/amiko'],
    ] as const) {
      let text = '';
      try {
        readEnv({ [name]: value });
      } catch (caught) {
        text = (caught as Error).message;
      }
      expect(text, value).toMatch(new RegExp(`^${name} `));
      expect(text, value).not.toMatch(/s3cret|pw@|space/);
    }
    expect(new ConfigError('got "smtp://user:s3cretpw@mail.example"').message).toBe(
      'got "smtp://user:***@mail.example"',
    );
  });
});
