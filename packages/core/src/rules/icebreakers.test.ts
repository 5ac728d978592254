import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTERESTS, type Interest } from '../catalogs.ts';
import {
  ICEBREAKER_TEMPLATES,
  INTEREST_GROUPS,
  interestGroup,
  pickIcebreakers,
  pickPodIcebreakers,
  townIcebreaker,
  type Icebreaker,
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
});
