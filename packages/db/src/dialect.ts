import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Dialect } from './client.ts';

// The few places where SQLite and PostgreSQL need different SQL. Everything else is written once.

/** Escapes LIKE wildcards in user input; use with `ESCAPE '\'`. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column` contains `term`, ignoring case (SQLite has no ILIKE; its LIKE ignores ASCII case only). */
export function containsInsensitive(dialect: Dialect, column: SQLWrapper, term: string): SQL {
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  return dialect === 'postgres'
    ? sql`${column} ILIKE ${pattern} ESCAPE '\\'`
    : sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
}

/** Something drizzle can prepare: a query builder before it is executed. */
interface Preparable<R> {
  prepare(): { execute(values?: Record<string, unknown>): R };
}

/**
 * Prepares a hot query once, on its first use (building a drizzle query per call costs several times more
 * than running a prepared one; SQLite can only prepare once the tables exist, i.e. after migrations).
 * PostgreSQL prepared statements need a name; SQLite's do not.
 */
export function prepared<R>(
  dialect: Dialect,
  name: string,
  query: Preparable<R>,
): { execute(values?: Record<string, unknown>): R } {
  let statement: { execute(values?: Record<string, unknown>): R } | null = null;
  return {
    execute(values) {
      statement ??=
        dialect === 'postgres'
          ? (query as unknown as { prepare(name: string): ReturnType<Preparable<R>['prepare']> }).prepare(
              name,
            )
          : query.prepare();
      return statement.execute(values);
    },
  };
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
