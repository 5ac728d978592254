import * as pg from './pg.ts';
import * as sqlite from './sqlite.ts';

/**
 * The tables of whichever dialect is in use. Queries are typed against the SQLite tables; the PostgreSQL
 * tables infer the same row types (schema-types.ts), which makes the one cast in client.ts sound.
 */
export type Schema = typeof sqlite;
export const sqliteSchema: Schema = sqlite;
export const pgSchema = pg;
export type * from './types.ts';
