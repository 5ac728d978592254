import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, insertMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

describe('favourites', () => {
  it('toggles (SPEC §4): added when absent, removed when present', async () => {
    const me = await createMember(ts);
    const other = await insertMember(ts.server.database, { name: 'Toggle Tina' });
    expect(await me.client.trpc.favorites.toggle.mutate({ memberId: other.id })).toEqual({
      isFavorite: true,
    });
    expect((await me.client.trpc.favorites.list.query({})).map((f) => f.name)).toEqual(['Toggle Tina']);
    expect((await me.client.trpc.profile.view.query({ memberId: other.id })).isFavorite).toBe(true);
    expect(await me.client.trpc.favorites.toggle.mutate({ memberId: other.id })).toEqual({
      isFavorite: false,
    });
    expect(await me.client.trpc.favorites.list.query({})).toEqual([]);
    expect((await me.client.trpc.profile.view.query({ memberId: other.id })).isFavorite).toBe(false);
  });

  it('lists newest first, searches by name ignoring case, and removes', async () => {
    const me = await createMember(ts);
    const [a, b, c] = [
      await insertMember(ts.server.database, { name: 'Hanna Schmidt', city: 'Köln' }),
      await insertMember(ts.server.database, { name: 'Jonas Weber' }),
      await insertMember(ts.server.database, { name: 'Johanna Berg' }),
    ];
    for (const m of [a, b, c]) await me.client.trpc.favorites.toggle.mutate({ memberId: m.id });
    const list = await me.client.trpc.favorites.list.query({});
    expect(list.map((f) => f.name)).toEqual(['Johanna Berg', 'Jonas Weber', 'Hanna Schmidt']);
    expect(list[2]).toMatchObject({
      id: a.id,
      city: 'Köln',
      avatarUrl: expect.stringMatching(/^\/uploads\//),
    });
    expect((await me.client.trpc.favorites.list.query({ search: 'hanna' })).map((f) => f.name)).toEqual([
      'Johanna Berg',
      'Hanna Schmidt',
    ]);
    expect(await me.client.trpc.favorites.list.query({ search: '%' })).toEqual([]);
    await me.client.trpc.favorites.remove.mutate({ memberId: b.id });
    await me.client.trpc.favorites.remove.mutate({ memberId: b.id }); // already gone: fine
    expect((await me.client.trpc.favorites.list.query({})).map((f) => f.name)).toEqual([
      'Johanna Berg',
      'Hanna Schmidt',
    ]);
    // The list is one's own: another member's list is untouched.
    const other = await createMember(ts);
    expect(await other.client.trpc.favorites.list.query({})).toEqual([]);
  });

  it('drops a favourite when either side blocks, and refuses blocked, deleted, missing members and oneself', async () => {
    const me = await createMember(ts);
    const blockedByMe = await createMember(ts, { name: 'Blocked By Me' });
    const blocksMe = await createMember(ts, { name: 'Blocks Me' });
    const deleted = await insertMember(ts.server.database, { name: 'Deleted', deletedAt: new Date() });
    await me.client.trpc.favorites.toggle.mutate({ memberId: blockedByMe.id });
    await me.client.trpc.favorites.toggle.mutate({ memberId: blocksMe.id });

    await me.client.trpc.blocks.block.mutate({ memberId: blockedByMe.id });
    await blocksMe.client.trpc.blocks.block.mutate({ memberId: me.id });
    expect(await me.client.trpc.favorites.list.query({})).toEqual([]);

    // Taking a favourite off the list is always allowed; adding a member blocked either way is not.
    expect(await me.client.trpc.favorites.toggle.mutate({ memberId: blocksMe.id })).toEqual({
      isFavorite: false,
    });
    for (const target of [blockedByMe, blocksMe]) {
      const error = await failure(me.client.trpc.favorites.toggle.mutate({ memberId: target.id }));
      expect(error.message).toBe('community:errors.profileUnavailable');
    }
    for (const id of [deleted.id, 'nobody-at-all']) {
      const error = await failure(me.client.trpc.favorites.toggle.mutate({ memberId: id }));
      expect(error.message).toBe('community:errors.userDocumentMissing');
    }
    const self = await failure(me.client.trpc.favorites.toggle.mutate({ memberId: me.id }));
    expect(self.message).toBe('community:errors.cannotFavoriteSelf');
  });

  it('needs a verified member', async () => {
    const visitor = ts.client();
    expect((await failure(visitor.trpc.favorites.list.query({}))).data?.httpStatus).toBe(401);
    const unverified = await createMember(ts, { verified: false });
    expect((await failure(unverified.client.trpc.favorites.list.query({}))).data?.appCode).toBe(
      'EMAIL_NOT_VERIFIED',
    );
  });
});
