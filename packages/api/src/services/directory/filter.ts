import { NEW_MEMBER_WINDOW_MS, birthdayRangeForAges } from '@amiko/core';
import type { Coordinates } from '@amiko/places';
import {
  COUNTRY_POS,
  GENDER_POS,
  INTEREST_POS,
  LANGUAGE_POS,
  LOOKING_FOR_POS,
  normalizeCity,
} from './encode.ts';
import type { SlotsView } from './slots.ts';
import type { DirectorySearch } from './types.ts';

// The directory's filters, compiled for one search into 32-bit-wide ANDs and ORs over the slots'
// bitsets: every filter a member must pass ANDed, the "any of these" filters (languages, looking for,
// city) each an OR of a group, the place filters (a place, within N km) the members of their places
// gathered into one bitset (places.ts). What bitsets cannot say (the exact edges of the age range, the members
// excluded) is checked per member by `accept`. A new filter is one more bitset (or group) here.

export interface CompiledFilter {
  /** The candidates of one word (all filters ANDed). */
  mask(word: number): number;
  /** The candidates of words [from, to) into `out`, a bitset at a time. */
  fill(out: Int32Array, from: number, to: number): void;
  /** No filter at all: the candidates are the listed members. */
  plain: boolean;
  /** Every candidate has a place (a place filter is on): the nearby order need not look past places. */
  placed: boolean;
  /** Slots below this one are out (the "new members" filter: slots are in joining order). */
  firstSlot: number;
  firstWord: number;
  /** The per-member checks that bitsets cannot do: exclusions and the exact edges of the age range. */
  accept(slot: number): boolean;
}

/**
 * Turns the filters into a word mask function; null when nothing can match. `center` is where the place
 * the filters are about (`near`) is, null when there is none.
 */
export function compileFilter(
  slots: SlotsView,
  q: DirectorySearch,
  center: Coordinates | null,
): CompiledFilter | null {
  const { filters } = q;
  const all: Int32Array[] = [slots.listed];
  /** Bitsets a member must not be in. */
  const allNot: Int32Array[] = [];
  const anyOfGroups: Int32Array[][] = [];
  const pick = (bitsets: readonly Int32Array[], positions: Map<string, number>, id: string) => {
    const i = positions.get(id);
    return i === undefined ? null : bitsets[i]!;
  };
  if (filters.gender) {
    const bits = pick(slots.genders, GENDER_POS, filters.gender);
    if (!bits) return null;
    all.push(bits);
  }
  if (filters.country) {
    const bits = pick(slots.countries, COUNTRY_POS, filters.country);
    if (!bits) return null;
    all.push(bits);
  }
  if (filters.newInTown) all.push(filters.newInTown === 'newcomers' ? slots.newcomers : slots.welcomers);
  for (const id of filters.interests ?? []) {
    const bits = pick(slots.interests, INTEREST_POS, id);
    if (!bits) return null;
    all.push(bits);
  }
  if (filters.languages?.length) {
    anyOfGroups.push(filters.languages.flatMap((id) => pick(slots.languages, LANGUAGE_POS, id) ?? []));
  }
  if (filters.lookingFor?.length) {
    anyOfGroups.push(filters.lookingFor.flatMap((id) => pick(slots.lookingFor, LOOKING_FOR_POS, id) ?? []));
  }
  let birthdays: { after: number; upTo: number } | null = null;
  if (filters.age) {
    birthdays = birthdayRangeForAges(filters.age, q.now);
    const from = Math.floor(birthdays.after / 10_000);
    const to = Math.floor(birthdays.upTo / 10_000);
    const upTo = slots.years.upTo(to);
    if (!upTo) return null;
    all.push(upTo);
    const before = slots.years.upTo(from - 1);
    if (before) allNot.push(before);
  }
  const city = filters.city ? normalizeCity(filters.city) : '';
  // Big cities by their bitsets; the members of small ones gathered into one more.
  if (city) anyOfGroups.push(slots.cities.matching(city));
  // The places a member may be in (numbers of places.ts), then their members as one bitset.
  let places: number[] | null = null;
  if (filters.withinKm !== undefined) {
    if (!center) return null;
    places = slots.places.within(center, filters.withinKm);
  }
  if (filters.placeId !== undefined) {
    const place = slots.places.numberOf(filters.placeId);
    places = places === null || places.includes(place) ? [place] : [];
    if (place < 0) return null;
  }
  if (places) {
    if (places.length === 0) return null;
    anyOfGroups.push([slots.places.gather(places)]);
  }
  const placed = places !== null;
  if (anyOfGroups.some((group) => group.length === 0)) return null;

  let firstSlot = 0;
  if (filters.newMembers) firstSlot = slots.positionOf(q.now.getTime() - NEW_MEMBER_WINDOW_MS, '');
  const { exclude } = q;
  const { ids } = slots;
  const birthday = slots.years.birthday;
  const accept = (slot: number): boolean => {
    if (exclude.size > 0 && exclude.has(ids[slot]!)) return false;
    if (birthdays) {
      const b = birthday[slot]!;
      if (b <= birthdays.after || b > birthdays.upTo) return false;
    }
    return true;
  };
  // The common case, no filter at all, without the loops.
  const listed = slots.listed;
  if (all.length === 1 && allNot.length === 0 && anyOfGroups.length === 0) {
    return {
      mask: (w) => listed[w]!,
      fill: (out, from, to) => out.set(listed.subarray(from, to), from),
      plain: firstSlot === 0,
      placed,
      firstSlot,
      firstWord: firstSlot >>> 5,
      accept,
    };
  }
  const mask = (w: number): number => {
    let m = -1;
    for (let i = 0; i < all.length && m !== 0; i += 1) m &= all[i]![w]!;
    for (let i = 0; i < allNot.length && m !== 0; i += 1) m &= ~allNot[i]![w]!;
    for (let g = 0; g < anyOfGroups.length && m !== 0; g += 1) {
      const group = anyOfGroups[g]!;
      let any = 0;
      for (let i = 0; i < group.length; i += 1) any |= group[i]![w]!;
      m &= any;
    }
    return m;
  };
  // The same, a whole range at a time (one bitset after the other), for the shared-interests pass.
  const scratch = slots.memory.groupScratch;
  const fill = (out: Int32Array, from: number, to: number) => {
    out.set(listed.subarray(from, to), from);
    for (let i = 1; i < all.length; i += 1) {
      const bits = all[i]!;
      for (let w = from; w < to; w += 1) out[w]! &= bits[w]!;
    }
    for (const bits of allNot) for (let w = from; w < to; w += 1) out[w]! &= ~bits[w]!;
    for (const group of anyOfGroups) {
      scratch.set(group[0]!.subarray(from, to), from);
      for (let i = 1; i < group.length; i += 1) {
        const bits = group[i]!;
        for (let w = from; w < to; w += 1) scratch[w]! |= bits[w]!;
      }
      for (let w = from; w < to; w += 1) out[w]! &= scratch[w]!;
    }
  };
  return { mask, fill, plain: false, placed, firstSlot, firstWord: firstSlot >>> 5, accept };
}
