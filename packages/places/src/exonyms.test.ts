// The hand-written table of German and English names (exonyms.ts) and CLDR's German city names
// (tables/cldr-german-names.ts) hold only names GeoNames itself lists for that place: a typo, a wrong id or
// a name of another place fails here (and fails the index build, which runs the same check).
import { beforeAll, describe, expect, it } from 'vitest';
import { namesByLanguage } from './build.ts';
import { CLDR_GERMAN_NAMES } from './tables/cldr-german-names.ts';
import { EXONYMS } from './exonyms.ts';
import { placeById, preparePlaces } from './index.ts';
import { readGeonames, type GeonamesRow } from './source.ts';

let rows: GeonamesRow[];
beforeAll(async () => {
  rows = readGeonames();
  await preparePlaces();
});

describe('exonyms', () => {
  it('are all among their place’s GeoNames spellings, each place listed once', () => {
    const names = namesByLanguage(rows);
    expect(names.de.size).toBeGreaterThanOrEqual(EXONYMS.filter((e) => e.de).length);
    expect(new Set(EXONYMS.map((e) => e.id)).size).toBe(EXONYMS.length);
  });

  it('include the German names of the largest cities', () => {
    const german = new Map(EXONYMS.filter((e) => e.de).map((e) => [e.geonames, e.de]));
    for (const [geonames, de] of Object.entries({
      Munich: 'München',
      Vienna: 'Wien',
      Genève: 'Genf',
      Milan: 'Mailand',
      Rome: 'Rom',
      Prague: 'Prag',
      Warsaw: 'Warschau',
      Moscow: 'Moskau',
      Lisbon: 'Lissabon',
      Brussels: 'Brüssel',
      Copenhagen: 'Kopenhagen',
      Beijing: 'Peking',
      Cairo: 'Kairo',
    })) {
      expect(german.get(geonames), geonames).toBe(de);
    }
    expect(EXONYMS.find((e) => e.geonames === 'Köln')?.en).toBe('Cologne');
    expect(EXONYMS.filter((e) => e.de).length).toBeGreaterThanOrEqual(250);
  });

  it('refuse a name that is not a spelling of the place, a wrong id and a place listed twice', () => {
    const munich = rows.find((row) => row.id === 2867714)!;
    expect(() =>
      namesByLanguage([munich], [{ id: 2867714, geonames: 'Munich', de: 'Muenchen-City' }], {}),
    ).toThrow(/"Muenchen-City" is not a spelling/);
    expect(() => namesByLanguage([munich], [{ id: 2867714, geonames: 'Vienna', de: 'München' }], {})).toThrow(
      /GeoNames' name is Munich, not Vienna/,
    );
    expect(() => namesByLanguage([munich], [{ id: 1, geonames: 'Nowhere', de: 'Nirgends' }], {})).toThrow(
      /no such place/,
    );
    const twice = [
      { id: 2867714, geonames: 'Munich', de: 'München' },
      { id: 2867714, geonames: 'Munich', en: 'Muenchen' },
    ];
    expect(() => namesByLanguage([munich], twice, {})).toThrow(/listed twice/);
    expect(() => namesByLanguage([munich], [], { 2867714: 'Munichville' })).toThrow(
      /"Munichville" is not a spelling/,
    );
  });

  it('are the names the gazetteer shows, before CLDR’s', () => {
    for (const exonym of EXONYMS) {
      if (exonym.de) expect(placeById(exonym.id, 'de')?.name).toBe(exonym.de);
      if (exonym.en) expect(placeById(exonym.id, 'en')?.name).toBe(exonym.en);
    }
    // CLDR says "Eriwan" and "Aşgabat"; the table's German Wikipedia names win.
    expect(CLDR_GERMAN_NAMES[616052]).toBe('Eriwan');
    expect(placeById(616052, 'de')?.name).toBe('Jerewan');
    expect(placeById(162183, 'de')?.name).toBe('Aschgabat');
    // A CLDR name the table does not override.
    expect(placeById(6691831, 'de')?.name).toBe('Vatikan');
  });
});
