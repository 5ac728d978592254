import { readFileSync } from 'node:fs';
import type { RouterInputs, RouterOutputs } from '@amiko/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, insertMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/server.ts';

// Near me (issue 33): "within 10 / 25 / 50 / 100 km" of the viewer's place (or one they pick) and "nearby
// first", on both databases. A member is where their town is; no answer carries a distance, coordinates or
// a direction, only the town the card names.

type Query = RouterInputs['community']['directory'];
type Page = RouterOutputs['community']['directory'];

// GeoNames ids, and how far each is from Munich (distanceKm).
const MUNICH = 2867714;
const GARCHING = 2922582; // 13.6 km
const DACHAU = 2939623; // 17.2 km
const FREISING = 2925034; // 32.2 km
const AUGSBURG = 2954172; // 56.5 km
const BERLIN = 2950159; // 504.9 km

let ts: TestServer;
/** Every directory answer of this file, for the privacy test at the end. */
const answers: Page[] = [];

async function directory(client: TestClient, query: Query): Promise<Page> {
  const page = await client.trpc.community.directory.query(query);
  answers.push(page);
  return page;
}

/** The ids of every page of a query, following the cursor, `limit` at a time. */
async function allIds(client: TestClient, query: Query, limit = 50): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const page = await directory(client, { ...query, limit, cursor });
    ids.push(...page.items.map((card) => card.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error('more than 100 pages');
}

let viewer: TestMember;
const at: Record<string, string> = {};
beforeAll(async () => {
  ts = await startTestServer();
  viewer = await createMember(ts, { name: 'Viewer Munich', placeId: MUNICH, city: null });
  for (const [name, placeId] of [
    ['munich', MUNICH],
    ['garching', GARCHING],
    ['dachau', DACHAU],
    ['freising', FREISING],
    ['augsburg', AUGSBURG],
    ['berlin', BERLIN],
  ] as const) {
    at[name] = (await insertMember(ts.server.database, { name: `Near ${name}`, placeId, city: null })).id;
  }
  // A member whose typed city matched no place: last in the nearby order, never within a distance.
  at.nowhere = (await insertMember(ts.server.database, { name: 'Near nowhere', city: 'Atlantis Nord' })).id;
});
afterAll(() => ts.stop());

const mine = (ids: string[]) => ids.filter((id) => Object.values(at).includes(id));
const named = (...names: string[]) => names.map((name) => at[name]!);

describe('within N km', () => {
  it('finds the members within 25 km of Munich (Munich, Garching, Dachau), not Freising (32 km) or Augsburg (57 km)', async () => {
    const within = async (withinKm: 10 | 25 | 50 | 100, near?: number) =>
      new Set(mine(await allIds(viewer.client, { sort: 'newest', filters: { withinKm, near } })));
    expect(await within(25)).toEqual(new Set(named('munich', 'garching', 'dachau')));
    expect(await within(10)).toEqual(new Set(named('munich')));
    expect(await within(50)).toEqual(new Set(named('munich', 'garching', 'dachau', 'freising')));
    expect(await within(100)).toEqual(new Set(named('munich', 'garching', 'dachau', 'freising', 'augsburg')));
    // Around a place the viewer picks: 25 km around Augsburg is Augsburg alone.
    expect(await within(25, AUGSBURG)).toEqual(new Set(named('augsburg')));
    // The viewer never sees themselves.
    expect(await allIds(viewer.client, { filters: { withinKm: 10 } })).not.toContain(viewer.id);
  });

  it('finds the members of one place, and newcomers and welcomers per place and per radius', async () => {
    const newcomer = await insertMember(ts.server.database, {
      name: 'New Dachau',
      placeId: DACHAU,
      city: null,
      newInTown: 'newHere',
    });
    const welcomer = await insertMember(ts.server.database, {
      name: 'Welcome Dachau',
      placeId: DACHAU,
      city: null,
      welcomesNewcomers: true,
    });
    const farNewcomer = await insertMember(ts.server.database, {
      name: 'New Berlin',
      placeId: BERLIN,
      city: null,
      newInTown: 'movingHere',
    });
    const ids = async (filters: Query['filters']) => new Set(await allIds(viewer.client, { filters }));
    expect(await ids({ placeId: DACHAU })).toEqual(new Set([at.dachau, newcomer.id, welcomer.id]));
    expect(await ids({ placeId: DACHAU, newInTown: 'newcomers' })).toEqual(new Set([newcomer.id]));
    expect(await ids({ placeId: DACHAU, newInTown: 'welcomers' })).toEqual(new Set([welcomer.id]));
    expect(await ids({ withinKm: 100, newInTown: 'newcomers' })).toEqual(new Set([newcomer.id]));
    expect(await ids({ withinKm: 10, near: BERLIN, newInTown: 'newcomers' })).toEqual(
      new Set([farNewcomer.id]),
    );
    // A place and a radius together: the place, if it is within the radius.
    expect(await ids({ placeId: DACHAU, withinKm: 10 })).toEqual(new Set());
    for (const id of [newcomer.id, welcomer.id, farNewcomer.id]) await removeMember(id);
  });
});

describe('nearby first', () => {
  it('orders Munich, Garching, Dachau, Freising, Augsburg, Berlin, then members without a place, page by page', async () => {
    const expected = named('munich', 'garching', 'dachau', 'freising', 'augsburg', 'berlin', 'nowhere');
    for (const limit of [1, 2, 3, 50]) {
      expect(mine(await allIds(viewer.client, { sort: 'nearby' }, limit))).toEqual(expected);
    }
    // From a place the viewer picks, and within a radius of it.
    expect(mine(await allIds(viewer.client, { sort: 'nearby', filters: { near: AUGSBURG } }, 2))).toEqual(
      named('augsburg', 'dachau', 'munich', 'garching', 'freising', 'berlin', 'nowhere'),
    );
    expect(
      mine(await allIds(viewer.client, { sort: 'nearby', filters: { near: AUGSBURG, withinKm: 50 } }, 2)),
    ).toEqual(named('augsburg', 'dachau'));
  });

  it('shows members of the same town newest first, and refuses a cursor of another order', async () => {
    const later = await insertMember(ts.server.database, {
      name: 'Later Munich',
      placeId: MUNICH,
      city: null,
    });
    const ids = mine([...(await allIds(viewer.client, { sort: 'nearby' }, 2)), later.id]);
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(at.munich!));
    const page = await directory(viewer.client, { sort: 'nearby', limit: 1 });
    const wrong = await failure(directory(viewer.client, { sort: 'newest', cursor: page.nextCursor }));
    expect(wrong.message).toBe('community:errors.invalidCursor');
    await removeMember(later.id);
  });
});

describe('who sees whom', () => {
  it('never shows members blocked either way, within a distance or nearby first', async () => {
    const other = await createMember(ts, { name: 'Blocker Augsburg', placeId: AUGSBURG, city: null });
    await viewer.client.trpc.blocks.block.mutate({ memberId: at.dachau! });
    await other.client.trpc.blocks.block.mutate({ memberId: viewer.id });
    try {
      for (const query of [
        { filters: { withinKm: 100 } },
        { sort: 'nearby' },
        { sort: 'nearby', filters: { withinKm: 25 } },
        { filters: { placeId: DACHAU } },
      ] satisfies Query[]) {
        const ids = await allIds(viewer.client, query, 2);
        expect(ids).not.toContain(at.dachau);
        expect(ids).not.toContain(other.id);
      }
      // Nor does the member who blocked the viewer see them.
      expect(await allIds(other.client, { sort: 'nearby' })).not.toContain(viewer.id);
      expect(await allIds(other.client, { sort: 'nearby' })).toContain(at.munich);
    } finally {
      await viewer.client.trpc.blocks.unblock.mutate({ memberId: at.dachau! });
      await other.client.trpc.blocks.unblock.mutate({ memberId: viewer.id });
      await removeMember(other.id);
    }
  });

  it('asks a viewer without a place to pick one (in English and German), unless they choose one', async () => {
    const placeless = await createMember(ts, { name: 'No Place', city: 'Atlantis Nord', language: 'de' });
    for (const query of [{ filters: { withinKm: 25 } }, { sort: 'nearby' }] satisfies Query[]) {
      const refused = await failure(directory(placeless.client, query));
      expect(refused.data?.appCode).toBe('VALIDATION');
      expect(refused.message).toBe('community:errors.placeNeeded');
    }
    for (const language of ['en', 'de']) {
      const texts = JSON.parse(
        readFileSync(
          new URL(`../../packages/i18n/locales/${language}/community.json`, import.meta.url),
          'utf8',
        ),
      ) as { errors: Record<string, string> };
      expect(texts.errors.placeNeeded).toMatch(/\w{3,}/);
      expect(texts.errors.unknownPlace).toMatch(/\w{3,}/);
    }
    // With a place picked they may look around it.
    expect(
      mine(await allIds(placeless.client, { sort: 'nearby', filters: { near: MUNICH, withinKm: 10 } })),
    ).toEqual(named('munich'));
    // A place the gazetteer does not have is refused, not answered with nothing.
    const unknown = await failure(directory(placeless.client, { filters: { near: 1, withinKm: 25 } }));
    expect(unknown.message).toBe('community:errors.unknownPlace');
  });

  it('gives visitors none of it: newest first, less detail, the filters ignored', async () => {
    const visitor = ts.client();
    const page = await directory(visitor, {
      sort: 'nearby',
      filters: { withinKm: 10, near: MUNICH, placeId: MUNICH },
      limit: 50,
    });
    expect(page.limited).toBe(true);
    // Berlin, 505 km away, is there: no radius was applied.
    expect(page.items.map((card) => card.id)).toContain(at.berlin);
    const createdOrder = page.items.map((card) => card.id);
    const newest = await directory(visitor, { limit: 50 });
    expect(createdOrder).toEqual(newest.items.map((card) => card.id));
  });
});

describe('privacy', () => {
  it('answers no distance, no coordinates and no direction: only the town the card names', async () => {
    const cards = answers.flatMap((page) => page.items);
    expect(cards.length).toBeGreaterThan(50);
    const cardKeys = [
      'id',
      'name',
      'avatarUrl',
      'city',
      'age',
      'interests',
      'moreInterests',
      'sharedInterests',
      'activity',
      'newInTown',
    ];
    for (const card of cards) {
      expect(Object.keys(card).sort()).toEqual([...cardKeys].sort());
      // The only numbers a card carries.
      for (const [key, value] of Object.entries(card)) {
        if (typeof value === 'number') expect(['age', 'moreInterests', 'sharedInterests']).toContain(key);
      }
    }
    // Towns by name in the reader's language (the German reader's München), or the city typed.
    const names = new Set(cards.map((card) => card.city));
    expect(names).toEqual(
      new Set(['Munich', 'München', 'Garching', 'Dachau', 'Freising', 'Augsburg', 'Berlin', 'Atlantis Nord']),
    );
    for (const page of answers) {
      expect(Object.keys(page).sort()).toEqual(['items', 'limited', 'nextCursor']);
      if (!page.nextCursor) continue;
      // A cursor holds the last card's sort keys; in the nearby order its town (a GeoNames id), whose
      // distance the server measures again.
      const keys = JSON.parse(Buffer.from(page.nextCursor, 'base64url').toString('utf8')) as unknown[];
      if (keys[0] === 'nearby') {
        expect(keys).toHaveLength(5);
        expect([0, MUNICH, GARCHING, DACHAU, FREISING, AUGSBURG, BERLIN]).toContain(keys[4]);
      } else {
        expect(keys.length).toBeLessThanOrEqual(5);
      }
    }
  });
});

/** Takes a member out of the directory again (a deleted account), so later tests see the fixtures alone. */
async function removeMember(id: string): Promise<void> {
  const { db, t } = ts.server.database;
  await db.update(t.members).set({ deletedAt: new Date() }).where(eq(t.members.id, id));
}
