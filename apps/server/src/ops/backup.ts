import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import BetterSqlite3 from 'better-sqlite3';
import { pack, type Pack } from 'tar-stream';
import {
  ARCHIVE_FORMAT,
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  OpsError,
  UPLOADS_PREFIX,
  UsageError,
  VAPID_KEYS_ENTRY,
  checkSqliteFile,
  dataLocation,
  fromCommandLine,
  isUploadName,
  parseArguments,
  postgresAdvice,
  runCommand,
  type Manifest,
} from './common.ts';

const USAGE = `Usage: pnpm backup <file>

Writes a backup of Amiko's data into <file>, a new gzip-compressed tar archive (name it, say,
amiko-2026-11-23.tar.gz; "-" writes it to standard output):

  - the SQLite database, copied online: safe while Amiko runs and members write. The copy is the
    database as it was at one moment, with everything saved before the backup began;
  - every file in the uploads folder (member photos);
  - the push notifications' keys beside the database (vapid-keys.json), if Amiko made them: a restore
    with other keys would end every device's pushes. The archive holds them as secret as the file is.

It finds the data where the server does: DATABASE_URL (default ./data/amiko.db) and UPLOADS_DIR
(default ./data/uploads). Put it back with \`pnpm restore <file>\`.

In the container:  docker compose exec -T amiko node apps/server/src/ops/backup.ts - > amiko.tar.gz
On PostgreSQL it tells you how to back up with pg_dump instead.
`;

/** Pages per step of SQLite's online backup: all of them, see copyDatabase. */
const ALL_PAGES = 0x7fffffff;

/**
 * better-sqlite3's online backup, in one step. A step reads one consistent snapshot (in WAL mode the
 * server goes on writing meanwhile); copying in several steps would start over whenever the server wrote
 * between two of them, which with members chatting is all the time.
 */
async function copyDatabase(source: string, target: string): Promise<void> {
  const db = new BetterSqlite3(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
}

/** Adds one file, opened first so that it cannot vanish half-way; false when it is already gone. */
async function addFile(archive: Pack, name: string, path: string, mode?: number): Promise<boolean> {
  const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!file) return false;
  try {
    const { size, mtime } = await file.stat();
    await pipeline(
      file.createReadStream({ autoClose: false }),
      archive.entry({ name, size, mtime, ...(mode === undefined ? {} : { mode }) }),
    );
    return true;
  } finally {
    await file.close();
  }
}

interface Written {
  databaseBytes: number;
  uploads: number;
  /** Whether the push keys beside the database went in. */
  pushKeys: boolean;
  /** Uploaded files deleted between listing and archiving them (a member replaced a photo meanwhile). */
  vanished: number;
}

async function writeArchive(
  snapshot: string,
  files: { uploadsDir: string; pushKeys: string },
  out: Writable,
): Promise<Written> {
  const { uploadsDir } = files;
  const archive = pack();
  const written = pipeline(archive, createGzip(), out);
  try {
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      database: 'sqlite',
    };
    archive.entry({ name: MANIFEST_ENTRY }, `${JSON.stringify(manifest, null, 2)}\n`);
    await addFile(archive, DATABASE_ENTRY, snapshot);
    const pushKeys = await addFile(archive, VAPID_KEYS_ENTRY, files.pushKeys, 0o600);
    const names = existsSync(uploadsDir)
      ? (await readdir(uploadsDir, { withFileTypes: true }))
          .filter((entry) => entry.isFile() && isUploadName(entry.name))
          .map((entry) => entry.name)
          .sort()
      : [];
    let uploads = 0;
    for (const name of names) {
      if (await addFile(archive, UPLOADS_PREFIX + name, join(uploadsDir, name))) uploads += 1;
    }
    archive.finalize();
    await written;
    return {
      databaseBytes: (await stat(snapshot)).size,
      uploads,
      pushKeys,
      vanished: names.length - uploads,
    };
  } catch (error) {
    archive.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function main() {
  const parsed = parseArguments(process.argv.slice(2), 'backup');
  if (parsed.help) {
    process.stdout.write(USAGE);
    return;
  }
  const location = dataLocation(process.env);
  if (location.dialect === 'postgres') throw new OpsError(postgresAdvice(location.uploadsDir));
  if (!existsSync(location.databaseFile)) {
    throw new OpsError(`there is no database at ${location.databaseFile} (DATABASE_URL): nothing to back up`);
  }
  const output = parsed.file === '-' ? null : fromCommandLine(parsed.file);
  if (output === null && process.stdout.isTTY) {
    throw new UsageError('will not write an archive to a terminal: redirect it, e.g. `- > amiko.tar.gz`');
  }
  if (output && existsSync(output)) throw new OpsError(`${output} already exists: choose a new file name`);
  if (output && !existsSync(dirname(output)))
    throw new OpsError(`the folder ${dirname(output)} does not exist`);

  const started = Date.now();
  // The database copy is made beside the archive (a large database may not fit into /tmp); the archive is
  // written under another name first, so that a file with the final name is always a whole backup.
  const work = await mkdtemp(join(output ? dirname(output) : tmpdir(), '.amiko-backup-'));
  const partial = output && `${output}.partial`;
  try {
    const snapshot = join(work, DATABASE_ENTRY);
    process.stderr.write(`amiko backup: copying ${location.databaseFile}\n`);
    await copyDatabase(location.databaseFile, snapshot);
    checkSqliteFile(snapshot);
    const result = await writeArchive(
      snapshot,
      {
        uploadsDir: location.uploadsDir,
        pushKeys: join(dirname(location.databaseFile), VAPID_KEYS_ENTRY),
      },
      partial ? createWriteStream(partial, { flags: 'wx' }) : process.stdout,
    );
    if (output && partial) await rename(partial, output);
    const size = output ? ` (${megabytes((await stat(output)).size)})` : '';
    const vanished = result.vanished ? `; ${result.vanished} deleted while the backup ran were left out` : '';
    process.stderr.write(
      `amiko backup: wrote ${output ?? 'the archive to standard output'}${size}: the database ` +
        `(${megabytes(result.databaseBytes)}), ${result.pushKeys ? 'the push keys ' : ''}and ` +
        `${result.uploads} uploaded files${vanished}, ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } catch (error) {
    if (partial) await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await runCommand('backup', main);
