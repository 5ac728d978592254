import type { RouterInputs, RouterOutputs } from '@amiko/api';
import { NEW_MEMBER_WINDOW_MS } from '@amiko/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, insertMember, ONBOARDED_INTERESTS, type TestMember } from '../support/members.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/server.ts';

type Query = RouterInputs['community']['directory'];
type Card = RouterOutputs['community']['directory']['items'][number];

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

const DAY = 86_400_000;

/** A birthday that makes someone `years` old today (UTC). */
function bornYearsAgo(years: number): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), 1));
  return day.toISOString().slice(0, 10);
}

/** Every page of a directory query, following the cursor. */
export async function allPages(client: TestClient, query: Query = {}): Promise<Card[]> {
  const cards: Card[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const page = await client.trpc.community.directory.query({ ...query, cursor });
    cards.push(...page.items);
    if (!page.nextCursor) return cards;
    cursor = page.nextCursor;
  }
  throw new Error('more than 100 pages');
}

const names = (cards: Card[]) => cards.map((c) => c.name);
/** For members who joined in the same millisecond, whose order the random ids decide. */
const sortedNames = (cards: Card[]) => names(cards).sort();

describe('directory filters', () => {
  let viewer: TestMember;
  const tag = 'Filterville';

  beforeAll(async () => {
    const { database } = ts.server;
    viewer = await createMember(ts, {
      name: 'Viewer',
      city: tag,
      interests: [
        'hiking',
        'chess',
        'cooking',
        'reading',
        'travel',
        'yoga',
        'baking',
        'coffee',
        'museums',
        'pets',
      ],
    });
    const base = { city: tag, interests: [...ONBOARDED_INTERESTS] };
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
    // Created oldest first, so "newest" lists them bottom-up.
    await insertMember(database, {
      ...base,
      name: 'Anna Alt',
      birthday: bornYearsAgo(70),
      gender: 'female',
      country: 'at',
      city: 'Wien',
      nativeLanguage: 'de',
      lookingFor: ['friendship'],
      createdAt: at(400),
    });
    await insertMember(database, {
      ...base,
      name: 'Ben Berg',
      birthday: bornYearsAgo(35),
      gender: 'male',
      country: 'de',
      city: `${tag} Nord`,
      nativeLanguage: 'en',
      otherLanguages: ['fr'],
      lookingFor: ['networking', 'friendship'],
      interests: [
        'hiking',
        'chess',
        'cooking',
        'reading',
        'travel',
        'coffee',
        'painting',
        'pottery',
        'sewing',
        'poetry',
      ],
      createdAt: at(200),
    });
    await insertMember(database, {
      ...base,
      name: 'Cara Clou',
      birthday: bornYearsAgo(25),
      gender: 'female',
      country: 'de',
      nativeLanguage: 'de',
      otherLanguages: ['en'],
      lookingFor: ['casualDating'],
      interests: [
        'hiking',
        'chess',
        'cooking',
        'reading',
        'travel',
        'yoga',
        'baking',
        'sailing',
        'skiing',
        'fishing',
      ],
      createdAt: at(10),
    });
    await insertMember(database, {
      ...base,
      name: 'Dino Dorn',
      birthday: null,
      gender: 'notSpecified',
      country: 'ch',
      nativeLanguage: 'it',
      lookingFor: [],
      createdAt: at(5),
    });
  });

  const query = (filters: Query['filters'], sort: Query['sort'] = 'newest') =>
    allPages(viewer.client, { filters, sort }).then(names);

  it('lists everyone else, newest first, with their cards', async () => {
    const cards = await allPages(viewer.client, { filters: { city: tag }, sort: 'newest' });
    expect(names(cards)).toEqual(['Dino Dorn', 'Cara Clou', 'Ben Berg']);
    const cara = cards.find((c) => c.name === 'Cara Clou')!;
    expect(cara).toMatchObject({ age: 25, city: tag, sharedInterests: 7, moreInterests: 7 });
    // Shared interests come first on the card.
    expect(cara.interests).toHaveLength(3);
    expect(
      cara.interests.every((i) =>
        ['hiking', 'chess', 'cooking', 'reading', 'travel', 'yoga', 'baking'].includes(i),
      ),
    ).toBe(true);
    expect(cards.find((c) => c.name === 'Dino Dorn')?.age).toBeNull();
  });

  it('sorts by interests in common, then newest', async () => {
    expect(await query({ city: tag }, 'sharedInterests')).toEqual(['Cara Clou', 'Ben Berg', 'Dino Dorn']);
    const first = (await viewer.client.trpc.community.directory.query({ filters: { city: tag } })).items[0];
    expect(first).toMatchObject({ name: 'Cara Clou', sharedInterests: 7 }); // the default order
  });

  it('filters by age range (members without a birthday only match the full range)', async () => {
    expect(await query({ age: { minAge: 30, maxAge: 40 } })).toEqual(['Ben Berg']);
    expect(await query({ age: { minAge: 25, maxAge: 70 } })).toEqual(['Cara Clou', 'Ben Berg', 'Anna Alt']);
    expect(await query({ age: { minAge: 26, maxAge: 34 } })).toEqual([]);
  });

  it('filters by gender, country and city (part of the name, any case)', async () => {
    expect(await query({ gender: 'female' })).toEqual(['Cara Clou', 'Anna Alt']);
    expect(await query({ gender: 'notSpecified' })).toEqual(['Dino Dorn']);
    expect(await query({ country: 'de' })).toEqual(['Cara Clou', 'Ben Berg']);
    expect(await query({ city: 'wie' })).toEqual(['Anna Alt']);
    expect(await query({ city: 'FILTERVILLE nord' })).toEqual(['Ben Berg']);
  });

  it('filters by languages spoken (native or other, any of those chosen)', async () => {
    expect(await query({ languages: ['fr'] })).toEqual(['Ben Berg']);
    expect(await query({ languages: ['en'] })).toEqual(['Cara Clou', 'Ben Berg']);
    expect(await query({ languages: ['it', 'fr'] })).toEqual(['Dino Dorn', 'Ben Berg']);
  });

  it('filters by what members are looking for (any of those chosen)', async () => {
    expect(await query({ lookingFor: ['friendship'] })).toEqual(['Ben Berg', 'Anna Alt']);
    expect(await query({ lookingFor: ['casualDating', 'networking'] })).toEqual(['Cara Clou', 'Ben Berg']);
  });

  it('searches by interests (members with every interest chosen)', async () => {
    expect(await query({ interests: ['sailing'] })).toEqual(['Cara Clou']);
    expect(await query({ interests: ['hiking', 'pottery'] })).toEqual(['Ben Berg']);
    expect(await query({ interests: ['hiking'], city: tag })).toEqual(['Dino Dorn', 'Cara Clou', 'Ben Berg']);
  });

  it('filters new members: joined within the window', async () => {
    expect(NEW_MEMBER_WINDOW_MS).toBeGreaterThan(10 * DAY);
    expect(await query({ newMembers: true, city: tag })).toEqual(['Dino Dorn', 'Cara Clou']);
  });

  it('combines filters', async () => {
    expect(
      await query({ country: 'de', gender: 'female', languages: ['en'], age: { minAge: 20, maxAge: 30 } }),
    ).toEqual(['Cara Clou']);
    expect(await query({ country: 'de', gender: 'male', lookingFor: ['casualDating'] })).toEqual([]);
  });

  it('refuses ages outside 16–100 and a minimum above the maximum, with the spec texts', async () => {
    const tooYoung = await failure(
      viewer.client.trpc.community.directory.query({ filters: { age: { minAge: 15, maxAge: 40 } } }),
    );
    expect(tooYoung.message).toBe('community:errors.minAgeRange');
    expect(tooYoung.data?.fieldErrors).toEqual({ 'filters.age.minAge': 'community:errors.minAgeRange' });
    const tooOld = await failure(
      viewer.client.trpc.community.directory.query({ filters: { age: { minAge: 20, maxAge: 101 } } }),
    );
    expect(tooOld.message).toBe('community:errors.maxAgeRange');
    const upsideDown = await failure(
      viewer.client.trpc.community.directory.query({ filters: { age: { minAge: 50, maxAge: 40 } } }),
    );
    expect(upsideDown.message).toBe('community:errors.minAboveMax');
  });

  it('refuses a cursor it did not make, or one from the other order', async () => {
    const page = await viewer.client.trpc.community.directory.query({ sort: 'newest', limit: 1 });
    expect(page.nextCursor).not.toBeNull();
    const other = await failure(
      viewer.client.trpc.community.directory.query({ sort: 'sharedInterests', cursor: page.nextCursor }),
    );
    expect(other.message).toBe('community:errors.invalidCursor');
    const forged = await failure(
      viewer.client.trpc.community.directory.query({ cursor: 'bm90LWEtY3Vyc29y' }),
    );
    expect(forged.message).toBe('community:errors.invalidCursor');
  });
});

describe('who the directory shows', () => {
  it('never the member themself, deleted accounts or unfinished profiles', async () => {
    const city = 'Hiddenburg';
    const me = await createMember(ts, { name: 'Me Myself', city });
    const visible = await insertMember(ts.server.database, { name: 'Visible Vera', city });
    await insertMember(ts.server.database, { name: 'Gone Gina', city, deletedAt: new Date() });
    await insertMember(ts.server.database, { name: 'No Photo', city, photoKey: null });
    await insertMember(ts.server.database, {
      name: 'Nine Interests',
      city,
      interests: ONBOARDED_INTERESTS.slice(0, 9),
    });
    await insertMember(ts.server.database, { name: 'Short Story', city, story: 'x'.repeat(299) });
    await insertMember(ts.server.database, { name: 'Not Started', city, onboarded: false });
    expect(names(await allPages(me.client, { filters: { city } }))).toEqual(['Visible Vera']);

    // An account deleted later disappears at once (the index catches up from updated_at).
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ deletedAt: new Date(), name: '' }).where(eq(t.members.id, visible.id));
    expect(await allPages(me.client, { filters: { city } })).toEqual([]);
  });

  it('hides members blocked in either direction, from both sides', async () => {
    const city = 'Blockhausen';
    const a = await createMember(ts, { name: 'Alex Block', city });
    const b = await createMember(ts, { name: 'Bo Block', city });
    const c = await createMember(ts, { name: 'Cleo Block', city });
    expect(sortedNames(await allPages(a.client, { filters: { city } }))).toEqual(['Bo Block', 'Cleo Block']);

    await a.client.trpc.blocks.block.mutate({ memberId: b.id });
    expect(sortedNames(await allPages(a.client, { filters: { city } }))).toEqual(['Cleo Block']);
    expect(sortedNames(await allPages(b.client, { filters: { city } }))).toEqual(['Cleo Block']);
    // Others are not affected.
    expect(sortedNames(await allPages(c.client, { filters: { city } }))).toEqual(['Alex Block', 'Bo Block']);

    await a.client.trpc.blocks.unblock.mutate({ memberId: b.id });
    expect(sortedNames(await allPages(b.client, { filters: { city } }))).toEqual([
      'Alex Block',
      'Cleo Block',
    ]);
  });

  it('shows visitors cards with less detail, newest first, without filters', async () => {
    const city = 'Visitortown';
    await insertMember(ts.server.database, { name: 'Vicky Maria Vogel', city, gender: 'female' });
    const visitor = ts.client();
    const page = await visitor.trpc.community.directory.query({ filters: { city: 'nowhere-at-all' } });
    expect(page.limited).toBe(true);
    const card = page.items.find((c) => c.city === city)!;
    expect(card).toEqual({
      id: expect.any(String),
      name: 'Vicky',
      city,
      avatarUrl: expect.stringMatching(/^\/uploads\//),
      age: null,
      interests: [],
      moreInterests: 0,
      sharedInterests: 0,
      activity: null,
      newInTown: null,
    });
  });

  it('shows an account whose address is unverified no member at all, and asks it to verify (issue 30.12)', async () => {
    await insertMember(ts.server.database, { name: 'Una Seen', city: 'Unverifiedtown' });
    // Until issue 30.12 it saw what a visitor sees: names, photos and cities of real members.
    const unverified = await createMember(ts, { verified: false, onboarded: false });
    const refused = await failure(unverified.client.trpc.community.directory.query({}));
    expect(refused.data?.appCode).toBe('EMAIL_NOT_VERIFIED');
    expect(refused.message).toBe('common:errors.emailNotVerified');
    // Once verified, the directory opens.
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ emailVerified: true }).where(eq(t.members.id, unverified.id));
    const cards = await allPages(unverified.client);
    expect(names(cards)).toContain('Una Seen');
  });
});

describe('directory across server processes', () => {
  it('a second server on the same database sees changes made through the first', async () => {
    const second = await startTestServer({ database: ts.db });
    try {
      const city = 'Twinsville';
      const a = await createMember(ts, { name: 'Ada Twin', city, interests: [...ONBOARDED_INTERESTS] });
      const viewerOnSecond = await createMember(second, {
        name: 'Viewer Twin',
        city,
        interests: ['sailing', ...ONBOARDED_INTERESTS.slice(0, 9)],
      });
      expect(names(await allPages(viewerOnSecond.client, { filters: { city } }))).toEqual(['Ada Twin']);

      // Ada changes her interests through the first server; the second server's index learns it.
      await a.client.trpc.profile.saveSection.mutate({
        section: 'interests',
        values: { interests: ['sailing', ...ONBOARDED_INTERESTS.slice(1)] },
      });
      const page = await allPages(viewerOnSecond.client, { filters: { city, interests: ['sailing'] } });
      expect(page.map((c) => [c.name, c.sharedInterests])).toEqual([['Ada Twin', 9]]);

      // A member joining through the first server shows up on the second.
      await createMember(ts, { name: 'Ben Twin', city });
      expect(names(await allPages(viewerOnSecond.client, { filters: { city }, sort: 'newest' }))).toEqual([
        'Ben Twin',
        'Ada Twin',
      ]);
    } finally {
      await second.stop();
    }
  });
});
