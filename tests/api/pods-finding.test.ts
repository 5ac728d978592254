import type { Language } from '@amiko/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The Pods page's offers (issue 34), what tests/api/pods.test.ts leaves out: the language filter, and a
// newcomer's pods with a local who welcomes newcomers or another newcomer in them first. On both databases.

const MUNICH = 2867714;
const GARCHING = 2922582; // 14 km north of Munich
const REGENSBURG = 2849483;

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

const NOW = Date.now();

/** Starts a pod and dates it `minutesAgo`, so the newest-first order among equals is known. */
async function started(starter: TestMember, input: Parameters<typeof podInput>[0], minutesAgo = 0) {
  const pod = await starter.client.trpc.pods.start.mutate(podInput(input));
  const { db, t } = ts.server.database;
  await db
    .update(t.pods)
    .set({ createdAt: new Date(NOW - minutesAgo * 60_000) })
    .where(eq(t.pods.id, pod.id));
  return pod;
}

describe('finding pods', () => {
  it('keeps to the pods that speak the language asked for, language cafés by either of their two', async () => {
    const at = (placeId: number) => createMember(ts, { placeId, city: null });
    const german = await started(await at(REGENSBURG), { placeId: REGENSBURG, languages: ['de'] });
    const spanish = await started(await at(REGENSBURG), {
      placeId: REGENSBURG,
      interests: ['chess'],
      languages: ['en', 'es'],
    });
    const cafe = await started(await at(REGENSBURG), {
      name: 'Deutsch–Français',
      kind: 'languageCafe',
      interests: [],
      languages: ['de', 'fr'],
      level: 'b1',
      placeId: REGENSBURG,
    });
    const english = await started(await at(REGENSBURG), { placeId: REGENSBURG, languages: ['en'] });

    const viewer = await at(MUNICH);
    const found = async (language?: Language, interest?: 'chess') =>
      (await viewer.client.trpc.pods.find.query({ where: 'near', near: REGENSBURG, language, interest }))
        .map((p) => p.id)
        .sort();
    const sorted = (...ids: string[]) => ids.sort();
    expect(await found()).toEqual(sorted(german.id, spanish.id, cafe.id, english.id));
    expect(await found('de')).toEqual(sorted(german.id, cafe.id));
    expect(await found('en')).toEqual(sorted(spanish.id, english.id));
    expect(await found('es')).toEqual([spanish.id]);
    expect(await found('fr')).toEqual([cafe.id]);
    expect(await found('it')).toEqual([]);
    // With an interest, both must hold.
    expect(await found('en', 'chess')).toEqual([spanish.id]);
    expect(await found('de', 'chess')).toEqual([]);
  });

  it('offers a newcomer the pods with a local who welcomes newcomers or another newcomer first, even farther ones', async () => {
    const interest = 'astronomy' as const;
    const plainStarter = await createMember(ts, { placeId: MUNICH, city: null });
    const welcomer = await createMember(ts, { placeId: GARCHING, city: null, welcomesNewcomers: true });
    const otherNewcomer = await createMember(ts, {
      placeId: MUNICH,
      city: null,
      newInTown: 'movingHere',
      newInTownMonth: '2026-09',
    });
    // Newest first among equals: the plain pod is the newest and the nearest, the welcomer's the oldest.
    const welcoming = await started(welcomer, { interests: [interest], placeId: GARCHING }, 3);
    const withNewcomer = await started(
      await createMember(ts, { placeId: MUNICH, city: null }),
      { interests: [interest], placeId: MUNICH },
      2,
    );
    await otherNewcomer.client.trpc.pods.join.mutate({ podId: withNewcomer.id });
    const plain = await started(plainStarter, { interests: [interest], placeId: MUNICH }, 1);

    const order = async (viewer: TestMember) =>
      (await viewer.client.trpc.pods.find.query({ where: 'near', interest })).map((p) => p.id);
    const newcomer = await createMember(ts, {
      placeId: MUNICH,
      city: null,
      newInTown: 'newHere',
      newInTownMonth: '2026-10',
    });
    expect(await order(newcomer)).toEqual([withNewcomer.id, welcoming.id, plain.id]);
    // Anyone else, a local who welcomes newcomers too, gets the nearest first, then the newest.
    const local = await createMember(ts, { placeId: MUNICH, city: null, welcomesNewcomers: true });
    expect(await order(local)).toEqual([plain.id, withNewcomer.id, welcoming.id]);
    expect(await order(await createMember(ts, { placeId: MUNICH, city: null }))).toEqual([
      plain.id,
      withNewcomer.id,
      welcoming.id,
    ]);
  });
});
