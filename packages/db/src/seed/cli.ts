// `pnpm seed --members N`: adds N varied demo members (EN and DE names, every profile section filled,
// generated photos) to the database DATABASE_URL names (SQLite by default), for demos and benchmarks.
import { parseArgs } from 'node:util';
import { openDatabase } from '../client.ts';
import { createDemoAvatars } from './avatars.ts';
import { seedMembers } from './generate.ts';

// `pnpm seed` runs in packages/db; relative paths (./data/amiko.db, ./data/uploads) mean the caller's folder.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '200' },
    seed: { type: 'string' },
    uploads: { type: 'string' },
    avatars: { type: 'string', default: '24' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Usage: pnpm seed [--members N] [--seed S] [--uploads DIR] [--avatars K]

Adds N demo members (default 200) to the database in DATABASE_URL (unset: ./data/amiko.db).
Their photos are K generated avatars (default 24) written to DIR (default UPLOADS_DIR or ./data/uploads).
Demo members have no password: they fill the community, they do not sign in.`);
  process.exit(0);
}

const count = Number(values.members);
if (!Number.isInteger(count) || count < 1) {
  console.error(`--members must be a positive whole number (got "${values.members}")`);
  process.exit(1);
}
const uploads = values.uploads ?? process.env.UPLOADS_DIR ?? './data/uploads';
const database = openDatabase({ url: process.env.DATABASE_URL });
try {
  await database.migrate();
  const started = Date.now();
  const photoKeys = await createDemoAvatars(uploads, Number(values.avatars));
  let last = 0;
  await seedMembers(database, {
    count,
    photoKeys,
    seed: values.seed === undefined ? undefined : Number(values.seed),
    onProgress(done) {
      if (done - last >= 50_000 || done === count) {
        console.log(`  ${done.toLocaleString('en')} / ${count.toLocaleString('en')}`);
        last = done;
      }
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Seeded ${count.toLocaleString('en')} members into ${database.location} in ${seconds} s.`);
} finally {
  await database.close();
}
