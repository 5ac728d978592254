// @amiko/places: the gazetteer Amiko ships, server-side only. The cities of the world from GeoNames
// (cities500: every populated place of 500 people or more, and every seat of an administrative division),
// with their names in English and German, region, country, coordinates and time zone; searched by
// prefix over every spelling. Contains data from GeoNames (geonames.org), CC BY 4.0.
//
// The index loads on first use, once per process (cache.ts): await preparePlaces() at start-up to pay for
// it then, without blocking the event loop should it have to be built, rather than in the first request.
import type { UiLanguage } from '@amiko/core';
import { openGazetteer, openGazetteerAsync, type LoadInfo } from './cache.ts';
import type { Gazetteer } from './gazetteer.ts';
import { distanceKm, placesNear, type Coordinates } from './near.ts';
import {
  describe,
  exactMatch,
  searchPlaces as search,
  type PlaceMatch,
  type SearchOptions,
} from './search.ts';

export { distanceKm, type Coordinates, type LoadInfo, type PlaceMatch, type SearchOptions };

/** The most results one search returns. */
export const MAX_RESULTS = 50;

export interface Place extends Coordinates {
  /** GeoNames id. */
  id: number;
  name: string;
  region: string | null;
  countryCode: string;
  country: string;
  /** IANA time zone, such as "Europe/Berlin". */
  timeZone: string;
}

let loaded: { gazetteer: Gazetteer; info: LoadInfo } | undefined;
let preparing: Promise<LoadInfo> | undefined;

function gazetteer(): Gazetteer {
  return (loaded ??= openGazetteer()).gazetteer;
}

/** Loads the index now, blocking (it loads on first use otherwise); says where it came from and how fast. */
export function loadPlaces(): LoadInfo {
  gazetteer();
  return loaded!.info;
}

/** Loads the index now; should it have to be built (or another process is building it), without blocking. */
export function preparePlaces(): Promise<LoadInfo> {
  if (loaded) return Promise.resolve(loaded.info);
  return (preparing ??= openGazetteerAsync().then(
    (opened) => (loaded ??= opened).info,
    (error: unknown) => {
      preparing = undefined;
      throw error;
    },
  ));
}

/**
 * Places whose name or any spelling starts with the query, ASCII-folded ("muenchen", "munchen" and
 * "München" all find Munich), deduplicated, best first: exact names first, then the searcher's country
 * and population (search.ts). Names in `options.language`.
 */
export function searchPlaces(query: string, options: SearchOptions): PlaceMatch[] {
  const requested = Number.isFinite(options.limit) ? Math.floor(options.limit!) : 10;
  const limit = Math.max(1, Math.min(MAX_RESULTS, requested));
  const g = gazetteer();
  return describe(g, search(g, query, { ...options, limit }), options.language);
}

/**
 * The GeoNames id of the place a city's name, written out in full, means: a name or spelling equal to it,
 * ASCII-folded ("Muenchen", "munchen" and "München" are Munich), within the country when one is given
 * (ISO 3166-1 alpha-2, any case), the most populous such place; null when none is called that.
 */
export function matchPlace(text: string, options: { country?: string | null } = {}): number | null {
  const g = gazetteer();
  const country = options.country ? g.countryIndexOf(options.country) : -1;
  if (options.country && country < 0) return null;
  const place = exactMatch(g, text, country);
  return place < 0 ? null : g.s.ids[place]!;
}

/** The place with this GeoNames id, named in the language; null when the gazetteer has none. */
export function placeById(id: number, language: UiLanguage): Place | null {
  const g = gazetteer();
  const place = g.indexOf(id);
  if (place < 0) return null;
  return {
    id,
    name: g.name(place, language),
    region: g.region(place, language),
    countryCode: g.countryCode(place),
    country: g.countryName(place, language),
    lat: g.s.lat[place]!,
    lon: g.s.lon[place]!,
    timeZone: g.timeZone(place),
  };
}

/** A place's coordinates (degrees, WGS84, as precise as a 32-bit float: ~1 m), or null. */
export function coordinatesOf(id: number): Coordinates | null {
  const g = gazetteer();
  const place = g.indexOf(id);
  return place < 0 ? null : { lat: g.s.lat[place]!, lon: g.s.lon[place]! };
}

/**
 * The ids of the places within `km` of a place (given by id) or of a point, nearest first; the place
 * itself included. An unknown id finds nothing.
 */
export function near(center: number | Coordinates, km: number): number[] {
  if (!(km >= 0) || !Number.isFinite(km)) throw new RangeError(`near: not a distance: ${km}`);
  const g = gazetteer();
  const point = typeof center === 'number' ? coordinatesOf(center) : center;
  if (!point) return [];
  return placesNear(g, point, km).map((place) => g.s.ids[place]!);
}
