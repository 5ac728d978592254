// The gazetteer as the server uses it, on the real data (the places project's globalSetup builds the index
// before any file runs if this clone has none yet; here it is read from the cache file).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openGazetteer } from './cache.ts';
import { fold } from './fold.ts';
import type { Gazetteer } from './gazetteer.ts';
import { coordinatesOf, matchPlace, near, placeById, preparePlaces, searchPlaces } from './index.ts';
import { distanceKm } from './near.ts';
import { matches, searchPlaces as searchIndex } from './search.ts';

const MUNICH = 2867714;
const COLOGNE = 2886242;
const VIENNA = 2761369;
const MILAN = 3173435;
const FRANKFURT_MAIN = 2925533;
const FRANKFURT_ODER = 2925535;
const CAMBRIDGE_ENGLAND = 2653941;
const CAMBRIDGE_MASSACHUSETTS = 4931972;
const BERLIN = 2950159;

let g: Gazetteer;
beforeAll(async () => {
  await preparePlaces();
  g = openGazetteer().gazetteer; // the same cache file, for the internal checks below
});

describe('searchPlaces', () => {
  it('finds a place however its umlauts are typed: muenchen, munchen, München → Munich first', () => {
    for (const query of ['muenchen', 'munchen', 'München', 'MÜNCHEN', 'Munich', 'münch']) {
      expect(searchPlaces(query, { language: 'en' })[0]?.id, query).toBe(MUNICH);
    }
    for (const query of ['koln', 'koeln', 'Köln', 'Cologne', 'Koeln']) {
      expect(searchPlaces(query, { language: 'de' })[0]?.id, query).toBe(COLOGNE);
    }
  });

  it('names places in the reader’s language, whichever language was typed', () => {
    const name = (query: string, language: 'en' | 'de') => searchPlaces(query, { language })[0]?.name;
    expect([name('München', 'en'), name('Munich', 'de')]).toEqual(['Munich', 'München']);
    expect([name('Wien', 'en'), name('Vienna', 'de')]).toEqual(['Vienna', 'Wien']);
    expect([name('Mailand', 'en'), name('Milan', 'de')]).toEqual(['Milan', 'Mailand']);
    expect([name('Köln', 'en'), name('Cologne', 'de')]).toEqual(['Cologne', 'Köln']);
    expect(searchPlaces('Mailand', { language: 'en' })[0]).toMatchObject({
      id: MILAN,
      region: 'Lombardy',
      countryCode: 'IT',
      country: 'Italy',
    });
    expect(searchPlaces('Wien', { language: 'de' })[0]).toMatchObject({ id: VIENNA, country: 'Österreich' });
  });

  it('gives each result its region, and says when it is needed to tell same-named places apart', () => {
    const [main, oder] = searchPlaces('Frankfurt', { language: 'de', country: 'DE' });
    expect(main).toMatchObject({ id: FRANKFURT_MAIN, name: 'Frankfurt am Main', region: 'Hessen' });
    expect(oder).toMatchObject({ id: FRANKFURT_ODER, name: 'Frankfurt (Oder)', region: 'Brandenburg' });
    expect(searchPlaces('Frankfurt am', { language: 'en' })[0]?.region).toBe('Hesse');

    const cambridges = searchPlaces('Cambridge', { language: 'en' });
    const england = cambridges.find((m) => m.id === CAMBRIDGE_ENGLAND);
    const massachusetts = cambridges.find((m) => m.id === CAMBRIDGE_MASSACHUSETTS);
    expect(england).toMatchObject({ name: 'Cambridge', region: 'England', regionNeeded: true });
    expect(massachusetts).toMatchObject({ name: 'Cambridge', region: 'Massachusetts', regionNeeded: true });
    expect(searchPlaces('Mailand', { language: 'de' })[0]?.regionNeeded).toBe(false);
  });

  it('ranks the searcher’s country first among places of similar size', () => {
    const frankfurts = searchPlaces('Frankfurt', { language: 'de', country: 'de' });
    expect(frankfurts.slice(0, 2).map((m) => m.countryCode)).toEqual(['DE', 'DE']);
    expect(searchPlaces('Cambridge', { language: 'en', country: 'US' })[0]?.id).toBe(CAMBRIDGE_MASSACHUSETTS);
    expect(searchPlaces('Cambridge', { language: 'en', country: 'GB' })[0]?.id).toBe(CAMBRIDGE_ENGLAND);
    expect(searchPlaces('Cambridge', { language: 'en' })[0]?.id).toBe(CAMBRIDGE_ENGLAND);
    // …but not before every village: Berlin, NH does not hide Germany's capital from an American.
    expect(searchPlaces('Berlin', { language: 'en', country: 'US' })[0]?.id).toBe(BERLIN);
  });

  it('puts an exact name before larger places that only start with it', () => {
    expect(searchPlaces('Chur', { language: 'de' })[0]?.name).toBe('Chur');
    expect(searchPlaces('Edinburg', { language: 'en', country: 'US' })[0]).toMatchObject({
      name: 'Edinburg',
      region: 'Texas',
    });
    expect(searchPlaces('Edinburg', { language: 'en' })[0]?.region).toBe('Texas');
  });

  it('reads "place, region" queries', () => {
    expect(searchPlaces('Cambridge Mass', { language: 'en' })[0]?.id).toBe(CAMBRIDGE_MASSACHUSETTS);
    expect(searchPlaces('Cambridge, MA', { language: 'en' })[0]?.id).toBe(CAMBRIDGE_MASSACHUSETTS);
    expect(searchPlaces('cambridge england', { language: 'de' })[0]?.id).toBe(CAMBRIDGE_ENGLAND);
    expect(searchPlaces('Frankfurt Oder', { language: 'de' })[0]?.id).toBe(FRANKFURT_ODER);
    expect(searchPlaces('Frankfurt Brandenburg', { language: 'de' })[0]?.id).toBe(FRANKFURT_ODER);
    expect(searchPlaces('Frankfurt Hessen', { language: 'en' })[0]?.id).toBe(FRANKFURT_MAIN);
    expect(searchPlaces('Cambridge, MA, United States', { language: 'en' })[0]?.id).toBe(
      CAMBRIDGE_MASSACHUSETTS,
    );
    expect(searchPlaces('Cambridge Neuseeland', { language: 'de' })[0]).toMatchObject({
      countryCode: 'NZ',
      country: 'Neuseeland',
    });
  });

  it('answers nothing for nothing, and at most the limit', () => {
    expect(searchPlaces('', { language: 'en' })).toEqual([]);
    expect(searchPlaces(' ,.- ', { language: 'en' })).toEqual([]);
    expect(searchPlaces('Москва', { language: 'en' })).toEqual([]);
    expect(searchPlaces('xqzxqz', { language: 'en' })).toEqual([]);
    expect(searchPlaces('a', { language: 'en' })).toHaveLength(10);
    expect(searchPlaces('a', { language: 'en', limit: 3 })).toHaveLength(3);
    expect(searchPlaces('a', { language: 'en', limit: 10_000 })).toHaveLength(50);
    expect(searchPlaces('a', { language: 'en', limit: Number.NaN })).toHaveLength(10);
    expect(searchPlaces('a', { language: 'en', limit: -3 })).toHaveLength(1);
    expect(searchPlaces('s'.repeat(10_000), { language: 'en' })).toEqual([]);
  });

  it('finds a place by any prefix of its name when the list is not cut, in either language', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: g.count - 1 }),
        fc.constantFrom('en' as const, 'de' as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (place, language, cut) => {
          const folded = fold(g.name(place, language));
          fc.pre(folded.length > 0);
          const prefix = folded.slice(0, Math.max(1, Math.ceil(cut * folded.length)));
          expect(searchIndex(g, prefix, { language, limit: g.count })).toContain(place);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('ranks short queries from the short-prefix lists exactly as from all the names', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789 ';
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: g.count - 1 }).map((place) => fold(g.name(place, 'en')).slice(0, 3)),
          fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 3 }),
        ),
        fc.constantFrom(-1, ...['DE', 'US', 'LI', 'IN'].map((c) => g.countryIndexOf(c))),
        fc.constantFrom(1, 10, 50),
        fc.boolean(),
        (prefix, home, limit, filtered) => {
          fc.pre(prefix.length > 0 && prefix === prefix.trim());
          const accept = filtered ? (place: number) => place % 3 === 0 : undefined;
          expect(matches(g, prefix, home, limit, accept, true)).toEqual(
            matches(g, prefix, home, limit, accept, false),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('returns each place once, best first, and with a limit the best of the uncut list', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(null, 'DE', 'US', 'FR'),
        (place, length, country) => {
          const prefix = fold(g.name(place, 'en')).slice(0, length);
          fc.pre(prefix.length > 0);
          const all = searchIndex(g, prefix, { language: 'en', country, limit: g.count });
          const top = searchIndex(g, prefix, { language: 'en', country, limit: 10 });
          expect(new Set(all).size).toBe(all.length);
          expect(top).toEqual(all.slice(0, 10));
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('placeById, coordinatesOf', () => {
  it('gives a place’s names, region, country, coordinates and time zone', () => {
    expect(placeById(MUNICH, 'de')).toMatchObject({
      id: MUNICH,
      name: 'München',
      region: 'Bayern',
      countryCode: 'DE',
      country: 'Deutschland',
      timeZone: 'Europe/Berlin',
    });
    expect(placeById(MUNICH, 'en')).toMatchObject({ name: 'Munich', region: 'Bavaria', country: 'Germany' });
    const munich = coordinatesOf(MUNICH)!;
    expect(munich.lat).toBeCloseTo(48.137, 2);
    expect(munich.lon).toBeCloseTo(11.575, 2);
    expect(placeById(CAMBRIDGE_MASSACHUSETTS, 'en')?.timeZone).toBe('America/New_York');
  });

  it('knows no place for an unknown id', () => {
    expect(placeById(1, 'en')).toBeNull();
    expect(placeById(-5, 'de')).toBeNull();
    expect(coordinatesOf(99_999_999)).toBeNull();
  });
});

describe('matchPlace', () => {
  it('reads a city written out in full, in any spelling, within the member’s country', () => {
    for (const text of ['München', 'Muenchen', 'munchen', 'Munich', ' MÜNCHEN ']) {
      expect([text, matchPlace(text, { country: 'de' })]).toEqual([text, MUNICH]);
    }
    expect(matchPlace('Köln', { country: 'DE' })).toBe(COLOGNE);
    expect(matchPlace('Wien')).toBe(VIENNA);
    // Within the country given: Frankfurt (Oder) is not the larger Frankfurt.
    expect(matchPlace('Frankfurt am Main', { country: 'de' })).toBe(FRANKFURT_MAIN);
    expect(matchPlace('Cambridge', { country: 'us' })).not.toBe(CAMBRIDGE_ENGLAND);
    expect(matchPlace('Cambridge', { country: 'gb' })).toBe(CAMBRIDGE_ENGLAND);
  });

  it('never guesses: a prefix, another country or a made-up town is no match', () => {
    expect(matchPlace('Münch', { country: 'de' })).toBeNull();
    expect(matchPlace('München', { country: 'fr' })).toBeNull();
    expect(matchPlace('Atlantis Nord', { country: 'de' })).toBeNull();
    expect(matchPlace('   ')).toBeNull();
    expect(matchPlace('Berlin', { country: 'zz' })).toBeNull();
  });

  it('without a country, takes a name several countries share only when one place clearly leads', () => {
    expect(matchPlace('Wien')).toBe(VIENNA);
    expect(matchPlace('München')).toBe(MUNICH);
    // Cambridge in England and in Massachusetts are much the same size: the member is asked instead.
    expect(matchPlace('Cambridge')).toBeNull();
    expect(matchPlace('Springfield')).toBeNull();
  });
});

describe('near', () => {
  /** Every place within km, by measuring all of them. */
  const bruteForce = (center: { lat: number; lon: number }, km: number) => {
    const found: number[] = [];
    for (let place = 0; place < g.count; place += 1) {
      if (distanceKm(center, { lat: g.s.lat[place]!, lon: g.s.lon[place]! }) <= km)
        found.push(g.s.ids[place]!);
    }
    return found.sort((a, b) => a - b);
  };

  it('finds the places within a distance, nearest first, the place itself first', () => {
    const around = near(MUNICH, 25);
    expect(around[0]).toBe(MUNICH);
    expect([...around].sort((a, b) => a - b)).toEqual(bruteForce(coordinatesOf(MUNICH)!, 25));
    const distances = around.map((id) => distanceKm(coordinatesOf(MUNICH)!, coordinatesOf(id)!));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const dachau = searchPlaces('Dachau', { language: 'en', country: 'DE' })[0]!.id; // 17 km
    const augsburg = searchPlaces('Augsburg', { language: 'en', country: 'DE' })[0]!.id; // 57 km
    expect(around).toContain(dachau);
    expect(around).not.toContain(augsburg);
    expect(near(coordinatesOf(MUNICH)!, 60)).toContain(augsburg);
  });

  it('reaches across the date line and around the poles', () => {
    for (const [center, km] of [
      [{ lat: -16.5, lon: 179.9 }, 300], // Fiji, both sides of 180°
      [{ lat: 78.2, lon: 15.6 }, 1500], // Svalbard, across the pole
      [{ lat: 0, lon: 0 }, 0],
    ] as const) {
      expect([...near(center, km)].sort((a, b) => a - b)).toEqual(bruteForce(center, km));
    }
  });

  it('refuses a distance that is none, and finds nothing around an unknown place', () => {
    expect(() => near(MUNICH, -1)).toThrow(RangeError);
    expect(() => near(MUNICH, Number.NaN)).toThrow(RangeError);
    expect(near(1, 50)).toEqual([]);
  });
});
