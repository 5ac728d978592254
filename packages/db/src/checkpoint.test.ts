import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

describe('background checkpoints (SQLite)', () => {
  let dir: string;
  let database: Database | null = null;
  afterEach(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves committed data from the WAL into the database file without the writing connection checkpointing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'amiko-checkpoint-'));
    const file = join(dir, 'amiko.db');
    database = openDatabase({ url: `file:${file}` });
    if (database.raw.kind !== 'sqlite') throw new Error('expected SQLite');
    const client = database.raw.client;
    expect(client.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    client.exec('create table notes (id integer primary key, text text not null)');
    const insert = client.prepare('insert into notes (text) values (?)');
    const sizeBefore = statSync(file).size;
    for (let batch = 0; batch < 20; batch += 1) {
      client.transaction(() => {
        for (let i = 0; i < 100; i += 1) insert.run('x'.repeat(200));
      })();
    }
    const deadline = Date.now() + 5000;
    while (statSync(file).size < sizeBefore + 200 * 2000 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 200 * 2000);
    expect(client.prepare('select count(*) as n from notes').get()).toEqual({ n: 2000 });
  });
});
