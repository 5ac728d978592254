import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { startBackgroundCheckpoints } from './checkpoint.ts';
import { migrateDatabase, pendingMigrations, type MigrateOptions } from './migrate.ts';
import { createPostgresSends } from './pg-sends.ts';
import type { SendMessageOutcome, SendMessageRequest } from './send-message.ts';
import {
  sendPodMessageInPostgres,
  type SendPodMessageOutcome,
  type SendPodMessageRequest,
} from './send-pod-message.ts';
import { createSqliteSends } from './sqlite-sends.ts';
import { pgSchema, sqliteSchema, type Schema } from './schema/index.ts';
import { parseDatabaseUrl, hideUrlPassword } from './url.ts';

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
  /**
   * Stores a message to a pod (membership, message, the recipients' unread counts) in its own transaction,
   * as sendMessage does a private one (send-pod-message.ts). Not for use inside transaction().
   */
  sendPodMessage(request: SendPodMessageRequest): Promise<SendPodMessageOutcome>;
  /** Applies pending migrations; safe to run from several processes at once. */
  migrate(options?: MigrateOptions): Promise<void>;
  /** The migrations not applied yet (the command-line tools refuse a database that needs them). */
  pendingMigrations(): Promise<string[]>;
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
  /**
   * Told how long each statement took, in seconds, from issuing it until its result arrived (the server's
   * metrics). Without it nothing is timed.
   */
  onQuery?: (seconds: number) => void;
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
    ? openSqlite(target.file, options.onQuery)
    : openPostgres(target.url, options.poolSize ?? 10, options.onQuery);
}

/**
 * SQLite: every statement comes from client.prepare (drizzle's and the send path's alike) and runs
 * synchronously, so each prepared statement's run/get/all is timed where it runs. `raw()` returns the same
 * statement, so its calls are timed too.
 */
function timeSqliteStatements(client: BetterSqlite3.Database, onQuery: (seconds: number) => void): void {
  const prepare = client.prepare.bind(client);
  const timed = ((source: string) => {
    const statement = prepare(source) as unknown as Record<string, unknown>;
    for (const method of ['run', 'get', 'all'] as const) {
      const call = statement[method] as (...args: unknown[]) => unknown;
      statement[method] = function (this: unknown, ...args: unknown[]) {
        const started = performance.now();
        try {
          return call.apply(this, args);
        } finally {
          onQuery((performance.now() - started) / 1000);
        }
      };
    }
    return statement;
  }) as unknown as typeof client.prepare;
  client.prepare = timed;
}

/**
 * PostgreSQL: postgres.js runs a query when it is awaited; drizzle issues every query through `unsafe` on
 * the pool or on a transaction's connection (begin, savepoint), the send path as a tagged template. The
 * client is wrapped so that each query it makes is timed from creation until it settles; a query that is
 * never awaited (a fragment inside another) is never observed.
 */
function timedPostgres(sql: postgres.Sql, onQuery: (seconds: number) => void): postgres.Sql {
  const observe = <Q>(query: Q): Q => {
    if (query instanceof Promise) {
      const started = performance.now();
      const done = () => onQuery((performance.now() - started) / 1000);
      // Promise.prototype.then, not the query's own then(): that one would start the query.
      Promise.prototype.then.call(query, done, done);
    }
    return query;
  };
  const withTimedConnection =
    (method: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const callback = args.at(-1) as (connection: postgres.Sql) => unknown;
      return method(...args.slice(0, -1), (connection: postgres.Sql) =>
        callback(timedPostgres(connection, onQuery)),
      );
    };
  return new Proxy(sql, {
    apply: (target, self, args) => observe(Reflect.apply(target, self, args) as unknown),
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      if (property === 'unsafe') return (...args: unknown[]) => observe(bound(...args));
      if (property === 'begin' || property === 'savepoint') return withTimedConnection(bound);
      return bound;
    },
  });
}

/**
 * Switches the file to WAL (a setting stored in the file, so usually already done). Two processes opening a
 * new file at once both try to upgrade their read lock to switch it, and SQLite answers one of them BUSY at
 * once, without its busy handler (that wait could deadlock): so that one looks again, briefly, until the
 * other has switched it.
 */
function useWal(client: BetterSqlite3.Database): void {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      if (client.pragma('journal_mode', { simple: true }) === 'wal') return;
      client.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

function openSqlite(file: string, onQuery?: (seconds: number) => void): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const client = new BetterSqlite3(file);
  if (onQuery) timeSqliteStatements(client, onQuery);
  client.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  useWal(client);
  client.pragma('foreign_keys = ON');
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
    sendPodMessage(request) {
      if (inTransaction.getStore())
        return Promise.reject(new Error('sendPodMessage cannot run inside a transaction'));
      return sends.sendToPod(request);
    },
    migrate: (options) => migrateDatabase({ kind: 'sqlite', client }, options),
    pendingMigrations: () => pendingMigrations({ kind: 'sqlite', client }),
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

function openPostgres(url: string, poolSize: number, onQuery?: (seconds: number) => void): Database {
  const pool = postgres(url, { max: poolSize, onnotice: () => undefined });
  const client = onQuery ? timedPostgres(pool, onQuery) : pool;
  const pg = drizzlePostgres({ client, schema: pgSchema });
  const sends = createPostgresSends(client);
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
    sendMessage: (request) => sends.send(request),
    sendPodMessage: (request) => sendPodMessageInPostgres(client, request),
    migrate: (options) => migrateDatabase({ kind: 'postgres', client }, options),
    pendingMigrations: () => pendingMigrations({ kind: 'postgres', client }),
    location: hideUrlPassword(url),
    raw: { kind: 'postgres', client },
    async close() {
      await sends.settled();
      await client.end({ timeout: 5 });
    },
  };
}
