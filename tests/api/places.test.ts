import { openDatabase } from '@amiko/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database.ts';
import { failure } from '../support/errors.ts';
import { createMember, insertMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Places (issue 33): a member is where their city is, a GeoNames id the same for everyone whatever its
// spelling, shown to each reader in their language.

const MUNICH = 2867714;
const LEIPZIG = 2879139;
const FRANKFURT_MAIN = 2925533;
const FRANKFURT_ODER = 2925535;
const CAMBRIDGE_MASSACHUSETTS = 4931972;

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

describe('places.search', () => {
  it('finds a town however it is spelled, named in the member’s language, their country first', async () => {
    const anna = await createMember(ts, { language: 'de', country: 'de' });
    const [first] = await anna.client.trpc.places.search.query({ query: 'muenchen' });
    expect(first).toMatchObject({ id: MUNICH, name: 'München', region: 'Bayern', country: 'Deutschland' });
    const frankfurts = await anna.client.trpc.places.search.query({ query: 'Frankfurt', limit: 2 });
    expect(frankfurts.map((p) => p.id).sort()).toEqual([FRANKFURT_MAIN, FRANKFURT_ODER].sort());
    expect(frankfurts.every((p) => p.regionNeeded === false || p.region !== null)).toBe(true);

    const bob = await createMember(ts, { language: 'en', country: 'us' });
    const [cambridge] = await bob.client.trpc.places.search.query({ query: 'Cambridge' });
    expect(cambridge).toMatchObject({ id: CAMBRIDGE_MASSACHUSETTS, region: 'Massachusetts' });
    const [munich] = await bob.client.trpc.places.search.query({ query: 'München' });
    expect(munich).toMatchObject({ id: MUNICH, name: 'Munich' });
  });

  it('refuses a query that is too long or holds control characters, and answers nothing for nothing', async () => {
    const member = await createMember(ts);
    expect(await member.client.trpc.places.search.query({ query: '   ' })).toEqual([]);
    expect(
      (await failure(member.client.trpc.places.search.query({ query: 'x'.repeat(101) }))).data?.appCode,
    ).toBe('VALIDATION');
    expect(
      (await failure(member.client.trpc.places.search.query({ query: 'Ham\u0000' }))).data?.appCode,
    ).toBe('VALIDATION');
  });
});

describe('a member’s place, as others see it', () => {
  it('is named in the reader’s language on cards, favourites and the profile, the typed city as before otherwise', async () => {
    const munich = await insertMember(ts.server.database, {
      name: 'Mia Munich',
      placeId: MUNICH,
      city: null,
    });
    const typed = await insertMember(ts.server.database, { name: 'Tom Typed', city: 'Atlantis Nord' });
    for (const [language, name] of [
      ['en', 'Munich'],
      ['de', 'München'],
    ] as const) {
      const viewer = await createMember(ts, { language });
      const view = await viewer.client.trpc.profile.view.query({ memberId: munich.id });
      expect(view).toMatchObject({ city: name, placeId: MUNICH });
      await viewer.client.trpc.favorites.toggle.mutate({ memberId: munich.id });
      const [favourite] = await viewer.client.trpc.favorites.list.query({});
      expect(favourite).toMatchObject({ id: munich.id, city: name });
      const page = await viewer.client.trpc.community.directory.query({ sort: 'newest', limit: 50 });
      expect(page.items.find((card) => card.id === munich.id)?.city).toBe(name);
      expect(page.items.find((card) => card.id === typed.id)?.city).toBe('Atlantis Nord');
    }
  });

  it('is a town both live in for the icebreakers when their places are the same, whatever they typed', async () => {
    const viewer = await createMember(ts, { language: 'de', placeId: MUNICH, city: null });
    const other = await insertMember(ts.server.database, { placeId: MUNICH, city: null });
    const view = await viewer.client.trpc.profile.view.query({ memberId: other.id });
    expect(view.viewerTown).toMatchObject({ city: 'München', placeId: MUNICH });
    expect(view).toMatchObject({ city: 'München', placeId: MUNICH });
  });
});

describe('moving typed cities onto places', () => {
  it('matches each typed city within its member’s country once, and keeps a city that matches nothing', async () => {
    const db = await createTestDatabase();
    const earlier = openDatabase({ url: db.url });
    await earlier.migrate();
    const leipzig = await insertMember(earlier, { city: 'Leipzig', country: 'de' });
    const muenchen = await insertMember(earlier, { city: 'Muenchen', country: 'de' });
    const elsewhere = await insertMember(earlier, { city: 'München', country: 'fr' });
    const atlantis = await insertMember(earlier, { city: 'Atlantis Nord', country: 'de' });
    await earlier.close();
    const server = await startTestServer({ database: db, env: { JOB_POLL_MS: '50' } });
    try {
      const { db: q, t } = server.server.database;
      const placeOf = async (id: string) =>
        (
          await q
            .select({ placeId: t.members.placeId, city: t.members.city })
            .from(t.members)
            .where(eq(t.members.id, id))
        )[0];
      for (let i = 0; i < 200 && (await placeOf(leipzig.id))?.placeId === null; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await placeOf(leipzig.id)).toEqual({ placeId: LEIPZIG, city: 'Leipzig' });
      expect(await placeOf(muenchen.id)).toEqual({ placeId: MUNICH, city: 'Muenchen' });
      // Never a guess: not in the member's country, or no such town, stays as typed.
      expect(await placeOf(elsewhere.id)).toEqual({ placeId: null, city: 'München' });
      expect(await placeOf(atlantis.id)).toEqual({ placeId: null, city: 'Atlantis Nord' });
      const [job] = await q.select().from(t.jobs).where(eq(t.jobs.kind, 'matchCities'));
      expect(job?.doneAt).not.toBeNull();
    } finally {
      await server.stop();
      await db.drop();
    }
  });
});

describe('a member’s place in their profile', () => {
  it('is a place id, never free text: a known place is stored and named, an unknown one refused', async () => {
    const a = await createMember(ts, { language: 'de' });
    const saved = await a.client.trpc.profile.saveSection.mutate({
      section: 'basic',
      values: { placeId: MUNICH, city: 'Typed Town' } as never,
    });
    expect(saved.placeId).toBe(MUNICH);
    // Named in the member's language, with region and country for the place field.
    expect(saved.place).toMatchObject({
      id: MUNICH,
      name: 'München',
      region: 'Bayern',
      country: 'Deutschland',
    });
    expect(saved.city).toBe('München');
    const { db, t } = ts.server.database;
    const [row] = await db.select({ city: t.members.city }).from(t.members).where(eq(t.members.id, a.id));
    // The section has no free-text city: what was sent as one is dropped.
    expect(row?.city).toBeNull();

    const unknown = await failure(
      a.client.trpc.profile.saveSection.mutate({ section: 'basic', values: { placeId: 999_999_999 } }),
    );
    expect(unknown.data?.appCode).toBe('VALIDATION');
    expect(unknown.data?.fieldErrors).toEqual({ 'values.placeId': 'profile:errors.unknownPlace' });
    const text = await failure(
      a.client.trpc.profile.saveSection.mutate({ section: 'basic', values: { placeId: 'Munich' as never } }),
    );
    expect(text.data?.appCode).toBe('VALIDATION');
    // "New in town" saves the same place.
    const newcomer = await a.client.trpc.profile.saveSection.mutate({
      section: 'newInTown',
      values: { placeId: FRANKFURT_ODER, newInTown: 'newHere' },
    });
    expect(newcomer.place?.name).toBe('Frankfurt (Oder)');
  });

  it('asks a member whose typed city matched no place once to pick one, and their text stays until they do', async () => {
    const a = await createMember(ts, { city: 'Atlantis Nord', country: 'de' });
    const before = await a.client.trpc.profile.mine.query();
    expect(before).toMatchObject({ askPlace: true, city: 'Atlantis Nord', placeId: null, place: null });
    await a.client.trpc.profile.placeAsked.mutate();
    const after = await a.client.trpc.profile.mine.query();
    expect(after).toMatchObject({ askPlace: false, city: 'Atlantis Nord' });
    // Asked once: a second call changes nothing.
    const { db, t } = ts.server.database;
    const askedAt = async () =>
      (await db.select({ at: t.members.placeAskedAt }).from(t.members).where(eq(t.members.id, a.id)))[0]?.at;
    const first = await askedAt();
    expect(first).toBeInstanceOf(Date);
    await a.client.trpc.profile.placeAsked.mutate();
    expect((await askedAt())?.getTime()).toBe(first!.getTime());
    // Picking a place replaces the typed city.
    const picked = await a.client.trpc.profile.saveSection.mutate({
      section: 'basic',
      values: { placeId: LEIPZIG },
    });
    expect(picked).toMatchObject({ askPlace: false, city: 'Leipzig', placeId: LEIPZIG });
    // Members with a place, or with no city at all, are never asked.
    expect(
      (await (await createMember(ts, { placeId: MUNICH })).client.trpc.profile.mine.query()).askPlace,
    ).toBe(false);
    expect((await (await createMember(ts)).client.trpc.profile.mine.query()).askPlace).toBe(false);
  });
});
