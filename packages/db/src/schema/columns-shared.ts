import type { Dialect, Kit } from './kit.ts';

// What tables.ts and tables-groups.ts both use to declare columns.

/** A row's creation time, set by the application when it writes the row. */
export const now = () => new Date();

/**
 * The JSON column helpers of one dialect. JSON columns carry their default in SQL (DEFAULT '[]' / '{}'),
 * not only in JavaScript ($defaultFn): a column added to a table that has rows needs one, or ALTER TABLE …
 * ADD … NOT NULL fails on every database that already has members (tests/api/upgrade.test.ts upgrades
 * populated databases).
 */
export function jsonColumns<D extends Dialect>({ json }: Kit<D>) {
  return {
    /** Several ids of one catalog (a multi-select), or any list: `[]` when not set. */
    list: <T>(name: string) => json(name).$type<T[]>().notNull().default([]),
    /** A level for some ids of a catalog ("item with a level", e.g. the Big Five): `{}` when not set. */
    levels: <K extends string, L extends string>(name: string) =>
      json(name).$type<Partial<Record<K, L>>>().notNull().default({}),
    /** A JSON object of any shape: `{}` when not set. */
    object: (name: string) => json(name).$type<Record<string, unknown>>().notNull().default({}),
  };
}
