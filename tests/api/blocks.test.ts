import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

describe('blocking', () => {
  it('blocks and unblocks, listing the blocked members newest first', async () => {
    const a = await createMember(ts, { name: 'Ana' });
    const b = await createMember(ts, { name: 'Ben' });
    const c = await createMember(ts, { name: 'Cem' });
    await a.client.trpc.blocks.block.mutate({ memberId: b.id });
    await a.client.trpc.blocks.block.mutate({ memberId: c.id });
    await a.client.trpc.blocks.block.mutate({ memberId: c.id }); // again: no error, no duplicate
    const list = await a.client.trpc.blocks.list.query();
    expect(list.map((m) => m.name)).toEqual(['Cem', 'Ben']);
    await a.client.trpc.blocks.unblock.mutate({ memberId: b.id });
    expect((await a.client.trpc.blocks.list.query()).map((m) => m.name)).toEqual(['Cem']);
    // Blocking acts on one's own list only: B's list is untouched.
    expect(await b.client.trpc.blocks.list.query()).toEqual([]);
  });

  it('answers with the spec texts for a missing member, an empty list, and oneself', async () => {
    const a = await createMember(ts);
    expect((await failure(a.client.trpc.blocks.block.mutate({ memberId: 'nobody-here' }))).message).toBe(
      'community:errors.userDocumentMissing',
    );
    expect((await failure(a.client.trpc.blocks.unblock.mutate({ memberId: 'nobody-here' }))).message).toBe(
      'community:errors.noBlockedUsers',
    );
    expect((await failure(a.client.trpc.blocks.block.mutate({ memberId: a.id }))).message).toBe(
      'community:errors.cannotBlockSelf',
    );
  });

  it('needs a signed-in, verified member', async () => {
    const visitor = ts.client();
    const error = await failure(visitor.trpc.blocks.list.query());
    expect(error.data?.httpStatus).toBe(401);
    expect(error.message).toBe('common:errors.notSignedIn');
    const unverified = await createMember(ts, { verified: false });
    expect((await failure(unverified.client.trpc.blocks.list.query())).data?.appCode).toBe(
      'EMAIL_NOT_VERIFIED',
    );
  });
});
