import type BetterSqlite3 from 'better-sqlite3';

/** How long a connection waits for another process's write lock before SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * The settings of the server's connection (client.ts); the checkpoint thread's connection only needs the
 * busy timeout. WAL lets readers run beside the one writer; NORMAL syncs only at checkpoints, which the
 * checkpoint thread runs, so the server's connection does not checkpoint itself (wal_autocheckpoint = 0).
 */
export function configureSqliteConnection(
  client: BetterSqlite3.Database,
  options: { checkpointsElsewhere: boolean },
): void {
  client.pragma('journal_mode = WAL');
  client.pragma('foreign_keys = ON');
  client.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  client.pragma('synchronous = NORMAL');
  if (options.checkpointsElsewhere) client.pragma('wal_autocheckpoint = 0');
}
