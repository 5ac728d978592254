// Type-level test, checked by `pnpm typecheck` (schema-types.test.ts shows each assertion can fail).
// 1. Both dialects infer the same select and insert types for every table: the column helpers of
//    columns.sqlite.ts and columns.pg.ts must agree. 2. The kit (kit.ts) gives a table exactly the type
//    drizzle gives it written out directly, for every helper and every step tables.ts uses.
import type { Table } from 'drizzle-orm';
import { pgTable } from 'drizzle-orm/pg-core';
import { sqliteTable } from 'drizzle-orm/sqlite-core';
import * as pgColumns from './columns.pg.ts';
import * as sqliteColumns from './columns.sqlite.ts';
import type { Dialect, Kit } from './kit.ts';
import type * as pg from './pg.ts';
import type * as sqlite from './sqlite.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Tables<S> = { [K in keyof S as S[K] extends Table ? K : never]: S[K] };
type SelectRows<S> = {
  [K in keyof Tables<S>]: Tables<S>[K] extends Table ? Tables<S>[K]['$inferSelect'] : never;
};
type InsertRows<S> = {
  [K in keyof Tables<S>]: Tables<S>[K] extends Table ? Tables<S>[K]['$inferInsert'] : never;
};

export const sameTables: Equal<keyof Tables<typeof sqlite>, keyof Tables<typeof pg>> = true;
export const sameSelectRows: Equal<SelectRows<typeof sqlite>, SelectRows<typeof pg>> = true;
export const sameInsertRows: Equal<InsertRows<typeof sqlite>, InsertRows<typeof pg>> = true;

const now = () => new Date();

/** Every helper and step of tables.ts, through a kit. */
export function sample<D extends Dialect>({
  table,
  id,
  str,
  int,
  bigInt,
  bool,
  timestamp,
  json,
  serial,
}: Kit<D>) {
  const parent = table('parent', { id: id('id').primaryKey() });
  return table('sample', {
    serial: serial('serial'),
    parentId: id('parent_id')
      .notNull()
      .references(() => parent.id, { onDelete: 'cascade' }),
    typed: str('typed').$type<'a' | 'b'>().notNull().default('a'),
    text: str('text'),
    count: int('count').notNull().default(0),
    big: bigInt('big'),
    flag: bool('flag').notNull().default(false),
    list: json('list')
      .$type<string[]>()
      .notNull()
      .$defaultFn(() => []),
    at: timestamp('at').notNull().$defaultFn(now).$onUpdate(now),
  });
}

const s = sqliteColumns;
const sqliteParent = sqliteTable('parent', { id: s.id('id').primaryKey() });
export const sqliteSample = sqliteTable('sample', {
  serial: s.serial('serial'),
  parentId: s
    .id('parent_id')
    .notNull()
    .references(() => sqliteParent.id, { onDelete: 'cascade' }),
  typed: s.str('typed').$type<'a' | 'b'>().notNull().default('a'),
  text: s.str('text'),
  count: s.int('count').notNull().default(0),
  big: s.bigInt('big'),
  flag: s.bool('flag').notNull().default(false),
  list: s
    .json('list')
    .$type<string[]>()
    .notNull()
    .$defaultFn(() => []),
  at: s.timestamp('at').notNull().$defaultFn(now).$onUpdate(now),
});

const p = pgColumns;
const pgParent = pgTable('parent', { id: p.id('id').primaryKey() });
export const pgSample = pgTable('sample', {
  serial: p.serial('serial'),
  parentId: p
    .id('parent_id')
    .notNull()
    .references(() => pgParent.id, { onDelete: 'cascade' }),
  typed: p.str('typed').$type<'a' | 'b'>().notNull().default('a'),
  text: p.str('text'),
  count: p.int('count').notNull().default(0),
  big: p.bigInt('big'),
  flag: p.bool('flag').notNull().default(false),
  list: p
    .json('list')
    .$type<string[]>()
    .notNull()
    .$defaultFn(() => []),
  at: p.timestamp('at').notNull().$defaultFn(now).$onUpdate(now),
});

export const exactSqliteTables: Equal<ReturnType<typeof sample<'sqlite'>>, typeof sqliteSample> = true;
export const exactPgTables: Equal<ReturnType<typeof sample<'pg'>>, typeof pgSample> = true;
