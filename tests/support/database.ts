import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

export type TestDialect = 'sqlite' | 'postgres';

/** The dialect this test run is for: the vitest project sets AMIKO_TEST_DB (api-sqlite / api-postgres). */
export function testDialect(): TestDialect {
  return process.env.AMIKO_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase {
  dialect: TestDialect;
  /** A DATABASE_URL for a database nobody else uses. */
  url: string;
  /** Drops the database (PostgreSQL) or deletes its folder (SQLite). */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: a new SQLite file in a temporary folder, or a new PostgreSQL
 * database created next to the one TEST_DATABASE_URL names.
 */
export async function createTestDatabase(dialect: TestDialect = testDialect()): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'amiko-test-'));
    return {
      dialect,
      url: `file:${join(dir, 'amiko.db')}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests cannot run.');
  const name = `amiko_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    async drop() {
      const sql = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await sql.end();
    },
  };
}
