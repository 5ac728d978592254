// The loaded index: typed arrays over one file (index-file.ts) and what it takes to read a place from them.
import type { UiLanguage } from '@amiko/core';
import { rankWeight, SECTION_FLAG, type Header, type Sections } from './index-file.ts';

const countryNames = new Map<UiLanguage, Intl.DisplayNames>();
function countryName(code: string, language: UiLanguage): string {
  let names = countryNames.get(language);
  if (!names) countryNames.set(language, (names = new Intl.DisplayNames([language], { type: 'region' })));
  return names.of(code) ?? code;
}

export class Gazetteer {
  readonly count: number;
  readonly keyCount: number;
  readonly header: Header;
  readonly s: Sections;
  private readonly countryIndex: Map<string, number>;
  private readonly names: Buffer;

  constructor(header: Header, sections: Sections) {
    this.header = header;
    this.s = sections;
    this.count = sections.ids.length;
    this.keyCount = sections.keyPlace.length;
    this.countryIndex = new Map(header.countries.map((code, i) => [code, i]));
    const { nameBytes } = sections;
    this.names = Buffer.from(nameBytes.buffer, nameBytes.byteOffset, nameBytes.byteLength);
  }

  /** The index of the place with this GeoNames id, or -1. */
  indexOf(id: number): number {
    const { byId, ids } = this.s;
    let low = 0;
    let high = byId.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const place = byId[middle]!;
      if (ids[place] === id) return place;
      if (ids[place]! < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** The index of a country code (any case) in the header's list, or -1. */
  countryIndexOf(code: string | null | undefined): number {
    return code ? (this.countryIndex.get(code.toUpperCase()) ?? -1) : -1;
  }

  /** Population as ranked: a district counts less than a city of its size (build.ts). */
  weight(place: number): number {
    return rankWeight(this.s.population[place]!, (this.s.flags[place]! & SECTION_FLAG) !== 0);
  }

  name(place: number, language: UiLanguage): string {
    const { enName, deName } = this.s;
    if (language === 'de' && deName[place + 1]! > deName[place]!) {
      return this.names.toString('utf8', deName[place], deName[place + 1]);
    }
    return this.names.toString('utf8', enName[place], enName[place + 1]);
  }

  /** The region's name in the language, else in English; null when GeoNames names none. */
  region(place: number, language: UiLanguage): string | null {
    const [, english, german] = this.header.regions[this.s.region[place]!]!;
    return (language === 'de' ? german : null) ?? english;
  }

  /** The region's GeoNames code ("US.MA"), or null. */
  regionCode(place: number): string | null {
    return this.header.regions[this.s.region[place]!]![0] || null;
  }

  countryCode(place: number): string {
    return this.header.countries[this.s.country[place]!]!;
  }

  countryName(place: number, language: UiLanguage): string {
    return countryName(this.countryCode(place), language);
  }

  timeZone(place: number): string {
    return this.header.zones[this.s.zone[place]!]!;
  }
}
