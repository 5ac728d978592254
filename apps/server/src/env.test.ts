import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './env.ts';

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
