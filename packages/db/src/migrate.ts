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

export async function migrateDatabase(raw: Raw): Promise<void> {
  if (raw.kind === 'sqlite') {
    const { client } = raw;
    const migrations = loadMigrations('sqlite');
    client.exec('BEGIN IMMEDIATE');
    try {
      client.exec(
        `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)`,
      );
      const applied = new Set(
        (client.prepare(`SELECT tag FROM ${MIGRATIONS_TABLE}`).all() as { tag: string }[]).map((r) => r.tag),
      );
      const record = client.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (tag, applied_at) VALUES (?, ?)`);
      for (const migration of migrations) {
        if (applied.has(migration.tag)) continue;
        for (const statement of migration.statements) client.exec(statement);
        record.run(migration.tag, Date.now());
      }
      client.exec('COMMIT');
    } catch (error) {
      if (client.inTransaction) client.exec('ROLLBACK');
      throw error;
    }
    return;
  }

  const migrations = loadMigrations('pg');
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
