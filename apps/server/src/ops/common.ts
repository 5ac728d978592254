import { resolve } from 'node:path';
import { parseDatabaseUrl } from '@amiko/db/url';
import BetterSqlite3 from 'better-sqlite3';
import { ConfigError, readEnv } from '../env.ts';

// What the command-line tools share: where the data is, the archive's layout, how a command ends, and how
// a member's text is shown on a terminal. They read the same environment as the server, so they find the
// data where the server keeps it.

/** The archive: a gzip-compressed tar with these entries, in this order. */
export const MANIFEST_ENTRY = 'amiko-backup.json';
export const DATABASE_ENTRY = 'amiko.db';
/**
 * The push keys made for the embedded database (vapid.ts, VAPID_KEYS_FILE), when there are: beside the
 * database, restored beside it. Without them a restored Amiko would make new ones, and every device's pushes
 * would end. (Spelled out here: vapid.ts brings the whole database package.)
 */
export const VAPID_KEYS_ENTRY = 'vapid-keys.json';
export const UPLOADS_PREFIX = 'uploads/';
/**
 * Raised when the archive's layout changes; restore refuses formats it does not know. 2: the push keys may be
 * in it (an Amiko that knows only 1 would refuse their entry, and now says why).
 */
export const ARCHIVE_FORMAT = 2;
/** The formats this Amiko restores: 1 is 2 without the push keys. */
export const RESTORABLE_FORMATS: readonly number[] = [1, 2];

export interface Manifest {
  format: number;
  createdAt: string;
  database: 'sqlite';
}

/**
 * A name the uploads folder may hold and an archive may restore: one path segment, no dot file. A photo's key
 * is base64url and may begin with "-" (one in 64): such photos were left out of backups before.
 */
export function isUploadName(name: string): boolean {
  return /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/.test(name);
}

export type DataLocation =
  | { dialect: 'sqlite'; databaseFile: string; uploadsDir: string }
  | { dialect: 'postgres'; uploadsDir: string };

/** Where the server configured by `source` keeps its data (relative paths from the working folder). */
export function dataLocation(source: Record<string, string | undefined>): DataLocation {
  const env = readEnv(source);
  const uploadsDir = resolve(env.UPLOADS_DIR);
  const target = parseDatabaseUrl(env.DATABASE_URL);
  if (target.dialect === 'postgres') return { dialect: 'postgres', uploadsDir };
  if (target.file === ':memory:')
    throw new OpsError('DATABASE_URL names an in-memory database: nothing to keep');
  return { dialect: 'sqlite', databaseFile: resolve(target.file), uploadsDir };
}

/** What to do instead on PostgreSQL, where the database server has its own tools. */
export function postgresAdvice(uploadsDir: string): string {
  return `DATABASE_URL points to PostgreSQL: back up and restore the database with PostgreSQL's own tools,
and the uploads folder (${uploadsDir}) beside it:

  pg_dump --format=custom --file=amiko.dump "$DATABASE_URL"
  tar -czf amiko-uploads.tar.gz -C '${uploadsDir}' .

  pg_restore --no-owner --dbname="$DATABASE_URL" amiko.dump   # into an empty database, before Amiko starts
  tar -xzf amiko-uploads.tar.gz -C '${uploadsDir}'

docs/operations.md, "Backups", shows the same with docker compose.`;
}

/** SQLite's own consistency check of a database file (the structure, without the slower index check). */
export function checkSqliteFile(file: string): void {
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    const result = db.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new OpsError(`the database copy failed SQLite's check: ${String(result)}`);
  } finally {
    db.close();
  }
}

/** A refusal or failure an operator can act on: printed as one message, exit code 1. */
export class OpsError extends Error {
  override name = 'OpsError';
}

/**
 * Runs a command's main function: `amiko <command>: <message>` on stderr and exit code 1 for what an
 * operator can fix, 2 for a wrong command line, the stack for anything unexpected.
 */
export async function runCommand(command: string, main: () => Promise<void>): Promise<void> {
  process.exitCode = await commandExitCode(command, main, (text) => process.stderr.write(text));
}

/** runCommand's outcome as an exit code, its message written through `stderr` (tests run commands in-process). */
export async function commandExitCode(
  command: string,
  main: () => Promise<void>,
  stderr: (text: string) => void,
): Promise<number> {
  try {
    await main();
    return 0;
  } catch (error) {
    if (error instanceof OpsError || error instanceof ConfigError) {
      stderr(`amiko ${command}: ${error.message}\n`);
      return error instanceof UsageError ? 2 : 1;
    }
    throw error;
  }
}

/** A wrong command line: the message says what is wrong and how to ask for help. */
export class UsageError extends OpsError {
  override name = 'UsageError';
}

/** The one file argument of a command (`-` for stdin/stdout), or the help text was asked for. */
export function parseArguments(
  args: string[],
  command: string,
): { help: true } | { help: false; file: string } {
  if (args.includes('--help') || args.includes('-h')) return { help: true };
  const unknown = args.find((a) => a.startsWith('-') && a !== '-');
  if (unknown) throw new UsageError(`unknown option ${unknown} (see pnpm ${command} --help)`);
  if (args.length !== 1) throw new UsageError(`expects one file (see pnpm ${command} --help)`);
  return { help: false, file: args[0]! };
}

/** A file named on the command line: `pnpm <command>` runs in the workspace root, so relative names are
 * taken from the folder pnpm was started in (INIT_CWD). */
export function fromCommandLine(file: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/**
 * What a terminal must not receive raw from a member's text: the backslash (so that an escape below cannot
 * be typed to look like another), controls (C0 with CR and LF, DEL, C1; ESC and CSI start the terminal's
 * escape sequences), the line and paragraph separators, lone surrogates, and the bidirectional controls that
 * reorder what follows them (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069).
 */
const UNSAFE_ON_A_TERMINAL = /[\\\p{Cc}\p{Zl}\p{Zp}\p{Cs}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const NAMED_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A member's text (a name, an address, a note, a message, a city) as the command-line tools print it: every
 * character that could move the cursor, start a new line, colour or reorder the terminal is shown as an
 * escape (`\r`, `\n`, `\u001b`, `\u202e`), so what a member wrote always stays on its own line, in its
 * frame, and can never draw lines of its own (forged evidence in `pnpm admin reports`).
 */
export function shown(text: string): string {
  return text.replace(
    UNSAFE_ON_A_TERMINAL,
    (c) => NAMED_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
