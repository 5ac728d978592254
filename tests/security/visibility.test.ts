import { randomUUID } from 'node:crypto';
import {
  deleteMemberAsOperator,
  exportMemberData,
  suspendMember,
  type ConversationView,
  type PeerView,
} from '@amiko/api';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { may, seenBy, type Visibility } from '@amiko/api';
import { mailsTo } from '../api/accounts-support.ts';
import { failure } from '../support/errors.ts';
import { connectSocket, sessionCookie, type MessagingSocket } from '../support/messaging.ts';
import { createMember, type TestMember, type TestMemberOptions } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Issue 17.5: what messages.open shows of a member agrees with profile.view, and nothing is delivered to a
// member who cannot read it yet (address not verified).
// Issue 28.6: who may see whom is one decision (visibilityOf, packages/api/src/services/views.ts): a member
// who blocked the viewer, or a suspended one, is shown everywhere as a deleted member is, whatever they change
// afterwards, and the mails never name them.

/** Message mails after 1.5 s instead of minutes (time enough to block or suspend before they are due). */
const MAIL_DELAY_MS = 1500;

let ts: TestServer;
let viewer: TestMember;
beforeAll(async () => {
  ts = await startTestServer({
    env: { MESSAGE_MAIL_DELAY_SECONDS: String(MAIL_DELAY_MS / 1000), JOB_POLL_MS: '100' },
  });
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const send = (from: TestMember, to: TestMember, body = 'Hello there') =>
  from.client.trpc.messages.send.mutate({ to: to.id, clientId: randomUUID(), body });

/** A new photo for the member, through the upload a member uses; answers with its key. */
async function changePhoto(member: TestMember): Promise<string> {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 90 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'new.png');
  const response = await member.client.http.fetch('/uploads', { method: 'POST', body: form });
  expect(response.status).toBe(200);
  const { photoUrl } = (await response.json()) as { photoUrl: string };
  return photoUrl.slice('/uploads/'.length);
}

const rename = (member: TestMember, name: string) =>
  member.client.trpc.profile.saveSection.mutate({ section: 'basic', values: { name } });

/** Every event the member's live socket receives, as the app would. */
async function liveEvents(member: TestMember): Promise<{ socket: MessagingSocket; events: unknown[] }> {
  const { token } = await ts.server.deps.sessions.create(member.id);
  const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
  const events: unknown[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  return { socket, events };
}

async function conversationWith(member: TestMember, other: TestMember): Promise<ConversationView> {
  const { conversations } = await member.client.trpc.messages.conversations.query();
  const found = conversations.find((c) => c.other.id === other.id);
  if (!found) throw new Error(`no conversation of ${member.name} with ${other.id}`);
  return found;
}

async function exportedWith(member: TestMember, other: TestMember) {
  const data = (await exportMemberData(ts.server.deps, member.id))!;
  return { data, with: data.conversations.find((c) => c.with.id === other.id)?.with };
}

async function memberRow(member: TestMember) {
  const { db, t } = ts.server.database;
  const [row] = await db.select().from(t.members).where(eq(t.members.id, member.id));
  return row!;
}

const asDeleted = (member: TestMember): PeerView => ({
  id: member.id,
  name: '',
  avatarUrl: null,
  deleted: true,
});

describe('a member who blocked the viewer, or is suspended, is shown as a deleted member', () => {
  it('Paula blocks Hank, renames herself and changes her photo: nothing of it reaches Hank', async () => {
    // Names no random id or key could contain by chance.
    const paula = await createMember(ts, { name: 'Paula Quistorp' });
    const hank = await createMember(ts, { name: 'Hank' });
    const live = await liveEvents(hank);
    try {
      await send(paula, hank, 'Hello');
      await send(hank, paula, 'Hello to you');
      expect((await conversationWith(hank, paula)).other.name).toBe('Paula Quistorp');

      await paula.client.trpc.blocks.block.mutate({ memberId: hank.id });
      await rename(paula, 'Pia Renamedotter');
      const photoKey = await changePhoto(paula);

      // The conversation list, which also heads the thread and names the writer of a notification.
      const conversation = await conversationWith(hank, paula);
      expect(conversation.other).toEqual(asDeleted(paula));
      expect(conversation.blockedByMe).toBe(false);
      // A thread opened by link (/messages?with=…) shows nothing of her either.
      expect((await failure(hank.client.trpc.messages.open.query({ with: paula.id }))).message).toBe(
        'community:errors.profileUnavailable',
      );
      // The export names her as the list does.
      const exported = await exportedWith(hank, paula);
      expect(exported.with).toEqual({ id: paula.id, name: '', deleted: true });
      // No payload of the live connection (messages, unread counts) carries her name or photo, before or after.
      expect((await hank.client.trpc.messages.unread.query()).unreadConversations).toBe(1);
      for (const shown of [JSON.stringify(exported.data), JSON.stringify(live.events)]) {
        expect(shown).not.toContain('Quistorp');
        expect(shown).not.toContain('Renamedotter');
        expect(shown).not.toContain(photoKey);
      }

      // Paula, who blocked, still sees whom she blocked where she can lift the block.
      expect((await conversationWith(paula, hank)).other).toMatchObject({ name: 'Hank', deleted: false });
      expect((await conversationWith(paula, hank)).blockedByMe).toBe(true);
      expect((await paula.client.trpc.blocks.list.query()).map((b) => b.name)).toEqual(['Hank']);

      // Lifted, she is herself again: new name, new photo.
      await paula.client.trpc.blocks.unblock.mutate({ memberId: hank.id });
      expect((await conversationWith(hank, paula)).other).toEqual({
        id: paula.id,
        name: 'Pia Renamedotter',
        avatarUrl: expect.stringMatching(/^\/uploads\//),
        deleted: false,
      });
    } finally {
      live.socket.close();
    }
  });

  it('a suspended member: in the list, the thread, the export and the blocked list, until the suspension is lifted', async () => {
    const sam = await createMember(ts, { name: 'Suspended Samwise' });
    const hank = await createMember(ts, { name: 'Hank' });
    const blocker = await createMember(ts, { name: 'Blocking Bo' });
    await send(sam, hank, 'Hello');
    await send(blocker, sam, 'Stop it');
    await blocker.client.trpc.blocks.block.mutate({ memberId: sam.id });
    await rename(sam, 'Sneaky Sidonius');
    expect(await suspendMember(ts.server.deps, await memberRow(sam), { actor: 'test' })).toBe('suspended');

    expect((await conversationWith(hank, sam)).other).toEqual(asDeleted(sam));
    expect((await conversationWith(blocker, sam)).other).toEqual(asDeleted(sam));
    expect((await failure(hank.client.trpc.messages.open.query({ with: sam.id }))).message).toBe(
      'community:errors.userDocumentMissing',
    );
    const exported = await exportedWith(hank, sam);
    expect(exported.with).toEqual({ id: sam.id, name: '', deleted: true });
    expect(JSON.stringify(exported.data)).not.toMatch(/Samwise|Sidonius/);
    // Left out of the blocked list, as a deleted account is.
    expect(await blocker.client.trpc.blocks.list.query()).toEqual([]);

    await ts.server.deps.database.db
      .update(ts.server.database.t.members)
      .set({ suspendedAt: null })
      .where(eq(ts.server.database.t.members.id, sam.id));
    expect((await conversationWith(hank, sam)).other).toMatchObject({
      name: 'Sneaky Sidonius',
      deleted: false,
    });
    expect((await blocker.client.trpc.blocks.list.query()).map((b) => b.name)).toEqual(['Sneaky Sidonius']);
  });

  it('mails never name a member the recipient blocked, who blocked the recipient, or who is suspended', async () => {
    const pairs = await Promise.all(
      ['Kept', 'Blocked', 'Blocker', 'Suspended'].map(async (what) => ({
        what,
        sender: await createMember(ts, { name: `${what} Sender` }),
        recipient: await createMember(ts, { name: 'Away' }),
      })),
    );
    for (const { sender, recipient } of pairs) await send(sender, recipient);
    // Before the mails are due (MAIL_DELAY_MS).
    const [, blocked, blocker, suspended] = pairs;
    await blocked!.recipient.client.trpc.blocks.block.mutate({ memberId: blocked!.sender.id });
    await blocker!.sender.client.trpc.blocks.block.mutate({ memberId: blocker!.recipient.id });
    await suspendMember(ts.server.deps, await memberRow(suspended!.sender), { actor: 'test' });

    await sleep(MAIL_DELAY_MS * 2 + 700);
    const subjects = Object.fromEntries(
      await Promise.all(
        pairs.map(async ({ what, recipient }) => [
          what,
          (await mailsTo(ts, recipient.email)).map((m) => m.subject),
        ]),
      ),
    );
    expect(subjects).toEqual({
      Kept: ['Kept wrote to you on Amiko'],
      Blocked: [],
      Blocker: [],
      Suspended: [],
    });
  });
});

describe('one decision behind every place that shows a member', () => {
  // Each member is in a conversation with the viewer and was a favourite before their state was set; every
  // place then shows them as visibilityOf's answer allows (may: find, name).
  const cases: [string, (other: TestMember, viewer: TestMember) => Promise<unknown>, Visibility][] = [
    ['a member with nothing between them', async () => undefined, 'shown'],
    [
      'a member the viewer blocked',
      (other, viewer) => viewer.client.trpc.blocks.block.mutate({ memberId: other.id }),
      'blockedByViewer',
    ],
    [
      'a member who blocked the viewer',
      (other, viewer) => other.client.trpc.blocks.block.mutate({ memberId: viewer.id }),
      'blocksViewer',
    ],
    [
      'a suspended member',
      async (other) => suspendMember(ts.server.deps, await memberRow(other), { actor: 'test' }),
      'suspended',
    ],
    [
      'a deleted member',
      async (other) => deleteMemberAsOperator(ts.server.deps, await memberRow(other), { actor: 'test' }),
      'deleted',
    ],
    [
      'a member whose address is not verified',
      (other) =>
        ts.server.database.db
          .update(ts.server.database.t.members)
          .set({ emailVerified: false })
          .where(eq(ts.server.database.t.members.id, other.id)),
      'unlisted',
    ],
  ];
  for (const [what, makeSo, expected] of cases) {
    it(`for ${what}: ${expected}`, async () => {
      const me = await createMember(ts, { name: 'Viewing Vic' });
      const other = await createMember(ts, { name: 'Other Olga' });
      await send(other, me, 'Hi');
      await me.client.trpc.favorites.toggle.mutate({ memberId: other.id });
      await makeSo(other, me);

      const seen = (await seenBy(ts.server.database, me.id, [other.id])).get(other.id)!;
      expect(seen.visibility).toBe(expected);
      const named = may(expected, 'name');
      const found = may(expected, 'find');

      const listed = (await conversationWith(me, other)).other;
      expect(listed).toEqual(
        named ? expect.objectContaining({ name: 'Other Olga', deleted: false }) : asDeleted(other),
      );
      expect((await exportedWith(me, other)).with).toEqual({
        id: other.id,
        name: named ? 'Other Olga' : '',
        deleted: !named,
      });
      const profile = me.client.trpc.profile.view.query({ memberId: other.id });
      if (found) expect((await profile).name).toBe('Other Olga');
      else
        expect((await failure(profile)).message).toBe(
          expected === 'blocksViewer' || expected === 'blockedByViewer'
            ? 'community:errors.profileUnavailable'
            : 'community:errors.userDocumentMissing',
        );
      const favourites = await me.client.trpc.favorites.list.query({});
      expect(favourites.some((f) => f.id === other.id)).toBe(found);
      const directory = await me.client.trpc.community.directory.query({ sort: 'newest', limit: 5 });
      expect(directory.items.some((c) => c.id === other.id)).toBe(found);
    });
  }
});
