// Column helpers for SQLite. columns.pg.ts offers the same names with the same TypeScript types, so tables.ts
// is written once with them and infers identical row types (checked by schema.test.ts and schema-types.ts).
import { integer, text } from 'drizzle-orm/sqlite-core';

export const id = (name: string) => text(name);
export const str = (name: string) => text(name);
export const int = (name: string) => integer(name, { mode: 'number' });
/** A reference to a serial id (64-bit on both dialects). */
export const bigInt = (name: string) => integer(name, { mode: 'number' });
export const bool = (name: string) => integer(name, { mode: 'boolean' });
/** A point in time; stored as epoch milliseconds. */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
export const json = (name: string) => text(name, { mode: 'json' });
/** An ever-increasing integer key, for rows read in insertion order (messages, page views, mail). */
export const serial = (name: string) => integer(name, { mode: 'number' }).primaryKey({ autoIncrement: true });
