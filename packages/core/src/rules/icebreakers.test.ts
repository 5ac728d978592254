import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTERESTS, type Interest } from '../catalogs.ts';
import {
  ICEBREAKER_TEMPLATES,
  INTEREST_GROUPS,
  interestGroup,
  pickIcebreakers,
  pickPodIcebreakers,
  podNewcomers,
  sharedPodInterests,
  townIcebreaker,
  type Icebreaker,
  type PodIcebreaker,
} from './icebreakers.ts';

const interests = fc.subarray([...INTERESTS]);
const ids = fc.string({ minLength: 1, maxLength: 22 });

/** The picks as interest lines: without the members' towns there is no other kind. */
function interestLines(picked: Icebreaker[]) {
  return picked.map((p) => {
    if (!('interest' in p)) throw new Error(`not an interest line: ${p.template}`);
    return p;
  });
}

describe('pickIcebreakers', () => {
  it('puts every interest in a group, hiking outdoors and meditation in lifestyle', () => {
    expect(interestGroup('hiking')).toBe('outdoors');
    expect(interestGroup('horseRiding')).toBe('outdoors');
    expect(interestGroup('painting')).toBe('arts');
    expect(interestGroup('boardGames')).toBe('techGames');
    expect(interestGroup('collecting')).toBe('lifestyle');
    for (const interest of INTERESTS) expect(INTEREST_GROUPS).toContain(interestGroup(interest));
  });

  it('suggests shared interests from different groups first, then the other member’s own', () => {
    const picked = interestLines(
      pickIcebreakers({
        me: 'ana',
        other: 'bruno',
        myInterests: ['hiking', 'camping', 'cooking'],
        theirInterests: ['hiking', 'camping', 'cooking', 'chess'],
      }),
    );
    expect(picked).toHaveLength(3);
    expect(
      picked
        .slice(0, 2)
        .map((p) => interestGroup(p.interest))
        .sort(),
    ).toEqual(['food', 'outdoors']);
    expect(picked.every((p) => !p.template.startsWith('about'))).toBe(true);
    const onlyTheirs = pickIcebreakers({
      me: 'ana',
      other: 'bruno',
      myInterests: [],
      theirInterests: ['chess'],
    });
    expect(onlyTheirs).toEqual([{ template: expect.stringMatching(/^about\.[01]$/), interest: 'chess' }]);
    expect(pickIcebreakers({ me: 'a', other: 'b', myInterests: ['chess'], theirInterests: [] })).toEqual([]);
  });

  it('for any two members: at most three lines, about interests the other has, each once, from the catalog, the same every time and for both orders of ids', () => {
    fc.assert(
      fc.property(ids, ids, interests, interests, (me, other, mine, theirs) => {
        const picked = interestLines(
          pickIcebreakers({ me, other, myInterests: mine, theirInterests: theirs }),
        );
        expect(picked.length).toBe(Math.min(3, theirs.length));
        expect(new Set(picked.map((p) => p.interest)).size).toBe(picked.length);
        for (const p of picked) {
          expect(theirs).toContain(p.interest);
          const [kind, variant] = p.template.split('.');
          expect(Number(variant)).toBeLessThan(ICEBREAKER_TEMPLATES);
          expect(kind).toBe(mine.includes(p.interest) ? interestGroup(p.interest) : 'about');
        }
        // Shared interests always come before the other member's own.
        const firstAbout = picked.findIndex((p) => p.template.startsWith('about'));
        if (firstAbout >= 0)
          expect(picked.slice(firstAbout).every((p) => p.template.startsWith('about'))).toBe(true);
        expect(
          pickIcebreakers({ me, other, myInterests: [...mine].reverse(), theirInterests: theirs }),
        ).toEqual(picked);
        const shared = theirs.filter((i) => mine.includes(i));
        const mirrored = pickIcebreakers({ me: other, other: me, myInterests: theirs, theirInterests: mine });
        expect(mirrored.filter((p) => !p.template.startsWith('about')).length).toBe(
          Math.min(3, shared.length),
        );
      }),
    );
  });

  it('begins with the town both members name as theirs: neighbours, a welcome, a newcomer’s question, two newcomers', () => {
    const local = { city: 'Hamburg', newInTown: null, welcomesNewcomers: false };
    const welcomer = { city: 'hamburg ', newInTown: null, welcomesNewcomers: true };
    const newcomer = { city: ' Hamburg', newInTown: 'newHere', welcomesNewcomers: false };
    const picked = pickIcebreakers({
      me: 'ana',
      other: 'bruno',
      myInterests: ['hiking', 'cooking', 'chess'],
      theirInterests: ['hiking', 'cooking', 'chess'],
      myTown: local,
      theirTown: { ...local, city: 'Hamburg ' },
    });
    // The city as the other member wrote it, trimmed; then two interest lines, three in all.
    expect(picked[0]).toEqual({ template: 'town.neighbours', city: 'Hamburg' });
    expect(picked).toHaveLength(3);
    expect(picked.slice(1).every((p) => 'interest' in p)).toBe(true);

    expect(townIcebreaker(welcomer, newcomer)).toEqual({ template: 'town.welcome', city: 'Hamburg' });
    expect(townIcebreaker(local, newcomer)).toEqual({ template: 'town.welcome', city: 'Hamburg' });
    expect(townIcebreaker(newcomer, welcomer)).toEqual({ template: 'town.askLocal', city: 'hamburg' });
    expect(townIcebreaker(newcomer, { ...newcomer, newInTown: 'movingHere' })).toEqual({
      template: 'town.bothNew',
      city: 'Hamburg',
    });
    // Different cities, or a city not given: no town line, and the interests as before.
    expect(townIcebreaker(local, { ...local, city: 'Hamburg-Altona' })).toBeNull();
    expect(townIcebreaker({ ...local, city: null }, local)).toBeNull();
    expect(townIcebreaker(local, { ...local, city: '  ' })).toBeNull();
    expect(
      pickIcebreakers({
        me: 'ana',
        other: 'bruno',
        myInterests: [],
        theirInterests: ['chess'],
        myTown: local,
        theirTown: { city: 'Berlin' },
      }),
    ).toEqual([{ template: expect.stringMatching(/^about\.[01]$/), interest: 'chess' }]);
  });
});

describe('first lines for a new pod', () => {
  it('names its interests, then where it meets, then doing something together; the same for everyone', () => {
    const pod = {
      id: 'pod-1',
      interests: ['boardGames', 'hiking'] as Interest[],
      cafeLanguages: null,
      city: 'Munich',
    };
    const lines = pickPodIcebreakers(pod);
    expect(lines).toHaveLength(3);
    expect(
      lines
        .slice(0, 2)
        .map((l) => ('interest' in l ? l.interest : null))
        .sort(),
    ).toEqual(['boardGames', 'hiking']);
    expect(lines[2]).toEqual({ template: 'place', city: 'Munich' });
    expect(pickPodIcebreakers(pod)).toEqual(lines);
  });

  it('asks a language café about its two languages, and an online pod where everyone joins from', () => {
    const lines = pickPodIcebreakers({
      id: 'c',
      interests: [],
      cafeLanguages: ['German', 'English'],
      city: null,
    });
    expect(lines).toEqual([
      { template: 'cafe', languages: ['German', 'English'] },
      { template: 'online' },
      { template: 'together' },
    ]);
  });

  it('leads with an interest members share beyond the pod, then the pod’s own, then where it meets', () => {
    const lines = pickPodIcebreakers({
      id: 'pod-2',
      interests: ['boardGames', 'hiking'],
      cafeLanguages: null,
      city: 'Hamburg',
      shared: ['hiking', 'photography', 'cooking'],
      newcomers: null,
    });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({ template: expect.stringMatching(/^shared\.[01]$/), interest: 'photography' });
    expect(lines[1]).toMatchObject({ template: expect.stringMatching(/^interest\.[01]$/) });
    expect(lines[2]).toEqual({ template: 'place', city: 'Hamburg' });
  });

  it('welcomes the pod’s newcomers in its own town, or online, in place of where it meets', () => {
    const base = { id: 'p', interests: ['chess'] as Interest[], cafeLanguages: null, shared: [] };
    expect(pickPodIcebreakers({ ...base, city: 'Köln', newcomers: 'others' })[1]).toEqual({
      template: 'newcomer',
      who: 'others',
      city: 'Köln',
    });
    expect(pickPodIcebreakers({ ...base, city: null, newcomers: 'me' })[1]).toEqual({
      template: 'newcomer',
      who: 'me',
      city: null,
    });
  });

  it('asks a café about its languages and about what its members share besides', () => {
    expect(
      pickPodIcebreakers({
        id: 'c',
        interests: [],
        cafeLanguages: ['German', 'English'],
        city: 'Berlin',
        shared: ['photography'],
        newcomers: 'both',
      }),
    ).toEqual([
      { template: expect.stringMatching(/^shared\.[01]$/), interest: 'photography' },
      { template: 'cafe', languages: ['German', 'English'] },
      { template: 'newcomer', who: 'both', city: 'Berlin' },
    ]);
  });

  const podInput = fc.record({
    id: ids,
    interests: fc.subarray([...INTERESTS], { minLength: 1, maxLength: 2 }),
    cafe: fc.boolean(),
    city: fc.option(fc.constantFrom('Hamburg', 'München', 'Zürich'), { nil: null }),
    shared: fc.array(fc.constantFrom<string>(...INTERESTS, 'unknown'), { maxLength: 8 }),
    newcomers: fc.constantFrom('me', 'others', 'both', null),
  });
  const pick = (p: typeof podInput extends fc.Arbitrary<infer T> ? T : never) =>
    pickPodIcebreakers({
      id: p.id,
      interests: p.cafe ? [] : p.interests,
      cafeLanguages: p.cafe ? ['German', 'English'] : null,
      city: p.city,
      shared: p.shared as Interest[],
      newcomers: p.newcomers,
    });
  const named = (line: PodIcebreaker) => ('interest' in line ? line.interest : null);

  it('always gives three lines the same for everyone, each interest once, one about the pod itself', () => {
    fc.assert(
      fc.property(podInput, (p) => {
        const lines = pick(p);
        expect(lines).toHaveLength(3);
        expect(pick(p)).toEqual(lines);
        const interestsNamed = lines.map(named).filter((i) => i !== null);
        expect(new Set(interestsNamed).size).toBe(interestsNamed.length);
        expect(lines.some((l) => l.template === 'cafe' || l.template.startsWith('interest.'))).toBe(true);
      }),
    );
  });

  it('calls shared only interests of the catalog its members share and the pod is not about, first', () => {
    fc.assert(
      fc.property(podInput, (p) => {
        const lines = pick(p);
        const shared = lines.filter((l) => l.template.startsWith('shared.'));
        const own = p.cafe ? [] : p.interests;
        for (const line of shared) {
          expect(p.shared).toContain(named(line));
          expect(INTERESTS).toContain(named(line));
          expect(own).not.toContain(named(line));
        }
        const extra = p.shared.filter(
          (i) => INTERESTS.includes(i as Interest) && !own.includes(i as Interest),
        );
        if (extra.length > 0) expect(lines[0]).toMatchObject({ interest: extra[0] });
        else expect(shared).toEqual([]);
      }),
    );
  });

  it('names no town but the pod’s, and welcomes newcomers exactly when there are some', () => {
    fc.assert(
      fc.property(podInput, (p) => {
        const lines = pick(p);
        for (const line of lines) if ('city' in line) expect(line.city).toBe(p.city);
        const welcome = lines.filter((l) => l.template === 'newcomer');
        expect(welcome).toEqual(
          p.newcomers ? [{ template: 'newcomer', who: p.newcomers, city: p.city }] : [],
        );
        const where = lines.filter((l) => l.template === 'place' || l.template === 'online');
        expect(where).toHaveLength(p.newcomers ? 0 : 1);
      }),
    );
  });
});

describe('what a pod’s members share', () => {
  it('keeps interests of the catalog at least two members hold, most holders first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom<string>(...INTERESTS, 'unknown'), { maxLength: 12 }), {
          maxLength: 8,
        }),
        (members) => {
          const shared = sharedPodInterests(members);
          const holders = (interest: string) => members.filter((m) => m.includes(interest)).length;
          for (const interest of INTERESTS) expect(shared.includes(interest)).toBe(holders(interest) >= 2);
          for (let i = 1; i < shared.length; i += 1)
            expect(holders(shared[i - 1]!)).toBeGreaterThanOrEqual(holders(shared[i]!));
        },
      ),
    );
  });

  it('counts a member’s repeated interest once', () => {
    expect(sharedPodInterests([['chess', 'chess'], ['hiking']])).toEqual([]);
    expect(sharedPodInterests([['chess'], ['chess', 'hiking'], ['hiking', 'chess']])).toEqual([
      'chess',
      'hiking',
    ]);
  });

  it('tells the reader apart from the others who are new', () => {
    expect(podNewcomers(false, 0)).toBeNull();
    expect(podNewcomers(true, 0)).toBe('me');
    expect(podNewcomers(false, 2)).toBe('others');
    expect(podNewcomers(true, 1)).toBe('both');
  });
});
