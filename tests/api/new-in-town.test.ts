import type { RouterInputs, RouterOutputs } from '@amiko/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/server.ts';

// New in town (issue 19.4): a newcomer says since when they are new in their city (or when they move
// there), a local that they are happy to show newcomers around; the directory finds either, also by city.

type Query = RouterInputs['community']['directory'];
type Filters = NonNullable<Query['filters']>;
type Card = RouterOutputs['community']['directory']['items'][number];

async function allPages(client: TestClient, query: Query): Promise<Card[]> {
  const cards: Card[] = [];
  for (let cursor: string | null = null; ;) {
    const page = await client.trpc.community.directory.query({ ...query, cursor });
    cards.push(...page.items);
    if (!page.nextCursor) return cards;
    cursor = page.nextCursor;
  }
}

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

describe('new in town', () => {
  // A city of this run only, so that members of other tests on the same database do not count.
  const town = `Neustadt-${Date.now().toString(36)}`;
  let viewer: TestMember;

  beforeAll(async () => {
    viewer = await createMember(ts, { name: 'Viewer', city: town });
    // Saved through the profile like a member would; the others are written directly.
    const ana = await createMember(ts, { name: 'Ana Arrived', city: town });
    await ana.client.trpc.profile.saveSection.mutate({
      section: 'newInTown',
      values: { newInTown: 'newHere', newInTownMonth: '2026-03' },
    });
    await createMember(ts, {
      name: 'Mo Moving',
      city: `${town} Nord`,
      newInTown: 'movingHere',
      newInTownMonth: '2026-12',
    });
    await createMember(ts, { name: 'Lea Local', city: town, welcomesNewcomers: true });
    // New herself and happy to show others around: a newcomer, not one of the locals.
    await createMember(ts, { name: 'Nia Both', city: town, newInTown: 'newHere', welcomesNewcomers: true });
    await createMember(ts, { name: 'Otto Other', city: town });
    await createMember(ts, { name: 'Kai Elsewhere', city: 'Anderswo', newInTown: 'newHere' });
  });

  const found = async (filters: Filters) =>
    (await allPages(viewer.client, { sort: 'newest', filters }))
      .filter((card) => card.city?.startsWith('Neustadt') || card.city === 'Anderswo')
      .map((card) => card.name)
      .sort();

  it('finds newcomers and the locals who welcome them, with the city filter too', async () => {
    expect(await found({ city: town, newInTown: 'newcomers' })).toEqual([
      'Ana Arrived',
      'Mo Moving',
      'Nia Both',
    ]);
    expect(await found({ city: town, newInTown: 'welcomers' })).toEqual(['Lea Local']);
    expect(await found({ city: `${town} Nord`, newInTown: 'newcomers' })).toEqual(['Mo Moving']);
    const everywhere = await found({ newInTown: 'newcomers' });
    expect(everywhere).toContain('Kai Elsewhere');
    expect(everywhere).not.toContain('Otto Other');
  });

  it('gives cards their badge', async () => {
    const cards = await allPages(viewer.client, { sort: 'newest', filters: { city: town } });
    const badge = (name: string) => cards.find((c) => c.name === name)?.newInTown;
    expect(badge('Ana Arrived')).toBe('newcomer');
    expect(badge('Nia Both')).toBe('newcomer');
    expect(badge('Lea Local')).toBe('welcomer');
    expect(badge('Otto Other')).toBeNull();
  });

  it('shows the fields on the public profile and takes them back when cleared', async () => {
    const member = await createMember(ts, { name: 'Rita Returning', city: town });
    await member.client.trpc.profile.saveSection.mutate({
      section: 'newInTown',
      values: { newInTown: 'movingHere', newInTownMonth: '2027-01', welcomesNewcomers: false },
    });
    const view = await viewer.client.trpc.profile.view.query({ memberId: member.id });
    expect(view).toMatchObject({
      newInTown: 'movingHere',
      newInTownMonth: '2027-01',
      welcomesNewcomers: false,
    });
    expect(await found({ city: town, newInTown: 'newcomers' })).toContain('Rita Returning');

    const saved = await member.client.trpc.profile.saveSection.mutate({
      section: 'newInTown',
      values: { newInTown: null, newInTownMonth: null, welcomesNewcomers: true },
    });
    expect(saved).toMatchObject({ newInTown: null, newInTownMonth: null, welcomesNewcomers: true });
    expect(await found({ city: town, newInTown: 'newcomers' })).not.toContain('Rita Returning');
    expect(await found({ city: town, newInTown: 'welcomers' })).toContain('Rita Returning');
  });

  it('leaves the completion as it was: being new in town is not part of a complete profile', async () => {
    const member = await createMember(ts, { city: town });
    const before = (await member.client.trpc.profile.mine.query()).completion;
    const after = await member.client.trpc.profile.saveSection.mutate({
      section: 'newInTown',
      values: { newInTown: 'newHere', newInTownMonth: '2026-01', welcomesNewcomers: true },
    });
    expect(after.completion).toBe(before);
  });

  it('refuses a month that is not one, an unknown status and an unknown filter', async () => {
    for (const newInTownMonth of ['2026-13', '2026-3', 'March', '2026-03-01']) {
      const error = await failure(
        viewer.client.trpc.profile.saveSection.mutate({ section: 'newInTown', values: { newInTownMonth } }),
      );
      expect(error.data?.appCode, newInTownMonth).toBe('VALIDATION');
      expect(error.data?.fieldErrors?.['values.newInTownMonth']).toBe('profile:errors.invalidMonth');
    }
    const status = await failure(
      viewer.client.trpc.profile.saveSection.mutate({
        section: 'newInTown',
        values: { newInTown: 'tourist' as never },
      }),
    );
    expect(status.data?.appCode).toBe('VALIDATION');
    const filter = await failure(
      viewer.client.trpc.community.directory.query({ filters: { newInTown: 'tourists' as never } }),
    );
    expect(filter.data?.appCode).toBe('VALIDATION');
  });

  it('tells a viewer their own town on a profile, for the icebreakers’ town line (issue 19.3), not on their own', async () => {
    const newcomer = await createMember(ts, {
      name: 'Nia New',
      city: town,
      newInTown: 'newHere',
      newInTownMonth: '2026-09',
    });
    const view = await newcomer.client.trpc.profile.view.query({ memberId: viewer.id });
    // A typed city that matched no place: no place id, the typed text (issue 33).
    expect(view.viewerTown).toEqual({
      city: town,
      placeId: null,
      newInTown: 'newHere',
      welcomesNewcomers: false,
    });
    expect(view.city).toBe(town);
    expect((await newcomer.client.trpc.profile.view.query({ memberId: newcomer.id })).viewerTown).toBeNull();
  });
});
