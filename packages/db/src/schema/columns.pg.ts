// Column helpers for PostgreSQL; see columns.sqlite.ts.
import { bigint, boolean, integer, jsonb, text, timestamp as pgTimestamp } from 'drizzle-orm/pg-core';

export const id = (name: string) => text(name);
export const str = (name: string) => text(name);
export const int = (name: string) => integer(name);
export const bigInt = (name: string) => bigint(name, { mode: 'number' });
export const bool = (name: string) => boolean(name);
export const timestamp = (name: string) => pgTimestamp(name, { withTimezone: true, mode: 'date' });
export const json = (name: string) => jsonb(name);
export const serial = (name: string) =>
  bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
