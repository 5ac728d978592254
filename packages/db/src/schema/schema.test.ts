import { getTableConfig as pgConfig } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig } from 'drizzle-orm/sqlite-core';
import { getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as pg from './pg.ts';
import * as sqlite from './sqlite.ts';

// The run-time half of the schema check (the compile-time half is schema-types.ts): both dialects declare
// the same tables, with the same SQL column names, nullability, keys and indexes, in the same order.
function describeSchema(
  schema: Record<string, unknown>,
  config: (t: never) => {
    columns: { name: string; notNull: boolean; primary: boolean }[];
    indexes: { config: { name: string } }[];
  },
) {
  return Object.entries(schema)
    .filter(([, value]) => is(value, Table))
    .map(([key, value]) => {
      const t = config(value as never);
      return {
        key,
        name: getTableName(value as Table),
        columns: t.columns.map((c) => `${c.name}${c.notNull ? ' not null' : ''}${c.primary ? ' pk' : ''}`),
        indexes: t.indexes.map((i) => i.config.name),
      };
    });
}

describe('schema', () => {
  it('declares the same tables and columns for SQLite and PostgreSQL', () => {
    const lite = describeSchema(sqlite, sqliteConfig as never);
    const postgres = describeSchema(pg, pgConfig as never);
    expect(lite.map((t) => t.name)).toEqual(postgres.map((t) => t.name));
    expect(lite).toEqual(postgres);
  });

  it('covers the whole data model', () => {
    const names = describeSchema(sqlite, sqliteConfig as never).map((t) => t.name);
    for (const table of [
      'members',
      'sessions',
      'auth_tokens',
      'favorites',
      'blocks',
      'conversations',
      'conversation_participants',
      'messages',
      'payments',
      'webhook_events',
      'feedback',
      'contact_messages',
      'page_views',
      'outgoing_mail',
      'reports',
      'moderation_actions',
      'app_counters',
    ]) {
      expect(names).toContain(table);
    }
  });
});
