import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, type TestMember, type TestMemberOptions } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Issue 17.5: what messages.open shows of a member agrees with profile.view, and nothing is delivered to a
// member who cannot read it yet (address not verified).

let ts: TestServer;
let viewer: TestMember;
beforeAll(async () => {
  ts = await startTestServer();
  viewer = await createMember(ts, { name: 'Vera' });
});
afterAll(() => ts.stop());

/** What profile.view and messages.open answer for the same member: the error key, or 'shown'. */
async function bothViews(of: TestMember) {
  const answer = async (call: Promise<unknown>) =>
    call.then(
      () => 'shown',
      async () => (await failure(call)).message,
    );
  return {
    profile: await answer(viewer.client.trpc.profile.view.query({ memberId: of.id })),
    open: await answer(viewer.client.trpc.messages.open.query({ with: of.id })),
  };
}

describe('messages.open agrees with profile.view', () => {
  const cases: [string, TestMemberOptions, string][] = [
    ['a finished, verified profile', {}, 'shown'],
    ['an unfinished profile', { onboarded: false }, 'community:errors.userDocumentMissing'],
    ['an unverified address', { verified: false }, 'community:errors.userDocumentMissing'],
  ];
  for (const [what, options, expected] of cases) {
    it(`for ${what}`, async () => {
      const other = await createMember(ts, { name: 'Otto', ...options });
      expect(await bothViews(other)).toEqual({ profile: expected, open: expected });
    });
  }

  it('for a member who blocked the viewer: nothing of their name or photo', async () => {
    const blocker = await createMember(ts, { name: 'Bea' });
    await blocker.client.trpc.blocks.block.mutate({ memberId: viewer.id });
    const views = await bothViews(blocker);
    expect(views).toEqual({
      profile: 'community:errors.profileUnavailable',
      open: 'community:errors.profileUnavailable',
    });
  });

  it('the blocker still opens the thread of the member they blocked, where they can lift it', async () => {
    const blocked = await createMember(ts, { name: 'Carl' });
    await viewer.client.trpc.blocks.block.mutate({ memberId: blocked.id });
    const opened = await viewer.client.trpc.messages.open.query({ with: blocked.id });
    expect(opened).toMatchObject({ blockedByMe: true, other: { id: blocked.id, name: 'Carl' } });
  });
});

describe('delivery', () => {
  it('refuses a message to a member whose address is not verified, as if they were not there', async () => {
    const unverified = await createMember(ts, { verified: false });
    const error = await failure(
      viewer.client.trpc.messages.send.mutate({ to: unverified.id, clientId: randomUUID(), body: 'Hi' }),
    );
    expect(error.message).toBe('messages:errors.memberNotFound');
    expect(await messagesTo(unverified)).toBe(0);
  });
});

/** Messages stored for a member, straight from the database. */
async function messagesTo(member: TestMember): Promise<number> {
  const { db, t } = ts.server.database;
  return (
    await db.select({ id: t.messages.id }).from(t.messages).where(eq(t.messages.recipientId, member.id))
  ).length;
}
