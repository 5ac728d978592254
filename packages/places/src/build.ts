// Builds the binary index (index-file.ts) from GeoNames' cities500 and the committed tables: done once per
// data version, in a process of its own (build-main.ts), then read from the cache (cache.ts). A German or
// English name that is not among its place's GeoNames spellings fails the build.
import { CLDR_GERMAN_NAMES } from './tables/cldr-german-names.ts';
import { REGIONS } from './tables/regions.ts';
import { EXONYMS, type Exonym } from './exonyms.ts';
import { foldings, isLatin } from './fold.ts';
import {
  CELL_COLUMNS,
  CELL_ROWS,
  cellOf,
  OWN_NAME,
  PREFIX_CODES,
  prefixCode,
  rankWeight,
  SECTION_FLAG,
  SHORT_PREFIX,
  writeIndexFile,
  type Header,
  type Sections,
} from './index-file.ts';
import { readGeonames, SECTION, spellingsOf, type GeonamesRow } from './source.ts';

/** Longer names are descriptions ("Poselok Turisticheskogo pansionata …"), not what anyone types. */
const MAX_KEY_LENGTH = 80;

/**
 * An alternate name worth indexing: Latin script; with a capital (GeoNames also lists lower-case
 * romanizations of non-Latin names: "frankfwrt", "su li shi"); not a code (IATA "FRA", "MUC").
 */
export function isSearchableAlternate(name: string): boolean {
  if (!isLatin(name) || !/\p{Lu}/u.test(name)) return false;
  return !(name.length <= 4 && name === name.toUpperCase());
}

interface Names {
  de: Map<number, string>;
  en: Map<number, string>;
}

/** The German and English names by place id, each checked against the place's GeoNames spellings. */
export function namesByLanguage(
  rows: readonly GeonamesRow[],
  exonyms: readonly Exonym[] = EXONYMS,
  cldr: Readonly<Record<number, string>> = CLDR_GERMAN_NAMES,
): Names {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: string[] = [];
  const names: Names = { de: new Map(), en: new Map() };
  const check = (id: number, name: string, what: string) => {
    const row = byId.get(id);
    if (!row) problems.push(`${what} ${id} (${name}): no such place`);
    else if (!spellingsOf(row).has(name))
      problems.push(`${what} ${id} ${row.name}: "${name}" is not a spelling`);
    else if (name === row.name) problems.push(`${what} ${id}: "${name}" is GeoNames' own name`);
    else return true;
    return false;
  };
  for (const [id, name] of Object.entries(cldr)) {
    if (check(Number(id), name, 'CLDR')) names.de.set(Number(id), name);
  }
  const listed = new Set<number>();
  for (const exonym of exonyms) {
    if (listed.has(exonym.id)) problems.push(`exonyms.ts ${exonym.id}: listed twice`);
    listed.add(exonym.id);
    if (byId.get(exonym.id) && byId.get(exonym.id)!.name !== exonym.geonames) {
      problems.push(
        `exonyms.ts ${exonym.id}: GeoNames' name is ${byId.get(exonym.id)!.name}, not ${exonym.geonames}`,
      );
    }
    for (const language of ['de', 'en'] as const) {
      const name = exonym[language];
      if (name && check(exonym.id, name, `exonyms.ts ${language}`)) names[language].set(exonym.id, name);
    }
  }
  if (problems.length > 0) throw new Error(`Place names not in GeoNames:\n${problems.join('\n')}`);
  return names;
}

function uniqueIndex<T>(): { list: T[]; indexOf: (value: T) => number } {
  const index = new Map<T, number>();
  const list: T[] = [];
  return {
    list,
    indexOf(value) {
      let i = index.get(value);
      if (i === undefined) {
        i = list.length;
        list.push(value);
        index.set(value, i);
      }
      return i;
    },
  };
}

export function buildIndex(version: string, source: string, rows: GeonamesRow[] = readGeonames()): Buffer {
  const names = namesByLanguage(rows);
  const places = rows
    .map((row) => ({ row, weight: rankWeight(row.population, row.featureCode === SECTION) }))
    .sort((a, b) => b.weight - a.weight || a.row.id - b.row.id)
    .map((p) => p.row);
  const count = places.length;

  const countries = [...new Set(places.map((p) => p.countryCode))].sort();
  if (countries.length > 255) throw new Error('more countries than a byte holds');
  const countryIndex = new Map(countries.map((c, i) => [c, i]));
  const regions = uniqueIndex<string>();
  regions.indexOf(''); // 0: none
  const zones = uniqueIndex<string>();

  const ids = new Int32Array(count);
  const population = new Uint32Array(count);
  const flags = new Uint8Array(count);
  const lat = new Float32Array(count);
  const lon = new Float32Array(count);
  const country = new Uint8Array(count);
  const region = new Uint16Array(count);
  const zone = new Uint16Array(count);
  const enName = new Uint32Array(count + 1);
  const deName = new Uint32Array(count + 1);
  const english: string[] = [];
  const german: string[] = [];

  const keyText: string[] = [];
  const keyEntry: number[] = [];
  const shortCode: number[] = [];
  const shortEntry: number[] = [];
  places.forEach((row, i) => {
    ids[i] = row.id;
    population[i] = row.population;
    flags[i] = row.featureCode === SECTION ? SECTION_FLAG : 0;
    lat[i] = row.lat;
    lon[i] = row.lon;
    country[i] = countryIndex.get(row.countryCode)!;
    const regionCode = `${row.countryCode}.${row.admin1}`;
    region[i] = REGIONS[regionCode] ? regions.indexOf(regionCode) : 0;
    zone[i] = zones.indexOf(row.timeZone);
    const en = names.en.get(row.id) ?? row.name;
    const de = names.de.get(row.id) ?? row.name;
    english.push(en);
    german.push(de === en ? '' : de);

    // Own names are always indexed (a non-Latin primary name folds to nothing and drops out by itself).
    const keys = new Map<string, boolean>();
    for (const name of [row.name, row.asciiName, en, de]) {
      for (const key of foldings(name)) if (key) keys.set(key, true);
    }
    for (const name of row.alternateNames) {
      if (!isSearchableAlternate(name)) continue;
      for (const key of foldings(name)) if (key && !keys.has(key)) keys.set(key, false);
    }
    const prefixes = new Map<number, boolean>();
    for (const [key, own] of keys) {
      if (key.length > MAX_KEY_LENGTH) continue;
      keyText.push(key);
      keyEntry.push(own ? (i | OWN_NAME) >>> 0 : i);
      for (let length = 1; length <= Math.min(SHORT_PREFIX, key.length); length += 1) {
        const code = prefixCode(key.slice(0, length));
        prefixes.set(code, own || prefixes.get(code) === true);
      }
    }
    for (const [code, own] of prefixes) {
      shortCode.push(code);
      shortEntry.push(own ? (i | OWN_NAME) >>> 0 : i);
    }
  });

  // Names: English, then German where it differs.
  const nameChunks: Buffer[] = [];
  let offset = 0;
  for (const [list, starts] of [
    [english, enName],
    [german, deName],
  ] as const) {
    list.forEach((name, i) => {
      const bytes = Buffer.from(name, 'utf8');
      starts[i] = offset;
      nameChunks.push(bytes);
      offset += bytes.length;
    });
    starts[count] = offset;
  }
  const nameBytes = new Uint8Array(Buffer.concat(nameChunks));

  // Keys, sorted (and, within a key, larger places first).
  const order = Array.from(keyText.keys()).sort((a, b) =>
    keyText[a]! < keyText[b]!
      ? -1
      : keyText[a]! > keyText[b]!
        ? 1
        : (keyEntry[a]! & ~OWN_NAME) - (keyEntry[b]! & ~OWN_NAME),
  );
  const keyStart = new Uint32Array(order.length + 1);
  const keyPlace = new Uint32Array(order.length);
  const keyBytes = Buffer.alloc(keyText.reduce((sum, key) => sum + key.length, 0));
  let position = 0;
  order.forEach((k, i) => {
    keyStart[i] = position;
    position += keyBytes.write(keyText[k]!, position, 'latin1');
    keyPlace[i] = keyEntry[k]!;
  });
  keyStart[order.length] = position;

  // Short-prefix lists: a counting sort by code; within a code, places stay in their (largest-first) order.
  const shortStart = new Uint32Array(PREFIX_CODES + 1);
  for (const code of shortCode) shortStart[code + 1]! += 1;
  for (let c = 0; c < PREFIX_CODES; c += 1) shortStart[c + 1]! += shortStart[c]!;
  const shortPlaces = new Uint32Array(shortCode.length);
  const shortFill = shortStart.slice(0, PREFIX_CODES);
  shortCode.forEach((code, n) => {
    shortPlaces[shortFill[code]!++] = shortEntry[n]!;
  });

  const byId = new Uint32Array(Array.from(ids.keys()).sort((a, b) => ids[a]! - ids[b]!));

  // Places by cell: a counting sort.
  const cells = CELL_ROWS * CELL_COLUMNS;
  const cellStart = new Uint32Array(cells + 1);
  const cellOfPlace = new Uint32Array(count);
  for (let i = 0; i < count; i += 1) {
    cellOfPlace[i] = cellOf(lat[i]!, lon[i]!);
    cellStart[cellOfPlace[i]! + 1]! += 1;
  }
  for (let c = 0; c < cells; c += 1) cellStart[c + 1]! += cellStart[c]!;
  const cellPlaces = new Uint32Array(count);
  const fill = cellStart.slice(0, cells);
  for (let i = 0; i < count; i += 1) cellPlaces[fill[cellOfPlace[i]!]!++] = i;

  const header: Omit<Header, 'sections' | 'format'> = {
    version,
    source,
    countries,
    regions: regions.list.map((code) => {
      const [en, de] = REGIONS[code] ?? [];
      return [code, en ?? null, de ?? null];
    }),
    zones: zones.list,
  };
  const sections: Sections = {
    ids,
    population,
    flags,
    lat,
    lon,
    country,
    region,
    zone,
    nameBytes,
    enName,
    deName,
    byId,
    keyBytes: new Uint8Array(keyBytes.buffer, keyBytes.byteOffset, keyBytes.length),
    keyStart,
    keyPlace,
    shortStart,
    shortPlaces,
    cellStart,
    cellPlaces,
  };
  return writeIndexFile(header, sections);
}
