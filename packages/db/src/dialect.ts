import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database, Db } from './client.ts';

// Every place where SQLite and PostgreSQL need different code, outside the send paths (send-message.ts,
// sqlite-sends.ts), the migrations and client.ts. Everything else is written once; lint keeps dialect
// checks out of the other packages (eslint.config.js).

/** Escapes LIKE wildcards in user input; use with `ESCAPE '\'`. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column` contains `term`, ignoring case (SQLite has no ILIKE; its LIKE ignores ASCII case only). */
export function containsInsensitive(database: Database, column: SQLWrapper, term: string): SQL {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  return database.dialect === 'postgres'
    ? sql`${column} ILIKE ${pattern} ESCAPE '\\'`
    : sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * A time as a placeholder's value. Placeholders bypass drizzle's column encoding, so each driver gets the
 * form it stores: epoch milliseconds in SQLite, an ISO string for PostgreSQL's timestamptz.
 */
export function timeParameter(database: Database, date: Date): number | string {
  return database.dialect === 'sqlite' ? date.getTime() : date.toISOString();
}

/** A statement prepared once, run with the placeholders' values. */
export interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** Something drizzle can prepare: a query builder before it is executed. */
interface Preparable<R> {
  prepare(name: string): Prepared<R>;
}

/**
 * Prepares a hot query once, on its first use (building a drizzle query per call costs several times more
 * than running a prepared one; SQLite can only prepare once the tables exist, i.e. after migrations).
 * PostgreSQL prepared statements need a name; SQLite's prepare() takes none and ignores it.
 */
export function prepared<R>(name: string, query: Preparable<R>): Prepared<R> {
  let statement: Prepared<R> | null = null;
  return {
    execute(values) {
      statement ??= query.prepare(name);
      return statement.execute(values);
    },
  };
}

/**
 * Builds something once per database, on first use, and keeps it as long as the database (its prepared
 * statements, or state that belongs to it): tests and tools open several databases in one process.
 */
export function perDatabase<T>(build: (database: Database) => T): (database: Database) => T {
  const built = new WeakMap<Database, T>();
  return (database) => {
    let value = built.get(database);
    if (value === undefined) {
      value = build(database);
      built.set(database, value);
    }
    return value;
  };
}

/**
 * A hot query that also runs inside transactions, given the connection to run on (`database.db` or a
 * transaction's). On SQLite the one connection runs transactions too, so one statement prepared on it
 * serves every call. On PostgreSQL a statement prepared on the pool would run outside the transaction, so
 * inside one it is built on the transaction's connection (postgres.js still caches the server-side plan by
 * its text); on the pool it is prepared once, as on SQLite (drizzle building it again on every call was a
 * third of a pod message's CPU; docs/performance.md).
 */
export function preparedPerConnection<R>(
  database: Database,
  name: string,
  build: (db: Db) => Preparable<R>,
): (connection: Db) => Prepared<R> {
  const onPool = prepared(name, build(database.db));
  if (database.dialect === 'sqlite') return () => onPool;
  return (connection) => (connection === database.db ? onPool : build(connection).prepare(name));
}

/**
 * PostgreSQL: takes the row locks of the members a write is about, in id order (no deadlocks; the send
 * function amiko_send_message takes them the same way), before it draws a message id. Every transaction
 * that stores a message for a member therefore draws its id and commits before the next one for that
 * member can draw: for each member, ids become visible in increasing order, so "every message after the
 * last id I saw" misses nothing. SQLite needs nothing: BEGIN IMMEDIATE admits one writer at a time.
 */
export async function lockMembers(database: Database, tx: Db, ids: string[]): Promise<void> {
  if (database.dialect !== 'postgres') return;
  const { members } = database.t;
  const sorted = [...new Set(ids)].sort();
  await tx
    .select({ one: sql`1` })
    .from(members)
    .where(inArray(members.id, sorted))
    .orderBy(members.id)
    .for('no key update');
}

/**
 * PostgreSQL: takes a pod's row lock, so that the joins, approvals and leaves of one pod happen one after
 * another and its size limit holds however many ask at once (issue 34). Take it before any member's lock
 * (lockMembers): every path that holds both takes them in that order. SQLite: BEGIN IMMEDIATE is enough.
 */
export async function lockPod(database: Database, tx: Db, podId: string): Promise<void> {
  if (database.dialect !== 'postgres') return;
  const { pods } = database.t;
  await tx
    .select({ one: sql`1` })
    .from(pods)
    .where(eq(pods.id, podId))
    .for('no key update');
}

/** Resolves when the database answers a trivial query (the readiness check). */
export async function ping(database: Database): Promise<void> {
  if (database.raw.kind === 'sqlite') database.raw.client.prepare('SELECT 1').get();
  else await database.raw.client`SELECT 1`;
}

/** True when `error` (or what it wraps) is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      return true;
    }
  }
  return false;
}

/** A background job as claimed by one process (see claimJob). */
export type ClaimedJob = Database['t']['jobs']['$inferSelect'];

/**
 * Claims the oldest due job for `leaseMs`: sets its lease (locked_until) and counts the attempt, in one
 * statement, and returns it; null when none is due. A job whose lease ran out (its process died) is due
 * again. PostgreSQL: the inner SELECT takes the row with FOR UPDATE SKIP LOCKED, so processes claiming at
 * the same moment each take a different row and none waits. SQLite: one writer at a time, so the single
 * UPDATE … RETURNING is already atomic.
 */
export async function claimJob(database: Database, now: Date, leaseMs: number): Promise<ClaimedJob | null> {
  const { db, t } = database;
  const j = t.jobs;
  const due = db
    .select({ id: j.id })
    .from(j)
    .where(and(isNull(j.doneAt), lte(j.runAt, now), or(isNull(j.lockedUntil), lt(j.lockedUntil, now))))
    .orderBy(asc(j.runAt), asc(j.id))
    .limit(1);
  const [job] = await db
    .update(j)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${j.attempts} + 1` })
    .where(inArray(j.id, database.dialect === 'postgres' ? due.for('update', { skipLocked: true }) : due))
    .returning();
  return job ?? null;
}
