// Type-level test, checked by `pnpm typecheck` (never run): shared code written against Db cannot use
// what only one dialect has. Each @ts-expect-error fails the type check once its line compiles.
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import type { Schema } from './schema/index.ts';

export async function onlyWhatBothDialectsRun(db: Db, t: Schema): Promise<void> {
  const query = db.select({ id: t.members.id }).from(t.members).where(eq(t.members.id, 'x'));
  // What both run: awaiting a query, or preparing it under a name.
  const rows: { id: string }[] = await query;
  await query.prepare('by_id').execute();

  // SQLite-only (better-sqlite3 runs queries synchronously); on PostgreSQL they do not exist.
  // @ts-expect-error .get() is SQLite-only
  query.get();
  // @ts-expect-error .all() is SQLite-only
  query.all();
  // @ts-expect-error .values() is SQLite-only
  query.values();
  // @ts-expect-error .run() is SQLite-only
  db.update(t.members).set({ name: '' }).run();
  // @ts-expect-error raw SQL goes through dialect.ts
  await db.execute(sql`select 1`);
  // @ts-expect-error transactions go through Database.transaction (SQLite's are synchronous)
  await db.transaction(async () => undefined);

  // A write without .returning() resolves to each driver's own result: nothing shared code may read.
  const written = await db.update(t.members).set({ name: '' });
  // @ts-expect-error better-sqlite3's RunResult, not postgres.js's
  void written.changes;
  void rows;
}
