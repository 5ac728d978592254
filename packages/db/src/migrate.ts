import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';
import type postgres from 'postgres';

// drizzle-kit writes the migrations (`pnpm db:generate`); this applies them. drizzle's own migrators check
// what is applied before they take a lock, so two processes starting together could both apply the same
// migration. Here the check and the apply happen under one lock: SQLite's write lock (BEGIN IMMEDIATE),
// PostgreSQL's transaction-scoped advisory lock.

type Raw = { kind: 'sqlite'; client: BetterSqlite3.Database } | { kind: 'postgres'; client: postgres.Sql };

interface Migration {
  tag: string;
  statements: string[];
}

const MIGRATIONS_TABLE = '_amiko_migrations';
const PG_MIGRATION_LOCK = 74_201_601; // any constant; identifies Amiko's migration lock

export function loadMigrations(dialect: 'sqlite' | 'pg'): Migration[] {
  const folder = fileURLToPath(new URL(`../migrations/${dialect}/`, import.meta.url));
  const journal = JSON.parse(readFileSync(`${folder}meta/_journal.json`, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  return journal.entries
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => ({
      tag,
      statements: readFileSync(`${folder}${tag}.sql`, 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean),
    }));
}

export interface MigrateOptions {
  /** Apply only the first `count` migrations: a database of an earlier version (the upgrade tests). */
  count?: number;
}

export async function migrateDatabase(raw: Raw, options: MigrateOptions = {}): Promise<void> {
  if (raw.kind === 'sqlite') {
    migrateSqlite(raw.client, loadMigrations('sqlite').slice(0, options.count));
    return;
  }

  const migrations = loadMigrations('pg').slice(0, options.count);
  await raw.client.begin(async (sql) => {
    await sql`SELECT pg_advisory_xact_lock(${PG_MIGRATION_LOCK})`;
    await sql.unsafe(
      `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (tag TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const rows = await sql.unsafe<{ tag: string }[]>(`SELECT tag FROM ${MIGRATIONS_TABLE}`);
    const applied = new Set(rows.map((r) => r.tag));
    for (const migration of migrations) {
      if (applied.has(migration.tag)) continue;
      for (const statement of migration.statements) await sql.unsafe(statement);
      await sql.unsafe(`INSERT INTO ${MIGRATIONS_TABLE} (tag) VALUES ($1)`, [migration.tag]);
    }
  });
}

/**
 * SQLite can change a column's type, default or constraints only by rebuilding its table (drizzle-kit writes
 * CREATE __new_t, copy, DROP t, RENAME), which its manual says to do with foreign keys off
 * (sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes"): with them on, DROP TABLE
 * members deletes every member's rows first, cascading into sessions and favourites, or fails on messages.
 * The PRAGMA is a no-op inside a transaction, where drizzle-kit's own lines put it, so it is set around the
 * whole run here and those lines are skipped; the keys are checked before the commit instead.
 */
function migrateSqlite(client: BetterSqlite3.Database, migrations: Migration[]): void {
  client.pragma('foreign_keys = OFF');
  try {
    client.exec('BEGIN IMMEDIATE');
    try {
      client.exec(
        `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)`,
      );
      const applied = new Set(
        (client.prepare(`SELECT tag FROM ${MIGRATIONS_TABLE}`).all() as { tag: string }[]).map((r) => r.tag),
      );
      const record = client.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (tag, applied_at) VALUES (?, ?)`);
      const pending = migrations.filter((migration) => !applied.has(migration.tag));
      for (const migration of pending) {
        for (const statement of migration.statements) {
          if (!/^PRAGMA\s+foreign_keys\s*=/i.test(statement)) client.exec(statement);
        }
        record.run(migration.tag, Date.now());
      }
      const broken =
        pending.length === 0
          ? []
          : (client.pragma('foreign_key_check') as { table: string; parent: string }[]);
      if (broken.length > 0) {
        const first = broken[0]!;
        throw new Error(
          `migration left ${broken.length} row(s) whose foreign key points nowhere (first: ${first.table} → ${first.parent})`,
        );
      }
      client.exec('COMMIT');
    } catch (error) {
      if (client.inTransaction) client.exec('ROLLBACK');
      throw error;
    }
  } finally {
    client.pragma('foreign_keys = ON');
  }
}

/** The migrations this version brings that the database has not had yet (none: it is up to date). */
export async function pendingMigrations(raw: Raw): Promise<string[]> {
  const exists = async () => {
    if (raw.kind === 'sqlite')
      return Boolean(
        raw.client
          .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`)
          .get(MIGRATIONS_TABLE),
      );
    const [row] = await raw.client<
      [{ found: string | null }]
    >`SELECT to_regclass(${MIGRATIONS_TABLE}) AS found`;
    return row.found !== null;
  };
  const applied = new Set<string>();
  if (await exists()) {
    const rows =
      raw.kind === 'sqlite'
        ? (raw.client.prepare(`SELECT tag FROM ${MIGRATIONS_TABLE}`).all() as { tag: string }[])
        : await raw.client.unsafe<{ tag: string }[]>(`SELECT tag FROM ${MIGRATIONS_TABLE}`);
    for (const row of rows) applied.add(row.tag);
  }
  return loadMigrations(raw.kind === 'sqlite' ? 'sqlite' : 'pg')
    .map((m) => m.tag)
    .filter((tag) => !applied.has(tag));
}
