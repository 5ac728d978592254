import { randomUUID } from 'node:crypto';
import { REPORT_REASONS } from '@amiko/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, insertMember } from '../support/members.ts';
import { RELAXED_RATE_LIMITS, startTestServer, type TestServer } from '../support/server.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({
    env: {
      RATE_LIMITS: JSON.stringify({ ...RELAXED_RATE_LIMITS, 'report:account': { max: 3, windowMs: 60_000 } }),
    },
  });
});
afterAll(() => ts.stop());

describe('reports', () => {
  it('stores a report with its reason and note for moderation', async () => {
    const me = await createMember(ts);
    const other = await insertMember(ts.server.database, { name: 'Reported Rita' });
    const { id } = await me.client.trpc.reports.create.mutate({
      memberId: other.id,
      reason: 'harassment',
      note: '  Sent me rude messages.  ',
    });
    const { db, t } = ts.server.database;
    const [row] = await db.select().from(t.reports).where(eq(t.reports.id, id));
    expect(row).toMatchObject({
      reporterId: me.id,
      reportedId: other.id,
      reason: 'harassment',
      note: 'Sent me rude messages.',
      status: 'open',
    });
    // The note is optional.
    await me.client.trpc.reports.create.mutate({ memberId: other.id, reason: 'spam' });
  });

  it('takes only reasons from the list, and not oneself or nobody', async () => {
    const me = await createMember(ts);
    const other = await insertMember(ts.server.database);
    expect(REPORT_REASONS).toContain('other');
    const badReason = await failure(
      me.client.trpc.reports.create.mutate({ memberId: other.id, reason: 'boring' as never }),
    );
    expect(badReason.message).toBe('community:errors.reportReasonRequired');
    const self = await failure(me.client.trpc.reports.create.mutate({ memberId: me.id, reason: 'spam' }));
    expect(self.message).toBe('community:errors.cannotReportSelf');
    const nobody = await failure(
      me.client.trpc.reports.create.mutate({ memberId: 'nobody-x', reason: 'spam' }),
    );
    expect(nobody.message).toBe('community:errors.userDocumentMissing');
    const long = await failure(
      me.client.trpc.reports.create.mutate({ memberId: other.id, reason: 'other', note: 'x'.repeat(1001) }),
    );
    expect(long.message).toBe('common:errors.tooLong');
  });

  it('limits reports per account', async () => {
    const me = await createMember(ts);
    const other = await insertMember(ts.server.database);
    for (let i = 0; i < 3; i += 1)
      await me.client.trpc.reports.create.mutate({ memberId: other.id, reason: 'spam' });
    const limited = await failure(
      me.client.trpc.reports.create.mutate({ memberId: other.id, reason: 'spam' }),
    );
    expect(limited.data?.appCode).toBe('RATE_LIMITED');
    expect(limited.message).toBe('common:errors.tooManyRequests');
  });

  it('from a conversation (issue 19.5): about someone who wrote, after blocking them, and after they blocked me', async () => {
    const me = await createMember(ts);
    const writer = await createMember(ts);
    const blocker = await createMember(ts);
    for (const from of [writer, blocker]) {
      await from.client.trpc.messages.send.mutate({ to: me.id, clientId: randomUUID(), body: 'Hello' });
    }
    await me.client.trpc.blocks.block.mutate({ memberId: writer.id });
    await blocker.client.trpc.blocks.block.mutate({ memberId: me.id });
    await me.client.trpc.reports.create.mutate({ memberId: writer.id, reason: 'harassment' });
    await me.client.trpc.reports.create.mutate({ memberId: blocker.id, reason: 'scam' });
    const { db, t } = ts.server.database;
    const rows = await db.select().from(t.reports).where(eq(t.reports.reporterId, me.id));
    expect(rows.map((r) => [r.reportedId, r.reason]).sort()).toEqual(
      [
        [writer.id, 'harassment'],
        [blocker.id, 'scam'],
      ].sort(),
    );
  });

  it('needs a verified member', async () => {
    const visitor = ts.client();
    const error = await failure(visitor.trpc.reports.create.mutate({ memberId: 'x', reason: 'spam' }));
    expect(error.data?.httpStatus).toBe(401);
  });
});
