import * as pg from './pg.ts';
import * as sqlite from './sqlite.ts';

/**
 * The tables of whichever dialect is in use. Queries are typed against the PostgreSQL tables (see Db in
 * client.ts); the SQLite tables infer the same row types (schema-types.ts), which makes the one cast in
 * client.ts sound.
 */
export type Schema = typeof pg;
export const pgSchema: Schema = pg;
export const sqliteSchema = sqlite;
export type * from './types.ts';
