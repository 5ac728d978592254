// Prefix search over every folded name of every place (index-file.ts keeps them sorted): a binary search
// finds the first name starting with the query, the names after it that still do are the candidates.
//
// Ranked by one score, the place's population times:
//   ×100 when the whole query is one of its names (an exact match comes first: "Chur" before Chūru,
//        "Edinburg" in Texas before Edinburgh), unless a place a hundred times larger only starts with
//        it ("Ham" is on its way to Hamburg; Ham in the Somme follows close behind);
//   ×10  in the searcher's country: first among places of similar size, not before every village (an
//        American typing "Cambridge" gets Massachusetts first, typing "Berlin" still Germany's capital
//        before Berlin, NH);
//   ×0.1 when only an alternate spelling matched, not a name the place is shown by ("Cambridge" is also
//        an old name of Newton, MA);
//   ×0.1 for a district (build.ts): "Bochum" is Bochum, not Bochum-Hordel.
// A query of several words that finds too little is also read as "place, region or country" ("Cambridge
// Mass"; "Frankfurt Oder" is a name of its own).
import type { UiLanguage } from '@amiko/core';
import { fold } from './fold.ts';
import type { Gazetteer } from './gazetteer.ts';
import { OWN_NAME, prefixCode, SHORT_PREFIX } from './index-file.ts';

const EXACT = 100;
const HOME_COUNTRY = 10;
const ALTERNATE_NAME = 0.1;
/** Longer queries are cut: no place name is longer. */
const MAX_QUERY_LENGTH = 100;

export interface SearchOptions {
  /** The language of the names returned. */
  language: UiLanguage;
  /** The searcher's country (ISO 3166-1 alpha-2, any case): its places rank first among similar ones. */
  country?: string | null;
  /** At most this many results (default 10). */
  limit?: number;
}

export interface PlaceMatch {
  /** GeoNames id. */
  id: number;
  /** The place's name in the language asked for. */
  name: string;
  /** Its region (state, Land, canton…) in that language, else in English; null when unknown. */
  region: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  /** The country's name in the language asked for. */
  country: string;
  /** Another result has the same name: show the region to tell them apart. */
  regionNeeded: boolean;
}

interface Scratch {
  best: Float64Array;
  touched: Uint32Array;
}
const scratches = new WeakMap<Gazetteer, Scratch>();
function scratchOf(g: Gazetteer): Scratch {
  let scratch = scratches.get(g);
  if (!scratch) {
    scratch = { best: new Float64Array(g.count), touched: new Uint32Array(g.count) };
    scratches.set(g, scratch);
  }
  return scratch;
}

/** Compares key k with the query bytes: <0 before, 0 equal, >0 after (a longer key with the prefix is after). */
function compare(g: Gazetteer, k: number, query: Uint8Array): number {
  const { keyBytes, keyStart } = g.s;
  const start = keyStart[k]!;
  const length = keyStart[k + 1]! - start;
  const n = Math.min(length, query.length);
  for (let i = 0; i < n; i += 1) {
    const d = keyBytes[start + i]! - query[i]!;
    if (d !== 0) return d;
  }
  return length - query.length;
}

function hasPrefix(g: Gazetteer, k: number, query: Uint8Array): boolean {
  const { keyBytes, keyStart } = g.s;
  const start = keyStart[k]!;
  if (keyStart[k + 1]! - start < query.length) return false;
  for (let i = 0; i < query.length; i += 1) if (keyBytes[start + i] !== query[i]) return false;
  return true;
}

/** The first key not before the query. */
function lowerBound(g: Gazetteer, query: Uint8Array): number {
  let low = 0;
  let high = g.keyCount;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(g, middle, query) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The best places seen so far, at most `limit`: a small sorted list, or (for long lists) sorted at the end. */
class Best {
  private readonly places: number[] = [];
  private readonly scores: number[] = [];
  private readonly limit: number;
  private readonly small: boolean;
  constructor(limit: number) {
    this.limit = limit;
    this.small = limit <= 64;
  }

  /** No place scoring below this can get in any more (0 while there is room). */
  get floor(): number {
    return this.small && this.places.length === this.limit ? this.scores[this.limit - 1]! : 0;
  }

  add(place: number, score: number) {
    const { places, scores } = this;
    if (!this.small) {
      places.push(place);
      scores.push(score);
      return;
    }
    const better = (i: number) => score > scores[i]! || (score === scores[i] && place < places[i]!);
    const full = places.length === this.limit;
    if (full && !better(this.limit - 1)) return;
    let i = full ? this.limit - 1 : places.length;
    for (; i > 0 && better(i - 1); i -= 1) {
      places[i] = places[i - 1]!;
      scores[i] = scores[i - 1]!;
    }
    places[i] = place;
    scores[i] = score;
  }

  result(): number[] {
    if (this.small) return this.places;
    return this.places
      .map((place, i) => ({ place, score: this.scores[i]! }))
      .sort((a, b) => b.score - a.score || a.place - b.place)
      .slice(0, this.limit)
      .map((p) => p.place);
  }
}

/** A place's score for a name of it starting with the query (see the top of this file). */
function scoreOf(g: Gazetteer, place: number, own: boolean, exact: boolean, home: number): number {
  let score = g.weight(place) + 1;
  if (g.s.country[place] === home) score *= HOME_COUNTRY;
  if (!own) score *= ALTERNATE_NAME;
  if (exact) score *= EXACT;
  return score;
}

/**
 * The places with a name starting with `folded`, best first, at most `limit`. Reads every name in the
 * range; a query of up to SHORT_PREFIX characters reads the short-prefix list instead (`shortLists`).
 */
export function matches(
  g: Gazetteer,
  folded: string,
  home: number,
  limit: number,
  accept?: (place: number) => boolean,
  shortLists = true,
): number[] {
  if (shortLists && folded.length <= SHORT_PREFIX) return matchesShort(g, folded, home, limit, accept);
  const query = Buffer.from(folded, 'latin1');
  const { keyPlace, keyStart } = g.s;
  const { best, touched } = scratchOf(g);
  let found = 0;
  for (let k = lowerBound(g, query); k < g.keyCount && hasPrefix(g, k, query); k += 1) {
    const entry = keyPlace[k]!;
    const place = entry & ~OWN_NAME;
    const seen = best[place]!;
    if (seen < 0) continue; // refused before
    if (seen === 0) {
      touched[found++] = place;
      if (accept && !accept(place)) {
        best[place] = -1;
        continue;
      }
    }
    const exact = keyStart[k + 1]! - keyStart[k]! === query.length;
    const score = scoreOf(g, place, (entry & OWN_NAME) !== 0, exact, home);
    if (score > best[place]!) best[place] = score;
  }
  const top = new Best(limit);
  for (let i = 0; i < found; i += 1) {
    const place = touched[i]!;
    if (best[place]! > 0) top.add(place, best[place]!);
    best[place] = 0;
  }
  return top.result();
}

/**
 * The same for a short query: first the places with a name equal to it (few), then the short-prefix list,
 * largest first, until no place further down can beat the last one kept: its population times the most
 * a non-exact match can gain (×10 in the searcher's country) is below that place's score.
 */
function matchesShort(
  g: Gazetteer,
  folded: string,
  home: number,
  limit: number,
  accept?: (place: number) => boolean,
): number[] {
  const query = Buffer.from(folded, 'latin1');
  const { keyPlace, shortStart, shortPlaces } = g.s;
  const { best, touched } = scratchOf(g);
  let found = 0;
  for (let k = lowerBound(g, query); k < g.keyCount && compare(g, k, query) === 0; k += 1) {
    const entry = keyPlace[k]!;
    const place = entry & ~OWN_NAME;
    if (best[place] === 0) touched[found++] = place;
    if (best[place]! < 0 || (accept && !accept(place))) {
      best[place] = -1;
      continue;
    }
    best[place] = Math.max(best[place]!, scoreOf(g, place, (entry & OWN_NAME) !== 0, true, home));
  }
  const top = new Best(limit);
  for (let i = 0; i < found; i += 1) if (best[touched[i]!]! > 0) top.add(touched[i]!, best[touched[i]!]!);

  const most = home >= 0 ? HOME_COUNTRY : 1;
  const code = prefixCode(folded);
  for (let n = shortStart[code]!; n < shortStart[code + 1]!; n += 1) {
    const entry = shortPlaces[n]!;
    const place = entry & ~OWN_NAME;
    if ((g.weight(place) + 1) * most < top.floor) break;
    if (best[place] !== 0 || (accept && !accept(place))) continue; // matched exactly, or refused
    top.add(place, scoreOf(g, place, (entry & OWN_NAME) !== 0, false, home));
  }
  for (let i = 0; i < found; i += 1) best[touched[i]!] = 0;
  return top.result();
}

interface ContextWords {
  regions: string[][];
  countries: string[][];
}
const contextWords = new WeakMap<Gazetteer, ContextWords>();
/** The folded words a "place, region or country" query may name, per region and per country, both languages. */
function contextWordsOf(g: Gazetteer): ContextWords {
  let words = contextWords.get(g);
  if (!words) {
    const split = (texts: (string | null)[]) => [
      ...new Set(texts.flatMap((text) => (text ? fold(text).split(' ') : []))),
    ];
    const names = (language: UiLanguage) => new Intl.DisplayNames([language], { type: 'region' });
    const [english, german] = [names('en'), names('de')];
    words = {
      // GeoNames' region codes are postal abbreviations in some countries ("US.MA" for Massachusetts).
      regions: g.header.regions.map(([code, en, de]) =>
        split([en, de, /^[A-Z]+$/.test(code.split('.')[1] ?? '') ? code.split('.')[1]! : null]),
      ),
      countries: g.header.countries.map((code) =>
        split([english.of(code) ?? null, german.of(code) ?? null, code]),
      ),
    };
    contextWords.set(g, words);
  }
  return words;
}

/** Per word: which regions and which countries have a name with a word starting with it (1) or not (0). */
const namedBy = new WeakMap<Gazetteer, Map<string, { regions: Uint8Array; countries: Uint8Array }>>();
function namedByWord(g: Gazetteer, word: string) {
  let cache = namedBy.get(g);
  if (!cache || cache.size > 5000) namedBy.set(g, (cache = new Map()));
  let named = cache.get(word);
  if (!named) {
    const { regions, countries } = contextWordsOf(g);
    const mark = (list: string[][]) => {
      const marks = new Uint8Array(list.length);
      for (let i = 0; i < list.length; i += 1) {
        for (const w of list[i]!) if (w.startsWith(word)) marks[i] = 1;
      }
      return marks;
    };
    named = { regions: mark(regions), countries: mark(countries) };
    cache.set(word, named);
  }
  return named;
}

/** Whether a place lies where the words say: each word starts a word of its region's or country's names. */
function lyingIn(g: Gazetteer, where: string[]): (place: number) => boolean {
  const named = where.map((word) => namedByWord(g, word));
  const { region, country } = g.s;
  return (place) => named.every((n) => n.regions[region[place]!] === 1 || n.countries[country[place]!] === 1);
}

/** The places matching the query, best first (see the top of this file), as place indices. */
export function searchPlaces(g: Gazetteer, query: string, options: SearchOptions): number[] {
  const folded = fold(query.slice(0, MAX_QUERY_LENGTH));
  const limit = options.limit ?? 10;
  if (!folded || limit < 1) return [];
  const home = g.countryIndexOf(options.country);
  const results = matches(g, folded, home, limit);
  const words = folded.split(' ');
  // The place's name first, then up to three words of region or country ("Cambridge, MA, United States").
  for (let cut = words.length - 1; cut >= Math.max(1, words.length - 3) && results.length < limit; cut -= 1) {
    const name = words.slice(0, cut).join(' ');
    const taken = new Set(results);
    const there = lyingIn(g, words.slice(cut));
    const more = matches(g, name, home, limit - results.length, (place) => there(place) && !taken.has(place));
    results.push(...more);
  }
  return results;
}

/**
 * Without a country, a name that places in several countries share means the largest only when it outweighs
 * every other tenfold ("Wien", "München"); otherwise ("Cambridge", "Springfield") it is no match, and the member
 * is asked to pick their city rather than moved to the wrong continent.
 */
const CLEAR_LEAD = 10;

/**
 * The place a name written out in full means: one whose name or spelling equals the text, folded, in the
 * given country when one is given (-1: any, then only a clear lead, CLEAR_LEAD), the most populous of them;
 * -1 when there is none. How the free-text cities of earlier Amikos are moved onto places: never a guess
 * from a prefix.
 */
export function exactMatch(g: Gazetteer, text: string, country: number): number {
  const folded = fold(text.slice(0, MAX_QUERY_LENGTH));
  if (!folded) return -1;
  const query = Buffer.from(folded, 'latin1');
  let found = -1;
  // The weight of the heaviest other place of that name (a place can hold the name more than once).
  let runnerUp = 0;
  for (let k = lowerBound(g, query); k < g.keyCount && compare(g, k, query) === 0; k += 1) {
    const place = g.s.keyPlace[k]! & ~OWN_NAME;
    if (place === found || (country >= 0 && g.s.country[place] !== country)) continue;
    if (found < 0 || g.weight(place) > g.weight(found)) {
      if (found >= 0) runnerUp = Math.max(runnerUp, g.weight(found));
      found = place;
    } else runnerUp = Math.max(runnerUp, g.weight(place));
  }
  if (found >= 0 && country < 0 && runnerUp * CLEAR_LEAD > g.weight(found)) return -1;
  return found;
}

/** The results as the member sees them, in the language asked for. */
export function describe(g: Gazetteer, places: number[], language: UiLanguage): PlaceMatch[] {
  const matches = places.map((place) => ({
    id: g.s.ids[place]!,
    name: g.name(place, language),
    region: g.region(place, language),
    countryCode: g.countryCode(place),
    country: g.countryName(place, language),
    regionNeeded: false,
  }));
  const byName = new Map<string, number>();
  for (const match of matches) byName.set(fold(match.name), (byName.get(fold(match.name)) ?? 0) + 1);
  for (const match of matches) match.regionNeeded = byName.get(fold(match.name))! > 1;
  return matches;
}
