import type { RouterInputs, RouterOutputs } from '@amiko/api';
import { ACTIVITY_STAMP_INTERVAL_MS } from '@amiko/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, eventually, sessionCookie } from '../support/messaging.ts';
import { createMember, insertMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/server.ts';

// "Who is around" (issue 19.2): cards, favourites and profiles carry a coarse activity sign computed on the
// server, never a time; "Show when I'm active" hides it both ways; the directory orders by recent activity.

type Card = RouterOutputs['community']['directory']['items'][number];

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/** Every page of a directory query, following the cursor. */
async function allPages(client: TestClient, query: RouterInputs['community']['directory']): Promise<Card[]> {
  const cards: Card[] = [];
  for (let cursor: string | null = null, pages = 0; pages < 50; pages += 1) {
    const page = await client.trpc.community.directory.query({ ...query, cursor });
    cards.push(...page.items);
    if (!page.nextCursor) return cards;
    cursor = page.nextCursor;
  }
  throw new Error('more than 50 pages');
}

const signs = (cards: Pick<Card, 'name' | 'activity'>[]) => cards.map((c) => [c.name, c.activity]);

describe('activity signs', () => {
  const city = 'Aktivstadt';
  let viewer: TestMember;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { database } = ts.server;
    viewer = await createMember(ts, { name: 'Viewer', city: 'Elsewhere' });
    // Joined oldest first: "newest" lists them bottom-up.
    const members = [
      ['Nora Now', ago(MINUTE), true],
      ['Theo Today', ago(3 * HOUR), true],
      ['Wanda Week', ago(3 * DAY), true],
      ['Olga Older', ago(10 * DAY), true],
      ['Nils Never', null, true],
      ['Hanna Hidden', ago(MINUTE), false],
      ['Tina Tie', ago(3 * HOUR), true],
    ] as const;
    for (const [i, [name, lastActiveAt, showActivity]] of members.entries()) {
      const { id } = await insertMember(database, {
        name,
        city,
        lastActiveAt,
        showActivity,
        createdAt: new Date(Date.now() - (members.length - i) * DAY),
      });
      ids[name] = id;
    }
  });

  it('shows a bucket on cards, never a time, and orders "Recently active" by it', async () => {
    const cards = await allPages(viewer.client, { sort: 'recentlyActive', filters: { city }, limit: 2 });
    expect(signs(cards)).toEqual([
      ['Nora Now', 'now'],
      // Active at the same time: the newer member first.
      ['Tina Tie', 'today'],
      ['Theo Today', 'today'],
      ['Wanda Week', 'week'],
      // Then everyone else, newest first: a hidden activity sorts as none.
      ['Hanna Hidden', null],
      ['Nils Never', null],
      ['Olga Older', null],
    ]);
    const page = await viewer.client.trpc.community.directory.query({ filters: { city }, sort: 'newest' });
    expect(JSON.stringify(page)).not.toMatch(/lastActive|showActivity|\d{4}-\d\d-\d\dT/);
    expect(signs(page.items)).toEqual([
      ['Tina Tie', 'today'],
      ['Hanna Hidden', null],
      ['Nils Never', null],
      ['Olga Older', null],
      ['Wanda Week', 'week'],
      ['Theo Today', 'today'],
      ['Nora Now', 'now'],
    ]);
  });

  it('shows the same sign on profiles and favourites', async () => {
    for (const [name, sign] of [
      ['Nora Now', 'now'],
      ['Wanda Week', 'week'],
      ['Olga Older', null],
      ['Hanna Hidden', null],
    ] as const) {
      const view = await viewer.client.trpc.profile.view.query({ memberId: ids[name]! });
      expect(view.activity).toBe(sign);
      expect(view).not.toHaveProperty('lastActiveAt');
    }
    for (const name of ['Nora Now', 'Theo Today']) {
      await viewer.client.trpc.favorites.toggle.mutate({ memberId: ids[name]! });
    }
    const favorites = await viewer.client.trpc.favorites.list.query({});
    expect(signs(favorites).sort()).toEqual([
      ['Nora Now', 'now'],
      ['Theo Today', 'today'],
    ]);
    expect(JSON.stringify(favorites)).not.toMatch(/lastActive/);
  });

  it("\"Show when I'm active\" off hides one's own sign and everyone else's, and back on shows them", async () => {
    const member = await createMember(ts, { name: 'Paula Private', city, createdAt: ago(30 * DAY) });
    expect(await member.client.trpc.account.privacy.query()).toEqual({ showActivity: true });
    // Paula's request stamped her activity: the viewer sees her as active now.
    const before = await viewer.client.trpc.profile.view.query({ memberId: member.id });
    expect(before.activity).toBe('now');

    expect(await member.client.trpc.account.setPrivacy.mutate({ showActivity: false })).toEqual({
      showActivity: false,
    });
    expect((await viewer.client.trpc.profile.view.query({ memberId: member.id })).activity).toBeNull();
    // Paula sees nobody's activity, and "Recently active" is newest first for her.
    expect((await member.client.trpc.profile.view.query({ memberId: ids['Nora Now']! })).activity).toBeNull();
    const hers = await allPages(member.client, { sort: 'recentlyActive', filters: { city } });
    const newest = await allPages(member.client, { sort: 'newest', filters: { city } });
    expect(hers.map((c) => c.name)).toEqual(newest.map((c) => c.name));
    expect(hers.every((c) => c.activity === null)).toBe(true);
    const recentlyActive = await allPages(viewer.client, { sort: 'recentlyActive', filters: { city } });
    expect(recentlyActive.find((c) => c.name === 'Paula Private')?.activity).toBeNull();
    expect(recentlyActive.findIndex((c) => c.name === 'Paula Private')).toBeGreaterThan(
      recentlyActive.findIndex((c) => c.name === 'Wanda Week'),
    );

    await member.client.trpc.account.setPrivacy.mutate({ showActivity: true });
    expect((await viewer.client.trpc.profile.view.query({ memberId: member.id })).activity).toBe('now');
    expect((await member.client.trpc.profile.view.query({ memberId: ids['Nora Now']! })).activity).toBe(
      'now',
    );
  });

  it("shows nothing to visitors, and nothing on one's own profile", async () => {
    const page = await ts.client().trpc.community.directory.query({ filters: { city } });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((c) => c.activity === null)).toBe(true);
    expect((await viewer.client.trpc.profile.view.query({ memberId: viewer.id })).activity).toBeNull();
  });
});

describe('activity stamps', () => {
  const stampOf = async (id: string) => {
    const { db, t } = ts.server.database;
    const [row] = await db
      .select({ lastActiveAt: t.members.lastActiveAt, updatedAt: t.members.updatedAt })
      .from(t.members)
      .where(eq(t.members.id, id));
    return row!;
  };

  it('stamps a request once per interval, so the row (and the directory index) is not rewritten each time', async () => {
    const member = await createMember(ts, { lastActiveAt: ago(2 * DAY) });
    await member.client.trpc.account.privacy.query();
    const first = await stampOf(member.id);
    expect(Date.now() - first.lastActiveAt!.getTime()).toBeLessThan(ACTIVITY_STAMP_INTERVAL_MS);
    for (let i = 0; i < 3; i += 1) await member.client.trpc.favorites.list.query({});
    expect(await stampOf(member.id)).toEqual(first);
  });

  it('stamps a member whose socket connects, with no request of theirs', async () => {
    const member = await insertMember(ts.server.database, { lastActiveAt: ago(2 * DAY) });
    const { token } = await ts.server.deps.sessions.create(member.id);
    const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
    try {
      await eventually(async () => {
        const { lastActiveAt } = await stampOf(member.id);
        return Date.now() - lastActiveAt!.getTime() < ACTIVITY_STAMP_INTERVAL_MS;
      }, 'the stamp of a connected member');
    } finally {
      socket.close();
    }
  });

  it('leaves a fresh stamp of another process alone', async () => {
    const recent = ago(10_000);
    const member = await createMember(ts, { lastActiveAt: recent });
    const before = await stampOf(member.id);
    await member.client.trpc.account.privacy.query();
    expect(await stampOf(member.id)).toEqual(before);
  });
});
