import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { LoggedAction, MemberDataExport, MemberSummary, OpenReport } from '@amiko/api';
import type { ModerationAction } from '@amiko/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../apps/server/src/ops/admin.ts';
import { failure } from '../support/errors.ts';
import { connectSocket, eventually, sessionCookie } from '../support/messaging.ts';
import { createMember, insertMember, TEST_PASSWORD, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// `pnpm admin …` against a running server's database, on SQLite and PostgreSQL: the real command as its
// own process where it matters (help, exit codes, a suspension reaching the server's sockets from another
// process), its exported entry point with the same argument vector elsewhere (the same code, without the
// seconds a new process spends loading Amiko's modules).

const ADMIN = fileURLToPath(new URL('../../apps/server/src/ops/admin.ts', import.meta.url));

let ts: TestServer;
let env: Record<string, string>;
beforeAll(async () => {
  ts = await startTestServer();
  env = { DATABASE_URL: ts.db.url, UPLOADS_DIR: ts.server.env.UPLOADS_DIR };
});
afterAll(() => ts?.stop());

/** The real command, as an operator runs it. */
function command(args: string[]) {
  const child = spawn(process.execPath, [ADMIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

const SERVER = fileURLToPath(new URL('../../apps/server/src/server.ts', import.meta.url));
// Preloaded into a timed process: it counts the modules the process loads and on exit writes that count
// and the CPU time it spent as its last line on stderr.
const START_REPORT = `data:text/javascript,import{registerHooks}from'node:module';let n=0;registerHooks({load(u,c,next){n++;return next(u,c)}});process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('\\nmodules '+n+' cpu-ms '+Math.round((u.user+u.system)/1000)+'\\n')})`;

/**
 * A Node process timed: its wall-clock milliseconds from spawn to exit and the CPU milliseconds it used
 * (which a machine busy with other tests raises far less than the wall clock).
 */
async function timedNode(args: string[]) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', START_REPORT, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const report = /modules (\d+) cpu-ms (\d+)\n$/.exec(stderr);
  expect(report, stderr).not.toBeNull();
  return {
    code,
    stdout,
    wallMs: performance.now() - started,
    modules: Number(report![1]),
    cpuMs: Number(report![2]),
  };
}

/** The command's entry point in this process, with its own connection to the database. */
async function run(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await admin(args, {
    env,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

async function memberRow(id: string) {
  const { db, t } = ts.server.database;
  const [row] = await db.select().from(t.members).where(eq(t.members.id, id));
  return row!;
}

async function sessionsOf(id: string) {
  const { db, t } = ts.server.database;
  return db.select().from(t.sessions).where(eq(t.sessions.memberId, id));
}

async function lastAction(memberId: string, action: ModerationAction) {
  const { db, t } = ts.server.database;
  const rows = await db
    .select()
    .from(t.moderationActions)
    .where(and(eq(t.moderationActions.memberId, memberId), eq(t.moderationActions.action, action)));
  return rows.at(-1);
}

/** A live socket of the member, and `closed()`: when and why the server closed it (waits up to 5 s). */
async function liveSocket(member: TestMember) {
  const { token } = await ts.server.deps.sessions.create(member.id);
  const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
  let closed: { reason: string; at: number } | null = null;
  socket.once('disconnect', (reason) => (closed = { reason, at: Date.now() }));
  return {
    token,
    async closed() {
      await eventually(() => closed !== null, 'the server closing the socket');
      return closed!;
    },
  };
}

describe('pnpm admin: the command line', () => {
  it('explains itself and each command, and exits 2 on a wrong command line', async () => {
    const help = await command(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: pnpm admin <command>');
    for (const name of [
      'members',
      'log',
      'sessions',
      'reports',
      'pod-reports',
      'pod-remove',
      'pod-close',
      'meetup-reports',
      'meetup-cancel',
      'resolve',
      'suspend',
      'unsuspend',
      'delete-member',
      'grant-access',
      'export-member',
      'mail',
    ]) {
      expect(help.stdout).toContain(`  ${name} `);
      const one = await run(name, '--help');
      expect(one.code).toBe(0);
      expect(one.stdout).toContain(`Usage: pnpm admin ${name}`);
    }
    expect((await run()).stdout).toBe(help.stdout);

    const unknown = await command(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('amiko admin: unknown command "frobnicate" (see pnpm admin --help)\n');
    expect(await run('suspend', 'someone@example.com')).toMatchObject({
      code: 2,
      stderr: 'amiko admin: suspend needs --reason: pnpm admin suspend <member> --reason <text>\n',
    });
    expect((await run('suspend', 'a', 'b', '--reason', 'x')).code).toBe(2);
    expect((await run('reports', '--force')).stderr).toContain('reports has no option --force');
  });

  it('says clearly when a member or a report does not exist (exit code 1)', async () => {
    const nobody = await run('suspend', 'nobody@example.com', '--reason', 'spam');
    expect(nobody).toMatchObject({
      code: 1,
      stderr: 'amiko admin: there is no member with the id or email address nobody@example.com\n',
    });
    expect(await run('resolve', 'no-such-report', '--note', 'done')).toMatchObject({
      code: 1,
      stderr: 'amiko admin: there is no report no-such-report\n',
    });
  });
});

describe('pnpm admin suspend and unsuspend', () => {
  it('ends the member’s sessions and closes their live socket within a second, from another process', async () => {
    const member = await createMember(ts, { name: 'Suspended Sam' });
    const live = await liveSocket(member);
    const suspended = await command(['suspend', member.email, '--reason', 'scam messages', '--by', 'Mia']);
    expect(suspended.stderr).toBe('');
    expect(suspended.code).toBe(0);
    expect(suspended.stdout).toContain(`Suspended Suspended Sam <${member.email}> (${member.id})`);

    const action = await lastAction(member.id, 'suspend');
    expect(action).toMatchObject({ actor: 'Mia', reason: 'scam messages' });
    const { reason, at } = await live.closed();
    expect(reason).toBe('io server disconnect');
    // From the moment the command stamped its action (before it committed) to the socket's close here.
    const closeMs = at - action!.createdAt.getTime();
    console.log(
      `[admin] ${ts.db.dialect}: suspended member's socket closed ${closeMs} ms after the suspension`,
    );
    expect(closeMs).toBeLessThan(1000);

    expect(await sessionsOf(member.id)).toEqual([]);
    expect(await member.client.trpc.auth.me.query()).toBeNull();
    // The socket's session cannot open a new one either.
    await expect(connectSocket(ts.url, { cookie: sessionCookie(live.token) })).rejects.toThrow(
      'common:errors.notSignedIn',
    );
  });

  it('refuses sign-in with a translated text, hides the member and refuses messages to them; unsuspend restores all but the sessions', async () => {
    const member = await createMember(ts, { name: 'Paused Paula' });
    const other = await createMember(ts, { access: 'paid' });
    await other.client.trpc.favorites.toggle.mutate({ memberId: member.id });
    const directoryIds = async () =>
      (await other.client.trpc.community.directory.query({ sort: 'newest', limit: 50 })).items.map(
        (m) => m.id,
      );
    expect(await directoryIds()).toContain(member.id);

    expect(await run('suspend', member.id, '--reason', 'harassment')).toMatchObject({ code: 0 });
    expect((await memberRow(member.id)).suspendedAt).toBeInstanceOf(Date);
    expect(await member.client.trpc.auth.me.query()).toBeNull();

    const signIn = await failure(
      ts.client().trpc.auth.signIn.mutate({ email: member.email, password: TEST_PASSWORD }),
    );
    expect(signIn.data?.appCode).toBe('FORBIDDEN');
    expect(signIn.message).toBe('auth:errors.accountSuspended');
    expect(ts.server.deps.t('en', signIn.message)).toBe('This account is suspended.');
    expect(ts.server.deps.t('de', signIn.message)).toBe('Dieses Konto ist gesperrt.');
    // A wrong password still says only that: the suspension is told to whoever knows the password.
    const wrong = await failure(
      ts.client().trpc.auth.signIn.mutate({ email: member.email, password: 'Not-the-password-1' }),
    );
    expect(wrong.message).toBe('auth:errors.wrongPassword');

    expect(await directoryIds()).not.toContain(member.id);
    const profile = await failure(other.client.trpc.profile.view.query({ memberId: member.id }));
    expect(profile.message).toBe('community:errors.userDocumentMissing');
    const opened = await failure(other.client.trpc.messages.open.query({ with: member.id }));
    expect(opened.message).toBe('community:errors.userDocumentMissing');
    const sent = await failure(
      other.client.trpc.messages.send.mutate({ to: member.id, clientId: randomUUID(), body: 'Hello?' }),
    );
    expect(sent.message).toBe('messages:errors.memberNotFound');
    expect((await other.client.trpc.favorites.list.query({})).map((f) => f.id)).not.toContain(member.id);

    // Suspending again changes nothing and says so.
    expect((await run('suspend', member.id, '--reason', 'again')).stdout).toContain('is suspended already');

    const lifted = await run('unsuspend', member.email, '--reason', 'appeal accepted');
    expect(lifted).toMatchObject({ code: 0, stderr: '' });
    expect(lifted.stdout).toContain('Lifted the suspension of Paused Paula');
    expect(await lastAction(member.id, 'unsuspend')).toMatchObject({ reason: 'appeal accepted' });
    expect(await member.client.trpc.auth.me.query()).toBeNull();
    expect(await directoryIds()).toContain(member.id);
    expect((await other.client.trpc.profile.view.query({ memberId: member.id })).id).toBe(member.id);
    await other.client.trpc.messages.send.mutate({ to: member.id, clientId: randomUUID(), body: 'Hi again' });
    const back = ts.client();
    expect((await back.trpc.auth.signIn.mutate({ email: member.email, password: TEST_PASSWORD })).id).toBe(
      member.id,
    );
    expect((await run('unsuspend', member.id)).stdout).toContain('is not suspended');
  });
});

describe('pnpm admin reports and resolve', () => {
  it('shows open reports with the last 50 messages as evidence, kept after the conversation is deleted', async () => {
    const reporter = await createMember(ts, { name: 'Reporting Rose' });
    const reported = await createMember(ts, { name: 'Rude Rick' });
    for (let i = 1; i <= 60; i += 1) {
      const from = i % 2 ? reported : reporter;
      const to = i % 2 ? reporter : reported;
      await from.client.trpc.messages.send.mutate({
        to: to.id,
        clientId: randomUUID(),
        body: `message ${i}`,
      });
    }
    const { id: reportId } = await reporter.client.trpc.reports.create.mutate({
      memberId: reported.id,
      reason: 'harassment',
      note: 'He would not stop.',
    });
    const { conversations } = await reporter.client.trpc.messages.conversations.query();
    await reporter.client.trpc.messages.delete.mutate({ conversationId: conversations[0]!.id });

    const json = await run('reports', '--json');
    expect(json.code).toBe(0);
    const report = (JSON.parse(json.stdout) as OpenReport[]).find((r) => r.id === reportId)!;
    expect(report).toMatchObject({
      reason: 'harassment',
      note: 'He would not stop.',
      reporter: { id: reporter.id, name: 'Reporting Rose', email: reporter.email },
      reported: { id: reported.id, name: 'Rude Rick', suspended: false, deleted: false },
    });
    expect(report.evidence.map((m) => m.body)).toEqual(
      Array.from({ length: 50 }, (_, i) => `message ${i + 11}`),
    );
    expect(report.evidence[0]!.senderId).toBe(reported.id);

    const text = await run('reports');
    expect(text.stdout).toContain(`Report ${reportId}`);
    expect(text.stdout).toContain(`Reporter: Reporting Rose <${reporter.email}> (${reporter.id})`);
    expect(text.stdout).toContain(`Reported: Rude Rick <${reported.email}> (${reported.id})`);
    expect(text.stdout).toContain('Note:     He would not stop.');
    expect(text.stdout).toMatch(/Z {2}"Rude Rick": "message 59"\n/);

    const resolved = await run('resolve', reportId, '--note', 'Warned him; will suspend next time.');
    expect(resolved).toMatchObject({ code: 0, stdout: `Resolved report ${reportId}.\n` });
    const { db, t } = ts.server.database;
    const [row] = await db.select().from(t.reports).where(eq(t.reports.id, reportId));
    expect(row).toMatchObject({ status: 'reviewed', resolutionNote: 'Warned him; will suspend next time.' });
    expect(row!.resolvedAt).toBeInstanceOf(Date);
    const after = JSON.parse((await run('reports', '--json')).stdout) as OpenReport[];
    expect(after.map((r) => r.id)).not.toContain(reportId);
    expect((await run('resolve', reportId, '--note', 'again')).stdout).toContain('was resolved already');
  });
});

describe('pnpm admin reports: what members wrote cannot forge evidence (issue 28.4)', () => {
  it('prints notes, names and messages escaped: a carriage return or line break draws no line of its own', async () => {
    const harasser = await createMember(ts, { name: 'Hank' });
    const victim = await createMember(ts, { name: 'Paula' });
    // On a terminal, the \r returns to the line's start and the rest overwrites "Hank: ok": Paula seems to
    // have written it.
    const forged = 'ok\r[2026-11-20 10:00] Paula: I will hurt you';
    await harasser.client.trpc.messages.send.mutate({ to: victim.id, clientId: randomUUID(), body: forged });
    await victim.client.trpc.messages.send.mutate({
      to: harasser.id,
      clientId: randomUUID(),
      body: 'Go away.',
    });
    const note =
      'She threatened me.\n  2026-11-20T10:01:00.000Z  Paula: I know where you live\u2028\u202eevil';
    const { id: reportId } = await harasser.client.trpc.reports.create.mutate({
      memberId: victim.id,
      reason: 'harassment',
      note,
    });
    // A note stored before control characters were refused: ANSI sequences that erase and move lines.
    const ansiNote = `${note}\u001b[2K\u001b[1AReporter: nobody`;
    const { db, t } = ts.server.database;
    await db.update(t.reports).set({ note: ansiNote }).where(eq(t.reports.id, reportId));

    const { stdout, code } = await run('reports');
    expect(code).toBe(0);
    // No control character but the line breaks between lines (no CR, no ESC), no separator, no bidi control.
    expect(stdout).not.toMatch(/(?!\n)[\p{Cc}\u2028\u202e]/u);
    const block = stdout.slice(stdout.indexOf(`Report ${reportId},`)).split('\n\nReport ')[0]!;
    const lines = block.trimEnd().split('\n');
    const iso = (at: number) => new Date(at).toISOString();
    const [row] = await db.select().from(t.reports).where(eq(t.reports.id, reportId));
    const [fromHank, fromPaula] = row!.evidence;
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^Report ${reportId}, `)),
      `Reporter: Hank <${harasser.email}> (${harasser.id})`,
      `Reported: Paula <${victim.email}> (${victim.id})`,
      'Reason:   harassment',
      'Note:     She threatened me.\\n  2026-11-20T10:01:00.000Z  Paula: I know where you live\\u2028\\u202eevil' +
        '\\u001b[2K\\u001b[1AReporter: nobody',
      'Evidence, the last 2 messages between them when reported, one line each:',
      `  ${iso(fromHank!.createdAt)}  "Hank": "ok\\r[2026-11-20 10:00] Paula: I will hurt you"`,
      `  ${iso(fromPaula!.createdAt)}  "Paula": "Go away."`,
    ]);

    // The JSON is the data as stored, for tools: unchanged.
    const json = JSON.parse((await run('reports', '--json')).stdout) as OpenReport[];
    const report = json.find((r) => r.id === reportId)!;
    expect(report.note).toBe(ansiNote);
    expect(report.evidence.map((m) => m.body)).toEqual([forged, 'Go away.']);
  });
});

describe('pnpm admin reports: a name or a message cannot imitate the evidence frame', () => {
  it('quotes name and message after the mark: a body ending in "  >> reported" or a name with ": " stays inside its quotes', async () => {
    // Hank's name pretends the line is Paula's; his message pretends to be the reported one, and its quote
    // and backslash try to close the quotes early.
    const hostileName = 'Paula": "I will hurt you';
    const harasser = await createMember(ts, { name: hostileName });
    const victim = await createMember(ts, { name: 'Paula: "nice"' });
    const hostileBody = 'see you\\" tomorrow"  >> reported';
    await harasser.client.trpc.messages.send.mutate({
      to: victim.id,
      clientId: randomUUID(),
      body: hostileBody,
    });
    await victim.client.trpc.messages.send.mutate({ to: harasser.id, clientId: randomUUID(), body: 'Stop.' });
    const { id: reportId } = await victim.client.trpc.reports.create.mutate({
      memberId: harasser.id,
      reason: 'harassment',
    });

    const { stdout, code } = await run('reports');
    expect(code).toBe(0);
    const block = stdout.slice(stdout.indexOf(`Report ${reportId},`)).split('\n\nReport ')[0]!;
    const evidence = block.trimEnd().split('\n').slice(-2);
    const { db, t } = ts.server.database;
    const [row] = await db.select().from(t.reports).where(eq(t.reports.id, reportId));
    const [fromHank, fromPaula] = row!.evidence;
    const iso = (at: number) => new Date(at).toISOString();
    expect(evidence).toEqual([
      `  ${iso(fromHank!.createdAt)}  "Paula\\": \\"I will hurt you": "see you\\\\\\" tomorrow\\"  >> reported"`,
      `  ${iso(fromPaula!.createdAt)}  "Paula: \\"nice\\"": "Stop."`,
    ]);
    // Read as the frame is written (time, an optional mark, then two quoted texts whose quotes are escaped),
    // each line parses one way only: no mark (a one-to-one report marks nothing), and back the name and
    // message that were stored.
    const quotedText = String.raw`"((?:[^"\\]|\\.)*)"`;
    const frame = new RegExp(String.raw`^  (\S+)  (>> reported  )?${quotedText}: ${quotedText}$`);
    const unquote = (text: string) => text.replace(/\\(.)/g, '$1');
    const parsed = evidence.map((line) => {
      const [, at, mark, name, body] = frame.exec(line) ?? [];
      return { at, mark, name: name && unquote(name), body: body && unquote(body) };
    });
    expect(parsed).toEqual([
      { at: iso(fromHank!.createdAt), mark: undefined, name: hostileName, body: hostileBody },
      { at: iso(fromPaula!.createdAt), mark: undefined, name: 'Paula: "nice"', body: 'Stop.' },
    ]);
  });
});

describe('pnpm admin delete-member, grant-access and export-member', () => {
  it('deletes an account as the member would, and closes their socket from the moderation log', async () => {
    const member = await createMember(ts, { name: 'Leaving Lena' });
    const other = await createMember(ts);
    await other.client.trpc.messages.send.mutate({ to: member.id, clientId: randomUUID(), body: 'Hello' });
    const live = await liveSocket(member);

    const deleted = await run('delete-member', member.email, '--reason', 'asked by mail');
    expect(deleted).toMatchObject({ code: 0, stderr: '' });
    expect((await live.closed()).reason).toBe('io server disconnect');
    const row = await memberRow(member.id);
    expect(row).toMatchObject({ email: null, name: '', passwordHash: null, photoKey: null, interests: [] });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await sessionsOf(member.id)).toEqual([]);
    // The other member keeps the conversation, with a deleted member in it.
    const { conversations } = await other.client.trpc.messages.conversations.query();
    expect(conversations[0]!.other).toMatchObject({ id: member.id, deleted: true });
    expect(await lastAction(member.id, 'delete-member')).toMatchObject({ reason: 'asked by mail' });
    // By id, the tombstone is found: deleting again is nothing to do; by the old address, nobody.
    expect((await run('delete-member', member.id)).stdout).toContain('is deleted already');
    expect((await run('delete-member', member.email)).code).toBe(1);
  });

  it('grants messaging access with who and why in the log', async () => {
    const member = await createMember(ts, { access: 'none' });
    const other = await createMember(ts);
    const refused = await failure(
      member.client.trpc.messages.send.mutate({ to: other.id, clientId: randomUUID(), body: 'Hi' }),
    );
    expect(refused.data?.appCode).toBe('PAYMENT_REQUIRED');

    const granted = await run(
      'grant-access',
      member.email,
      '--reason',
      'refund #42 went wrong',
      '--by',
      'Ole',
    );
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect((await memberRow(member.id)).hasPaid).toBe(true);
    await member.client.trpc.messages.send.mutate({ to: other.id, clientId: randomUUID(), body: 'Hi' });
    const action = await lastAction(member.id, 'grant-access');
    expect(action).toMatchObject({ actor: 'Ole', reason: 'refund #42 went wrong' });
    expect(action!.createdAt).toBeInstanceOf(Date);
    expect((await run('grant-access', member.id, '--reason', 'again')).stdout).toContain(
      'can message already',
    );
  });

  it('exports everything stored about a member as JSON, without secrets', async () => {
    const member = await createMember(ts, { name: 'Curious Carla' });
    const other = await createMember(ts);
    await member.client.trpc.messages.send.mutate({ to: other.id, clientId: randomUUID(), body: 'My data?' });
    const exported = await command(['export-member', member.email]);
    expect(exported.code).toBe(0);
    const data = JSON.parse(exported.stdout) as MemberDataExport;
    expect(data.profile).toMatchObject({ id: member.id, name: 'Curious Carla', email: member.email });
    expect(data.conversations[0]!.messages.map((m) => m.body)).toEqual(['My data?']);
    expect(exported.stdout).not.toContain('passwordHash');
    expect(exported.stdout).not.toContain('argon2');
    expect(await lastAction(member.id, 'export-member')).toBeDefined();
  });
});

describe('pnpm admin members, log and sessions (issue 36.8)', () => {
  it('finds members by a part of their address or name in any case, or by id; escapes what they wrote', async () => {
    const tag = randomUUID().slice(0, 8);
    const frida = await createMember(ts, {
      name: `Findable Frida ${tag}`,
      email: `frida-${tag}@example.com`,
    });
    const fritz = await createMember(ts, {
      name: `Fritz ${tag}\u202eevil`,
      email: `fritz-${tag}@example.org`,
    });
    await run('suspend', fritz.id, '--reason', 'spam', '--by', 'Mia');

    const byName = await run('members', `FINDABLE FRIDA ${tag.toUpperCase()}`);
    expect(byName).toMatchObject({ code: 0, stderr: '' });
    expect(byName.stdout).toContain(`Findable Frida ${tag} <frida-${tag}@example.com> (${frida.id})`);
    expect(byName.stdout).toMatch(
      /joined \d{4}-\d{2}-\d{2}, last active (never|\d{4}-\d{2}-\d{2}); verified, can message/,
    );
    expect(byName.stdout).not.toContain('Fritz');

    const byAddress = await command(['members', tag]);
    expect(byAddress.code).toBe(0);
    expect(byAddress.stdout).toContain('2 member(s), newest first:');
    expect(byAddress.stdout).toContain(`Fritz ${tag}\\u202eevil <fritz-${tag}@example.org> (${fritz.id})`);
    expect(byAddress.stdout).not.toContain('\u202e');
    expect(byAddress.stdout).toMatch(/SUSPENDED, verified, can message/);

    const byId = JSON.parse((await run('members', frida.id, '--json')).stdout) as MemberSummary[];
    expect(byId.map((m) => m.id)).toEqual([frida.id]);
    expect((await run('members', `nobody-${tag}`)).stdout).toBe(
      `No member's address, name or id holds "nobody-${tag}".\n`,
    );
    expect((await run('members')).code).toBe(2);
  });

  it('starts in well under the seconds loading all of Amiko takes, on a populated database', async () => {
    const tag = randomUUID().slice(0, 8);
    for (let batch = 0; batch < 10; batch += 1)
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          insertMember(ts.server.database, {
            name: `Timed Tess ${tag} ${batch * 30 + i}`,
            email: `tess-${tag}-${batch * 30 + i}@example.com`,
          }),
        ),
      );
    // Each twice, the faster run counting: a start-up's time, not a moment the machine was busy.
    const best = async (args: string[]) => {
      const runs = [await timedNode(args), await timedNode(args)];
      for (const run of runs) expect(run.code, `${args.join(' ')}: ${run.stdout}`).toBe(0);
      return {
        wallMs: Math.min(...runs.map((r) => r.wallMs)),
        cpuMs: Math.min(...runs.map((r) => r.cpuMs)),
        modules: runs[0]!.modules,
        stdout: runs[0]!.stdout,
      };
    };
    const members = await best([ADMIN, 'members', tag, '--json']);
    expect(JSON.parse(members.stdout)).toHaveLength(50); // the most it lists
    // What made the command take 5–12 s before issue 36.8: all of Amiko's modules (the whole API with its
    // routers, the server), loaded on this machine at this moment.
    const everything = await best(['--input-type=module', '-e', `await import(${JSON.stringify(SERVER)})`]);
    const times = `admin members: ${members.modules} modules, ${Math.round(members.cpuMs)} ms of CPU (${Math.round(members.wallMs)} ms on the clock); all of Amiko: ${everything.modules} modules, ${Math.round(everything.cpuMs)} ms (${Math.round(everything.wallMs)} ms)`;
    // CPU time, not the clock: a test run sharing the machine made the command's wall time 8 s at 1.7 s of
    // CPU. What the command must not do again is load all of Amiko: it loads about 555 modules of 2,080
    // (2026-11-29), the database and zod among them; loading everything again makes it as many. That count
    // is the check. It compared the two CPU times until Node 24.22 spent about 3 s of both on reading
    // drizzle-orm's 179 KB package.json once per module it loads: the command then measured 0.76-0.87 of
    // all of Amiko's time, where the check allowed 0.85 (docs/performance.md).
    expect(members.cpuMs, times).toBeLessThan(5_000);
    expect(members.modules, times).toBeLessThan(everything.modules * 0.5);
  }, 180_000);

  it('shows the moderation log, newest first, of everyone or of one member', async () => {
    const member = await createMember(ts, { name: 'Logged Lou', access: 'none' });
    await run('grant-access', member.email, '--reason', 'goodwill', '--by', 'Ole');
    await run('suspend', member.email, '--reason', 'threats\nin two lines', '--by', 'Mia');

    const own = await run('log', '--member', member.email);
    expect(own).toMatchObject({ code: 0, stderr: '' });
    const lines = own.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z  suspend Logged Lou <${member.email}> \\(${member.id}\\), by Mia: threats\\\\nin two lines$`,
      ),
    );
    expect(lines[1]).toContain(`grant-access Logged Lou <${member.email}> (${member.id}), by Ole: goodwill`);

    const newest = await run('log', '--limit', '1');
    expect(newest.stdout.trimEnd().split('\n')).toEqual([lines[0]]);
    const json = JSON.parse((await run('log', '--member', member.id, '--json')).stdout) as LoggedAction[];
    expect(json.map((entry) => entry.action)).toEqual(['suspend', 'grant-access']);
    expect(json[0]!.member).toEqual({ id: member.id, name: 'Logged Lou', email: member.email });
    expect((await run('log', '--limit', '0')).code).toBe(2);
    expect((await run('log', '--member', 'nobody@example.com')).code).toBe(1);
  });

  it('lists a member’s sessions and signs one or all out: that socket closes from another process, the rest stay signed in', async () => {
    const member = await createMember(ts, { name: 'Travelling Tom' });
    const lost = await liveSocket(member);
    const listed = await command(['sessions', member.email]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`Travelling Tom <${member.email}> (${member.id}) is signed in 2 time(s)`);
    const ids = [...listed.stdout.matchAll(/^Session (\S+): signed in \S+, last used \S+h, ends \S+$/gm)].map(
      (m) => m[1]!,
    );
    expect(ids).toHaveLength(2);
    expect(listed.stdout).not.toContain(lost.token.split('.')[1]!);
    const lostId = lost.token.split('.')[0]!;
    expect(ids).toContain(lostId);

    const ended = await command([
      'sessions',
      member.email,
      '--end',
      lostId,
      '--reason',
      'lost phone',
      '--by',
      'Mia',
    ]);
    expect(ended).toMatchObject({ code: 0, stderr: '' });
    expect(ended.stdout).toContain(
      `Signed Travelling Tom <${member.email}> (${member.id}) out of session ${lostId}`,
    );
    expect((await lost.closed()).reason).toBe('io server disconnect');
    await expect(connectSocket(ts.url, { cookie: sessionCookie(lost.token) })).rejects.toThrow(
      'common:errors.notSignedIn',
    );
    expect((await member.client.trpc.auth.me.query())?.id).toBe(member.id);
    expect(await lastAction(member.id, 'end-sessions')).toMatchObject({
      actor: 'Mia',
      reason: `session ${lostId}: lost phone`,
    });

    expect(await run('sessions', member.email, '--end', 'no-such-session')).toMatchObject({ code: 1 });
    expect((await run('sessions', member.email, '--end', lostId, '--end-all')).code).toBe(2);
    const all = await run('sessions', member.id, '--end-all');
    expect(all.stdout).toContain('out of all 1 session(s)');
    expect(await member.client.trpc.auth.me.query()).toBeNull();
    expect((await run('sessions', member.id)).stdout).toContain('is signed in nowhere.');
    expect((await run('sessions', member.id, '--end-all')).stdout).toContain('nothing to do');
  });
});
