import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MessageView, SyncResult } from '@amiko/api';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import type { TestDatabase } from '../support/database.ts';
import {
  clientFor,
  connectSocket,
  memberWithSession,
  request,
  sendOver,
  sessionCookie,
  type MessagingSocket,
} from '../support/messaging.ts';

// `pnpm backup` and `pnpm restore` as an operator runs them: their own processes, next to a real server
// whose members keep sending messages while the backup is taken.

const BACKUP = fileURLToPath(new URL('../../apps/server/src/ops/backup.ts', import.meta.url));
const RESTORE = fileURLToPath(new URL('../../apps/server/src/ops/restore.ts', import.meta.url));
const SENDERS = 4;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'amiko-backup-test-'));
  dirs.push(dir);
  return dir;
}

/** A data folder as the server keeps it: the SQLite file and the uploads folder side by side. */
function dataFolder(dir: string) {
  const database: TestDatabase = {
    dialect: 'sqlite',
    url: `file:${join(dir, 'amiko.db')}`,
    drop: async () => undefined,
  };
  return { database, env: { DATABASE_URL: database.url, UPLOADS_DIR: join(dir, 'uploads') } };
}

function command(
  script: string,
  args: string[],
  env: Record<string, string>,
  onStderr: (text: string) => void = () => undefined,
) {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    onStderr(stderr);
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

interface Sender {
  socket: MessagingSocket;
  to: string;
  /** Acknowledged sends: message id, body, and when the ack arrived. */
  acked: { id: number; body: string; at: number }[];
}

/** Sends numbered messages one after the other, each 5 ms after the previous one was acknowledged. */
async function keepSending(sender: Sender, running: () => boolean) {
  for (let seq = 1; running(); seq += 1) {
    const body = `${sender.to} #${seq}`;
    const ack = await sendOver(sender.socket, sender.to, body);
    if (!ack.ok) throw new Error(`send refused: ${JSON.stringify(ack)}`);
    sender.acked.push({ id: ack.data.id, body, at: Date.now() });
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Every message a member can see, through the server's own replay (message:sync), by id. */
async function everyMessage(url: string, token: string): Promise<Map<number, MessageView>> {
  const socket = await connectSocket(url, { cookie: sessionCookie(token) });
  const seen = new Map<number, MessageView>();
  try {
    for (let after = 0; ;) {
      const result = await request<SyncResult>(socket, 'message:sync', { after });
      if (!result.ok) throw new Error(`sync refused: ${JSON.stringify(result)}`);
      for (const message of result.data.messages) seen.set(message.id, message);
      after = result.data.messages.at(-1)?.id ?? after;
      if (!result.data.more) return seen;
    }
  } finally {
    socket.close();
  }
}

describe('pnpm backup and pnpm restore', () => {
  it('back up while members send, restore into a fresh folder, and find everything acknowledged before', async () => {
    const original = dataFolder(tempDir());
    let server: AmikoProcess | null = await spawnAmiko({ database: original.database, env: original.env });
    let restored: AmikoProcess | null = null;
    try {
      const members = [];
      for (let i = 0; i < SENDERS; i += 1)
        members.push(await memberWithSession(server.db(), { name: `Sender ${i}` }));

      // One member's photo, uploaded as the app does.
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
      const uploader = clientFor(server.url, members[0]!.token);
      const uploaded = await uploader.http.fetch('/uploads', { method: 'POST', body: form });
      expect(uploaded.status).toBe(200);
      const { photoUrl } = (await uploaded.json()) as { photoUrl: string };
      const photoBytes = Buffer.from(await (await uploader.http.fetch(photoUrl)).arrayBuffer());

      // Each member sends to the next, one message after another, until the backup is done.
      const senders: Sender[] = [];
      for (const [i, member] of members.entries()) {
        const socket = await connectSocket(server.url, { cookie: sessionCookie(member.token) });
        senders.push({ socket, to: members[(i + 1) % SENDERS]!.id, acked: [] });
      }
      let running = true;
      const sending = senders.map((s) => keepSending(s, () => running));
      await new Promise((r) => setTimeout(r, 1000));

      // "Before the backup began": acknowledged when the command says it starts copying the database.
      const archive = join(tempDir(), 'amiko-backup.tar.gz');
      let before: Sender['acked'] = [];
      let backupStarted = 0;
      const backup = await command(BACKUP, [archive], original.env, (stderr) => {
        if (backupStarted || !stderr.includes('amiko backup: copying ')) return;
        backupStarted = Date.now();
        before = senders.flatMap((s) => [...s.acked]);
      });
      const backupEnded = Date.now();
      await new Promise((r) => setTimeout(r, 300));
      running = false;
      await Promise.all(sending);
      const all = senders.flatMap((s) => s.acked);
      const during = all.filter((a) => a.at >= backupStarted && a.at <= backupEnded).length;
      senders.forEach((s) => s.socket.close());
      expect(backup.code, backup.stderr).toBe(0);
      expect(backupStarted).toBeGreaterThan(0);
      expect(backup.stderr).toMatch(
        /wrote .*amiko-backup\.tar\.gz .*the database .*, the push keys and 2 uploaded files/,
      );
      // The backup really ran while messages were being stored.
      expect(during).toBeGreaterThan(0);
      expect(before.length).toBeGreaterThan(SENDERS * 10);
      await server.stop();
      server = null;

      // Into a fresh folder; a server started on it has every message acknowledged before the backup.
      const fresh = dataFolder(tempDir());
      const restore = await command(RESTORE, [archive], fresh.env);
      expect(restore.code, restore.stderr).toBe(0);
      expect(restore.stderr).toMatch(
        /restored the backup of .*: the database to .* \(and the push keys beside it\) and 2 uploaded files to/,
      );
      // The push keys Amiko made beside the database come back beside it, as secret: every device's
      // subscription, bound to the public key, keeps working.
      const keys = (folder: ReturnType<typeof dataFolder>) =>
        join(folder.database.url.replace(/^file:/, ''), '..', 'vapid-keys.json');
      expect(readFileSync(keys(fresh), 'utf8')).toBe(readFileSync(keys(original), 'utf8'));
      expect(statSync(keys(fresh)).mode & 0o777).toBe(0o600);
      restored = await spawnAmiko({ database: fresh.database, env: fresh.env });
      const found = new Map<number, MessageView>();
      for (const member of members) {
        for (const [id, message] of await everyMessage(restored.url, member.token)) found.set(id, message);
      }
      const missing = before.filter((a) => found.get(a.id)?.body !== a.body);
      console.log(
        `[backup] acknowledged before the backup: ${before.length}, during its ${backupEnded - backupStarted} ms: ${during}, in all: ${all.length}; ` +
          `after the restore the server has ${found.size}, missing ${missing.length} of those acknowledged before`,
      );
      expect(missing).toEqual([]);
      const { publicKey } = JSON.parse(readFileSync(keys(original), 'utf8')) as { publicKey: string };
      expect((await clientFor(restored.url, members[0]!.token).trpc.push.devices.query()).publicKey).toBe(
        publicKey,
      );
      const restoredPhoto = await fetch(new URL(photoUrl, restored.url));
      expect(restoredPhoto.status).toBe(200);
      expect(Buffer.from(await restoredPhoto.arrayBuffer())).toEqual(photoBytes);
      await restored.stop();
      restored = null;

      // A second restore into the same folder is refused, and changes nothing there.
      const filesBefore = readdirSync(join(fresh.env.UPLOADS_DIR)).sort();
      const again = await command(RESTORE, [archive], fresh.env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        /^amiko restore: .* is not empty \(amiko\.db, .*\)\. Restore writes only into an empty/,
      );
      expect(readdirSync(join(fresh.env.UPLOADS_DIR)).sort()).toEqual(filesBefore);
      // Nor does a backup overwrite an existing file.
      const overwrite = await command(BACKUP, [archive], original.env);
      expect(overwrite.code).toBe(1);
      expect(overwrite.stderr).toMatch(/already exists: choose a new file name/);

      // An archive of format 1, made before the push keys were in it, still restores (without them).
      const unpacked = tempDir();
      execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
      const manifest = JSON.parse(readFileSync(join(unpacked, 'amiko-backup.json'), 'utf8')) as object;
      writeFileSync(join(unpacked, 'amiko-backup.json'), JSON.stringify({ ...manifest, format: 1 }));
      const formatOne = join(tempDir(), 'amiko-format-1.tar.gz');
      const photos = readdirSync(join(unpacked, 'uploads')).map((name) => `uploads/${name}`);
      execFileSync('tar', ['-czf', formatOne, '-C', unpacked, 'amiko-backup.json', 'amiko.db', ...photos]);
      const older = dataFolder(tempDir());
      const fromOlder = await command(RESTORE, [formatOne], older.env);
      expect(fromOlder.code, fromOlder.stderr).toBe(0);
      expect(fromOlder.stderr).toMatch(/: the database to \S+ and 2 uploaded files to/);
      expect(existsSync(keys(older))).toBe(false);
    } finally {
      await server?.stop();
      await restored?.stop();
    }
  }, 300_000);

  it('refuses an archive it did not write, and leaves the folder empty', async () => {
    const dir = tempDir();
    const notABackup = join(dir, 'photos.tar.gz');
    writeFileSync(notABackup, 'not a gzip file');
    const target = dataFolder(join(dir, 'data'));
    const result = await command(RESTORE, [notABackup], target.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^amiko restore: this is not a backup made by `pnpm backup`, or it is damaged/,
    );
    expect(existsSync(join(dir, 'data', 'amiko.db'))).toBe(false);
  });

  it('explains pg_dump and pg_restore on PostgreSQL', async () => {
    const env = {
      DATABASE_URL: 'postgres://amiko:secret@db.example:5432/amiko',
      UPLOADS_DIR: '/srv/uploads',
    };
    const backup = await command(BACKUP, ['amiko.tar.gz'], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump --format=custom');
    expect(backup.stderr).toContain("tar -czf amiko-uploads.tar.gz -C '/srv/uploads' .");
    expect(backup.stderr).not.toContain('secret');
    const restore = await command(RESTORE, ['amiko.dump'], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore --no-owner');
  });

  it('explain themselves with --help, and refuse a wrong command line', async () => {
    const backup = await command(BACKUP, ['--help'], {});
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Usage: pnpm backup <file>\n/);
    expect(backup.stdout).toContain('safe while Amiko runs');
    const restore = await command(RESTORE, ['--help'], {});
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Usage: pnpm restore <file>\n/);
    expect(restore.stdout).toContain('EMPTY data');
    const none = await command(RESTORE, [], {});
    expect(none.code).toBe(2);
    expect(none.stderr).toBe('amiko restore: expects one file (see pnpm restore --help)\n');
    const unknown = await command(BACKUP, ['--force', 'x.tar.gz'], {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('amiko backup: unknown option --force (see pnpm backup --help)\n');
  });
});
