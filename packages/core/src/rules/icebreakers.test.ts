import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTERESTS } from '../catalogs.ts';
import { ICEBREAKER_TEMPLATES, INTEREST_GROUPS, interestGroup, pickIcebreakers } from './icebreakers.ts';

const interests = fc.subarray([...INTERESTS]);
const ids = fc.string({ minLength: 1, maxLength: 22 });

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
    const picked = pickIcebreakers({
      me: 'ana',
      other: 'bruno',
      myInterests: ['hiking', 'camping', 'cooking'],
      theirInterests: ['hiking', 'camping', 'cooking', 'chess'],
    });
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
        const picked = pickIcebreakers({ me, other, myInterests: mine, theirInterests: theirs });
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
});
