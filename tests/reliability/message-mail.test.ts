import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { createTestDatabase, type TestDialect } from '../support/database.ts';
import { clientFor, freePort, memberWithSession } from '../support/messaging.ts';

// Mails about waiting messages (issue 19.1) survive the server being killed with SIGKILL: a mail that was
// scheduled, or claimed by the process that died, is sent once after the restart, neither lost nor doubled.

const RECIPIENTS = 6;

async function scenario(dialect: TestDialect) {
  const database = await createTestDatabase(dialect);
  const env = { PORT: String(await freePort()), MESSAGE_MAIL_DELAY_SECONDS: '2', JOB_POLL_MS: '100' };
  let server: AmikoProcess = await spawnAmiko({ database, env });
  try {
    const bruno = await memberWithSession(server.db(), { name: 'Bruno' });
    const recipients = [];
    for (let i = 0; i < RECIPIENTS; i += 1) recipients.push(await memberWithSession(server.db()));
    for (const r of recipients) {
      await clientFor(server.url, bruno.token).trpc.messages.send.mutate({
        to: r.id,
        clientId: randomUUID(),
        body: 'Hello!',
      });
    }
    // One job as a process leaves it that died while sending: claimed, its lease still running.
    const { db, t } = server.db();
    const [claimed] = await db
      .update(t.jobs)
      .set({ lockedUntil: new Date(Date.now() + 3000), attempts: 1, runAt: new Date() })
      .where(eq(t.jobs.memberId, recipients[0]!.id))
      .returning();
    expect(claimed).toBeDefined();

    // Killed before any mail was due, started again on the same database.
    await server.stop('SIGKILL');
    server = await spawnAmiko({ database, env });
    for (const r of recipients) await server.waitForMail(r.email, { timeoutMs: 15_000 });
    await sleep(1500);
    const mails = await server.mail();
    for (const r of recipients) {
      expect(mails.filter((m) => m.to === r.email).map((m) => m.subject)).toEqual([
        'Bruno wrote to you on Amiko',
      ]);
    }
    // The message mails' jobs (beside them, the start's one-time jobs, such as matching typed cities to places).
    const jobs = (await server.db().db.select().from(server.db().t.jobs)).filter(
      (j) => j.kind === 'messageMail',
    );
    expect(jobs).toHaveLength(RECIPIENTS);
    expect(jobs.every((j) => j.doneAt !== null)).toBe(true);
  } finally {
    await server.stop();
    await database.drop();
  }
}

describe('mails about waiting messages survive the server being killed', () => {
  it('on SQLite', () => scenario('sqlite'), 120_000);
  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => scenario('postgres'), 120_000);
});
