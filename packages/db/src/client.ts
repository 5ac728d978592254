import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { startBackgroundCheckpoints } from './checkpoint.ts';
import { migrateDatabase } from './migrate.ts';
import { sendMessageInPostgres, type SendMessageOutcome, type SendMessageRequest } from './send-message.ts';
import { createSqliteSends } from './sqlite-sends.ts';
import { pgSchema, sqliteSchema, type Schema } from './schema/index.ts';
import { parseDatabaseUrl, redactUrl } from './url.ts';

/** A write without `.returning()` resolves to the driver's own result, which differs: nothing to read. */
interface WriteResult extends PgQueryResultHKT {
  type: unknown;
}

/**
 * The query builder every query is written against: drizzle's PostgreSQL builder, without raw SQL
 * (`execute`) and its own transactions (use Database.transaction). SQLite's database is seen through it
 * (one cast below): both run the same drizzle queries, and the SQLite-only ways to run one (`.get()`,
 * `.all()`, `.run()`, `.values()`) do not compile. The few real differences are in dialect.ts.
 */
export type Db = Pick<PgDatabase<WriteResult, Schema>, 'select' | 'insert' | 'update' | 'delete'>;
export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  dialect: Dialect;
  db: Db;
  /** The tables of this database's dialect. */
  t: Schema;
  /**
   * Runs `fn` in a transaction and returns its result; a nested call joins the outer transaction.
   * Keep awaits inside to database work: on SQLite the transaction holds the one connection.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Stores a private message (checks, conversation, message, counters) in its own transaction; the send
   * path of messaging, one call on both dialects (send-message.ts). Not for use inside transaction().
   */
  sendMessage(request: SendMessageRequest): Promise<SendMessageOutcome>;
  /** Applies pending migrations; safe to run from several processes at once. */
  migrate(): Promise<void>;
  /** Where the data lives, without secrets, for logs. */
  location: string;
  /** The raw driver, for the few things drizzle does not cover (health checks, tests). */
  raw: { kind: 'sqlite'; client: BetterSqlite3.Database } | { kind: 'postgres'; client: postgres.Sql };
  close(): Promise<void>;
}

/** How long a connection waits for another process's write lock before SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

export interface DatabaseOptions {
  /** DATABASE_URL; unset means ./data/amiko.db. */
  url?: string | undefined;
  /** PostgreSQL pool size per process. */
  poolSize?: number;
}

/** A SQLite transaction callback awaited something other than the database (see transaction()). */
export class TransactionAwaitError extends Error {
  override name = 'TransactionAwaitError';
  constructor() {
    super('A SQLite transaction awaited non-database work; do that work before or after the transaction.');
  }
}
const PG_RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock

export function openDatabase(options: DatabaseOptions = {}): Database {
  const target = parseDatabaseUrl(options.url);
  return target.dialect === 'sqlite'
    ? openSqlite(target.file)
    : openPostgres(target.url, options.poolSize ?? 10);
}

function openSqlite(file: string): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const client = new BetterSqlite3(file);
  client.pragma('journal_mode = WAL');
  client.pragma('foreign_keys = ON');
  client.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  client.pragma('synchronous = NORMAL');
  // Checkpoints run in a worker thread, never inside a COMMIT on the event loop (checkpoint.ts).
  const checkpoints =
    file === ':memory:' ? null : startBackgroundCheckpoints(file, { busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS });
  if (checkpoints) client.pragma('wal_autocheckpoint = 0');
  // The one place where SQLite is seen through the PostgreSQL-typed query builder (see Db); its tables infer
  // the same row types (schema-types.ts).
  const db = drizzleSqlite({ client, schema: sqliteSchema }) as unknown as Db;
  const t = sqliteSchema as unknown as Schema;

  // One write at a time on this connection: its transactions and the batches of messages (sqlite-sends.ts)
  // wait for each other here.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = queue.then(fn, fn);
    queue = result.catch(() => undefined);
    return result;
  };
  const sends = createSqliteSends({ client, exclusive });

  // better-sqlite3 transactions are synchronous: an async callback would commit before its awaits ran.
  // So transactions are opened by hand (IMMEDIATE takes the write lock at once, which other processes
  // wait for through busy_timeout) and queued, so two never interleave on the one connection.
  const inTransaction = new AsyncLocalStorage<true>();
  const transaction = <T>(fn: (tx: Db) => Promise<T>): Promise<T> => {
    if (inTransaction.getStore()) return fn(db);
    return exclusive(() =>
      inTransaction.run(true, async () => {
        client.exec('BEGIN IMMEDIATE');
        // A callback that awaits anything but this database lets other requests' statements run inside
        // the open transaction. Such a wait always crosses to a later turn of the event loop, which this
        // probe notices: the transaction is then rolled back and the mistake reported, never shipped.
        let crossedTurn = false;
        const probe = setImmediate(() => {
          crossedTurn = true;
        });
        try {
          const result = await fn(db);
          if (crossedTurn) throw new TransactionAwaitError();
          client.exec('COMMIT');
          return result;
        } catch (error) {
          if (client.inTransaction) client.exec('ROLLBACK');
          throw error;
        } finally {
          clearImmediate(probe);
        }
      }),
    );
  };

  return {
    dialect: 'sqlite',
    db,
    t,
    transaction,
    sendMessage(request) {
      // Its batch would queue behind the transaction waiting for it.
      if (inTransaction.getStore())
        return Promise.reject(new Error('sendMessage cannot run inside a transaction'));
      return sends.send(request);
    },
    migrate: () => migrateDatabase({ kind: 'sqlite', client }),
    location: `sqlite:${file}`,
    raw: { kind: 'sqlite', client },
    close: async () => {
      await sends.close();
      await queue;
      await checkpoints?.stop();
      client.close();
    },
  };
}

function openPostgres(url: string, poolSize: number): Database {
  const client = postgres(url, { max: poolSize, onnotice: () => undefined });
  const pg = drizzlePostgres({ client, schema: pgSchema });
  const db: Db = pg;
  const t = pgSchema;

  const inTransaction = new AsyncLocalStorage<Db>();
  const transaction = async <T>(fn: (tx: Db) => Promise<T>): Promise<T> => {
    const outer = inTransaction.getStore();
    if (outer) return fn(outer);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await pg.transaction((tx) => inTransaction.run(tx, () => fn(tx)));
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || !code || !PG_RETRYABLE.has(code)) throw error;
      }
    }
  };

  return {
    dialect: 'postgres',
    db,
    t,
    transaction,
    sendMessage: (request) => sendMessageInPostgres(client, request),
    migrate: () => migrateDatabase({ kind: 'postgres', client }),
    location: redactUrl(url),
    raw: { kind: 'postgres', client },
    close: () => client.end({ timeout: 5 }),
  };
}
