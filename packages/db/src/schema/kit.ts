import type { $Type, BuildColumns, Column, ColumnBuilderBase, SQL } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import * as sqlite from 'drizzle-orm/sqlite-core';
import * as pgColumns from './columns.pg.ts';
import * as sqliteColumns from './columns.sqlite.ts';

// What lets tables.ts be written once for both dialects. At run time a kit is simply one dialect's
// column helpers (columns.*.ts) and drizzle's table functions of that dialect (the two kits at the end);
// the types below only describe the chain (`str('x').notNull().default('')`), so that the tables come
// out with exactly the types drizzle gives them written out per dialect (schema-types.ts compares them).
//
// Why not a plain generic function over the dialect's helpers: TypeScript checks a generic body once,
// through the helpers' constraint, so `.default(false)` does not compile there and `$type<T>()` is lost
// after `.notNull()`. Here every step is recorded as data and replayed on the real builder type of each
// dialect (Resolve), with drizzle's own method types.

export type Dialect = 'sqlite' | 'pg';

interface Helpers {
  sqlite: typeof sqliteColumns;
  pg: typeof pgColumns;
}
export type ColumnKind = keyof Helpers['sqlite'] & keyof Helpers['pg'];

type Step =
  { m: '$type'; t: unknown } | { m: 'notNull' | 'default' | '$defaultFn' | '$onUpdate' | 'primaryKey' };

/** Builder type B after one step, as drizzle's method declares it. */
type Apply<B, S> = S extends { m: '$type'; t: infer T }
  ? B extends ColumnBuilderBase
    ? $Type<B, T>
    : never
  : S extends { m: infer M extends keyof B }
    ? B[M] extends (...args: never[]) => infer R
      ? R
      : never
    : never;
type Resolve<B, Steps> = Steps extends [infer S, ...infer Rest] ? Resolve<Apply<B, S>, Rest> : B;

/** What a column holds in TypeScript before any `$type`; the same on both dialects (schema-types.ts). */
type DataOf<K extends ColumnKind> = ReturnType<Helpers['sqlite'][K]>['_']['data'];

type OnDelete = 'cascade' | 'set null' | 'restrict' | 'no action';

/** A column of dialect D being declared: drizzle's builder methods, each recorded in Steps. */
export interface ColumnDef<D extends Dialect, K extends ColumnKind, Data, Steps extends Step[] = []> {
  /** Type-level only: which dialect, helper and steps this column stands for. */
  readonly _def?: [D, K, Steps];
  $type<T>(): ColumnDef<D, K, T, [...Steps, { m: '$type'; t: T }]>;
  notNull(): ColumnDef<D, K, Data, [...Steps, { m: 'notNull' }]>;
  default(value: Data): ColumnDef<D, K, Data, [...Steps, { m: 'default' }]>;
  $defaultFn(fn: () => Data): ColumnDef<D, K, Data, [...Steps, { m: '$defaultFn' }]>;
  $onUpdate(fn: () => Data): ColumnDef<D, K, Data, [...Steps, { m: '$onUpdate' }]>;
  primaryKey(): ColumnDef<D, K, Data, [...Steps, { m: 'primaryKey' }]>;
  references(ref: () => Column, actions?: { onDelete?: OnDelete }): ColumnDef<D, K, Data, Steps>;
}

type Builders<D extends Dialect, C> = {
  [Name in keyof C]: C[Name] extends ColumnDef<Dialect, infer K, unknown, infer Steps>
    ? Resolve<ReturnType<Helpers[D][K]>, Steps>
    : never;
};

/** The table drizzle's sqliteTable or pgTable returns for these columns. */
export type TableOf<D extends Dialect, N extends string, C> = {
  sqlite: sqlite.SQLiteTableWithColumns<{
    name: N;
    schema: undefined;
    columns: BuildColumns<N, Builders<'sqlite', C>, 'sqlite'>;
    dialect: 'sqlite';
  }>;
  pg: pg.PgTableWithColumns<{
    name: N;
    schema: undefined;
    columns: BuildColumns<N, Builders<'pg', C>, 'pg'>;
    dialect: 'pg';
  }>;
}[D];

interface IndexDef {
  where(condition: SQL): IndexDef;
}
interface IndexStart {
  on(...columns: [Column, ...Column[]]): IndexDef;
}

/** One dialect's column helpers (columns.*.ts), table function and constraints. */
export type Kit<D extends Dialect> = {
  [K in ColumnKind]: (name: string) => ColumnDef<D, K, DataOf<K>>;
} & {
  table<N extends string, C extends Record<string, ColumnDef<D, ColumnKind, never, Step[]>>>(
    name: N,
    columns: C,
    constraints?: (t: { [Name in keyof C]: Column }) => unknown[],
  ): TableOf<D, N, C>;
  index(name: string): IndexStart;
  uniqueIndex(name: string): IndexStart;
  primaryKey(config: { columns: [Column, ...Column[]] }): unknown;
};

// The one place where drizzle's builders are seen through the kit's types.
export const sqliteKit = {
  ...sqliteColumns,
  table: sqlite.sqliteTable,
  index: sqlite.index,
  uniqueIndex: sqlite.uniqueIndex,
  primaryKey: sqlite.primaryKey,
} as unknown as Kit<'sqlite'>;
export const pgKit = {
  ...pgColumns,
  table: pg.pgTable,
  index: pg.index,
  uniqueIndex: pg.uniqueIndex,
  primaryKey: pg.primaryKey,
} as unknown as Kit<'pg'>;
