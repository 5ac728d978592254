// `node packages/places/scripts/generate-cldr-names.ts` writes src/tables/cldr-german-names.ts: the German
// names of the cities that name a time zone, from CLDR's German time-zone names (cldr-dates-full,
// main/de/timeZoneNames.json: "Europe/Vienna" → "Wien"), read from its npm tarball (scripts/sources.ts).
//
// A zone's city is the most populous place of that zone with a spelling equal to the zone's last part
// ("Vienna"), whose GeoNames spellings include CLDR's German name. Kept only where the German name differs
// from GeoNames' name after folding, and is not a mere shortening of it ("Tucumán" for San Miguel de
// Tucumán). The hand-checked table in src/exonyms.ts takes precedence over these.
import { fold } from '../src/fold.ts';
import { readGeonames, spellingsOf, type GeonamesRow } from '../src/source.ts';
import { CLDR_DATES_FULL, readPackageJson, writeModule } from './sources.ts';

const OUTPUT = new URL('../src/tables/cldr-german-names.ts', import.meta.url);
/** Zones named after something other than their city, with what they are named after. */
const NOT_A_CITY: Record<string, string> = {
  'Indian/Mahe': 'the island of Mahé; its city is Victoria',
};

interface ZoneTree {
  [key: string]: ZoneTree | string;
}
const zones = readPackageJson<{ main: { de: { dates: { timeZoneNames: { zone: ZoneTree } } } } }>(
  CLDR_DATES_FULL,
  'main/de/timeZoneNames.json',
).main.de.dates.timeZoneNames.zone;

const exemplarCities = new Map<string, string>();
(function walk(tree: ZoneTree, path: string) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value !== 'object') continue;
    if (typeof value.exemplarCity === 'string') exemplarCities.set(path + key, value.exemplarCity);
    else walk(value, `${path}${key}/`);
  }
})(zones, '');

const byZone = new Map<string, GeonamesRow[]>();
for (const place of readGeonames()) {
  const list = byZone.get(place.timeZone) ?? [];
  list.push(place);
  byZone.set(place.timeZone, list);
}

const isShortening = (short: string, long: string) => ` ${fold(long)} `.includes(` ${fold(short)} `);

const entries: [GeonamesRow, string][] = [];
for (const [zone, german] of exemplarCities) {
  if (NOT_A_CITY[zone]) continue;
  const zoneCity = fold(zone.split('/').at(-1)!.replace(/_/g, ' '));
  const city = (byZone.get(zone) ?? [])
    .filter((place) => {
      const spellings = spellingsOf(place);
      return spellings.has(german) && [...spellings].some((s) => fold(s) === zoneCity);
    })
    .sort((a, b) => b.population - a.population)[0];
  if (!city || fold(german) === fold(city.name) || isShortening(german, city.name)) continue;
  entries.push([city, german]);
}
entries.sort(([a], [b]) => a.id - b.id);

await writeModule(
  OUTPUT,
  [
    '// Written by packages/places/scripts/generate-cldr-names.ts; do not edit.',
    `// German names of the cities that name a time zone, from CLDR (${CLDR_DATES_FULL.name}@${CLDR_DATES_FULL.version},`,
    '// Unicode License v3), each among its place’s GeoNames spellings. Key: GeoNames id.',
    'export const CLDR_GERMAN_NAMES: Readonly<Record<number, string>> = {',
    ...entries.map(([place, german]) => `  ${place.id}: ${JSON.stringify(german)}, // ${place.name}`),
    '};',
    '',
  ].join('\n'),
);
console.warn(`${entries.length} German names of ${exemplarCities.size} CLDR time-zone cities`);
