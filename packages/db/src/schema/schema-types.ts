// Type-level test, checked by `pnpm typecheck`: both dialects must infer the same select and insert types
// for every table. Adding a column (or changing its type or nullability) in one schema file only makes
// the assertions below fail to compile.
import type { Table } from 'drizzle-orm';
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
