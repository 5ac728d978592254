import { newId, openDatabase, TransactionAwaitError } from '@amiko/db';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../support/database.ts';

const opened: { close(): Promise<void> }[] = [];
let testDb: TestDatabase | null = null;

afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  await testDb?.drop();
  testDb = null;
});

async function fresh() {
  testDb = await createTestDatabase();
  const database = openDatabase({ url: testDb.url });
  opened.push(database);
  return database;
}

const member = (email: string) => ({
  id: newId(),
  email,
  name: 'Test',
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe(`database on ${testDialect()}`, () => {
  it('migrates an empty database, and migrating again (also concurrently) changes nothing', async () => {
    const database = await fresh();
    expect(database.dialect).toBe(testDialect());
    await Promise.all([database.migrate(), database.migrate()]);
    const second = openDatabase({ url: testDb!.url });
    opened.push(second);
    await second.migrate();
    const [counter] = await database.db
      .select()
      .from(database.t.appCounters)
      .where(eq(database.t.appCounters.name, 'earlyAccess'));
    expect(counter).toEqual({ name: 'earlyAccess', value: 0 });
  });

  it('keeps data across a restart', async () => {
    const database = await fresh();
    await database.migrate();
    await database.db.insert(database.t.members).values(member('keep@example.com'));
    await database.close();
    opened.splice(opened.indexOf(database), 1);
    const again = openDatabase({ url: testDb!.url });
    opened.push(again);
    await again.migrate();
    const [row] = await again.db.select({ n: count() }).from(again.t.members);
    expect(row?.n).toBe(1);
  });

  it('commits a transaction whose callback awaits several queries, and rolls back on error', async () => {
    const database = await fresh();
    await database.migrate();
    const { t } = database;
    await database.transaction(async (tx) => {
      await tx.insert(t.members).values(member('a@example.com'));
      await tx.insert(t.members).values(member('b@example.com'));
    });
    await expect(
      database.transaction(async (tx) => {
        await tx.insert(t.members).values(member('c@example.com'));
        await tx.insert(t.members).values(member('a@example.com')); // duplicate email
      }),
    ).rejects.toThrow();
    const rows = await database.db.select({ email: t.members.email }).from(t.members);
    expect(rows.map((r) => r.email).sort()).toEqual(['a@example.com', 'b@example.com']);
  });

  it('runs concurrent transactions without mixing them up, and lets a nested one join the outer', async () => {
    const database = await fresh();
    await database.migrate();
    const { t } = database;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database
          .transaction(async (tx) => {
            await tx.insert(t.members).values(member(`m${i}@example.com`));
            await database.transaction(async (inner) => {
              await inner
                .update(t.members)
                .set({ name: `M${i}` })
                .where(eq(t.members.email, `m${i}@example.com`));
            });
            if (i % 5 === 0) throw new Error('roll back this one');
          })
          .catch(() => undefined),
      ),
    );
    const rows = await database.db.select({ name: t.members.name }).from(t.members);
    expect(rows).toHaveLength(16);
    expect(rows.every((r) => r.name.startsWith('M'))).toBe(true);
  });
});

describe('transactions refuse to wait on other work', () => {
  it.runIf(testDialect() === 'sqlite')('rolls back a SQLite transaction that awaited a timer', async () => {
    const database = await fresh();
    await database.migrate();
    const { t } = database;
    await expect(
      database.transaction(async (tx) => {
        await tx.insert(t.members).values(member('slow@example.com'));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }),
    ).rejects.toThrow(TransactionAwaitError);
    expect(await database.db.select().from(t.members)).toEqual([]);
  });
});
