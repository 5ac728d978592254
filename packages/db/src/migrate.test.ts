import { describe, expect, it } from 'vitest';
import { loadMigrations } from './migrate.ts';

// tests/api/upgrade.test.ts upgrades populated databases of every earlier version; this says the commonest
// way to break that in one line, before any database runs: a NOT NULL column added without an SQL default
// (a JavaScript-side $defaultFn is not one), which SQLite and PostgreSQL refuse on a table that has rows.
describe('migrations', () => {
  it.each(['sqlite', 'pg'] as const)('(%s) add no NOT NULL column without an SQL default', (dialect) => {
    const offending = loadMigrations(dialect).flatMap(({ tag, statements }) =>
      statements
        .filter((s) => /\bADD\b(\s+COLUMN)?\s/i.test(s) && /\bNOT NULL\b/i.test(s) && !/\bDEFAULT\b/i.test(s))
        .map((s) => `${tag}: ${s}`),
    );
    expect(
      offending,
      'give the column an SQL default (.default(…), or the list/levels/object helpers of tables.ts) or let it be null',
    ).toEqual([]);
  });
});
