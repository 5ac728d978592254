import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import {
  DATABASE_ENTRY,
  MANIFEST_ENTRY,
  OpsError,
  RESTORABLE_FORMATS,
  UPLOADS_PREFIX,
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

const USAGE = `Usage: pnpm restore <file>

Puts a backup made by \`pnpm backup\` back ("-" reads it from standard input), into an EMPTY data
folder: the database to DATABASE_URL's file (default ./data/amiko.db) and the push keys beside it
(vapid-keys.json, if the backup has them), the uploaded files to UPLOADS_DIR (default ./data/uploads),
where the server will find them. It never overwrites anything:
a folder that holds files is refused. Stop Amiko, then restore into a new folder (point DATABASE_URL
and UPLOADS_DIR there) or move the old data away first.

Then start Amiko as usual; it applies any newer migrations at start-up.

In the container (stopped, on an empty volume):
  docker compose run --rm -T --no-deps amiko node apps/server/src/ops/restore.ts - < amiko.tar.gz
On PostgreSQL it tells you how to restore with pg_restore instead.
`;

const NAMES_SHOWN = 3;

/** Every file below `dir` (empty folders do not count: a fresh volume may hold an empty uploads/). */
async function filesBelow(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => !e.isDirectory()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

async function refuseUnlessEmpty(folders: string[]): Promise<void> {
  for (const folder of new Set(folders)) {
    const files = await filesBelow(folder);
    if (files.length === 0) continue;
    const shown = files.slice(0, NAMES_SHOWN).join(', ') + (files.length > NAMES_SHOWN ? ', …' : '');
    throw new OpsError(
      `${folder} is not empty (${shown}). Restore writes only into an empty data folder, so that nothing ` +
        'is overwritten: stop Amiko, then move the old data away, or point DATABASE_URL and UPLOADS_DIR ' +
        'at a new folder.',
    );
  }
}

async function readSmall(stream: AsyncIterable<unknown>, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    if (!Buffer.isBuffer(chunk)) throw new TypeError('expected the archive entry to give bytes');
    size += chunk.length;
    if (size > limit) throw new OpsError('this is not a backup made by `pnpm backup`');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseManifest(text: string): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(text) as Partial<Manifest>;
  } catch {
    throw new OpsError('this is not a backup made by `pnpm backup` (its description is not JSON)');
  }
  if (!RESTORABLE_FORMATS.includes(manifest.format as number) || manifest.database !== 'sqlite') {
    throw new OpsError(
      `this backup has format ${String(manifest.format)} (${String(manifest.database)}); this Amiko ` +
        `restores formats ${RESTORABLE_FORMATS.join(' and ')} (sqlite): restore it with the Amiko version ` +
        'that made it',
    );
  }
  return manifest as Manifest;
}

interface Restored {
  manifest: Manifest;
  uploads: number;
  pushKeys: boolean;
}

/** Errors of the archive's content (gzip, tar) as an operator should read them; the file system's stay. */
function damaged(error: unknown): unknown {
  if (error instanceof OpsError || !(error instanceof Error) || 'syscall' in error) return error;
  return new OpsError(`this is not a backup made by \`pnpm backup\`, or it is damaged (${error.message})`);
}

/**
 * Reads the archive entry by entry and writes each where it belongs. Only the entries `pnpm backup`
 * writes are accepted, so no name in an archive can reach outside the data folder.
 */
async function unpack(
  source: Readable,
  targets: { database: string; uploadsDir: string; pushKeys: string },
  created: string[],
): Promise<Restored> {
  const entries = extract();
  const feeding = pipeline(source, createGunzip(), entries);
  feeding.catch(() => undefined); // awaited below; an error also ends the loop
  let manifest: Manifest | null = null;
  let database = false;
  let pushKeys = false;
  let uploads = 0;
  try {
    for await (const entry of entries) {
      const { name, type } = entry.header;
      if (manifest === null) {
        if (name !== MANIFEST_ENTRY) throw new OpsError('this is not a backup made by `pnpm backup`');
        manifest = parseManifest(await readSmall(entry, 64 * 1024));
        continue;
      }
      const upload = name.startsWith(UPLOADS_PREFIX) ? name.slice(UPLOADS_PREFIX.length) : null;
      const path =
        type !== 'file'
          ? null
          : name === DATABASE_ENTRY && !database
            ? targets.database
            : name === VAPID_KEYS_ENTRY && !pushKeys
              ? targets.pushKeys
              : upload !== null && isUploadName(upload)
                ? join(targets.uploadsDir, upload)
                : null;
      if (path === null)
        throw new OpsError(`unexpected entry "${name}": not a backup made by \`pnpm backup\``);
      created.push(path);
      // The push keys are as secret as the database's sessions: only the server's user reads them.
      const mode = path === targets.pushKeys ? 0o600 : undefined;
      await pipeline(entry, createWriteStream(path, { flags: 'wx', ...(mode ? { mode } : {}) }));
      if (path === targets.database) database = true;
      else if (path === targets.pushKeys) pushKeys = true;
      else uploads += 1;
    }
    await feeding;
  } catch (error) {
    entries.destroy();
    throw damaged(error);
  }
  if (!manifest) throw new OpsError('the archive is empty');
  if (!database) throw new OpsError('the archive holds no database');
  return { manifest, uploads, pushKeys };
}

async function main() {
  const parsed = parseArguments(process.argv.slice(2), 'restore');
  if (parsed.help) {
    process.stdout.write(USAGE);
    return;
  }
  const location = dataLocation(process.env);
  if (location.dialect === 'postgres') throw new OpsError(postgresAdvice(location.uploadsDir));
  const input = parsed.file === '-' ? null : fromCommandLine(parsed.file);
  if (input && !existsSync(input)) throw new OpsError(`${input} does not exist`);
  const { databaseFile, uploadsDir } = location;
  await refuseUnlessEmpty([dirname(databaseFile), uploadsDir]);

  await mkdir(dirname(databaseFile), { recursive: true });
  await mkdir(uploadsDir, { recursive: true });
  // The database gets its name only once it is whole and checked: a server started meanwhile finds none.
  const pending = `${databaseFile}.restoring`;
  const created: string[] = [];
  try {
    const { manifest, uploads, pushKeys } = await unpack(
      input ? createReadStream(input) : process.stdin,
      { database: pending, uploadsDir, pushKeys: join(dirname(databaseFile), VAPID_KEYS_ENTRY) },
      created,
    );
    checkSqliteFile(pending);
    await rename(pending, databaseFile);
    process.stderr.write(
      `amiko restore: restored the backup of ${manifest.createdAt}: the database to ${databaseFile}` +
        `${pushKeys ? ' (and the push keys beside it)' : ''} and ` +
        `${uploads} uploaded files to ${uploadsDir}. Start Amiko on it as usual.\n`,
    );
  } catch (error) {
    // Leave the folder empty again, ready for another try.
    await Promise.all(created.map((path) => rm(path, { force: true })));
    throw error;
  }
}

await runCommand('restore', main);
