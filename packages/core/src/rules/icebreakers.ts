import { INTERESTS, type Interest } from '../catalogs.ts';
import { newInTownRole } from './directory.ts';

// Icebreakers (issue 19.3): suggested first lines for an empty conversation, from a fixed catalog of
// templates per interest group (texts in packages/i18n, messages:icebreakers.lines), never generated. The
// same pair of members always gets the same lines.

/** The interest groups, each named by its first interest in the catalog's order (catalogs.ts). */
const GROUP_STARTS = {
  outdoors: 'hiking',
  arts: 'painting',
  music: 'singing',
  techGames: 'programming',
  social: 'volunteering',
  food: 'cooking',
  sport: 'football',
  learning: 'languages',
  culture: 'travel',
  lifestyle: 'meditation',
} as const satisfies Record<string, Interest>;

export type InterestGroup = keyof typeof GROUP_STARTS;
export const INTEREST_GROUPS = Object.keys(GROUP_STARTS) as InterestGroup[];

/** Templates per group, and for an interest only the other member has ("about"). */
export const ICEBREAKER_TEMPLATES = 2;
export type IcebreakerVariant = 0 | 1;
export const MAX_ICEBREAKERS = 3;

const starts = INTEREST_GROUPS.map((group) => [INTERESTS.indexOf(GROUP_STARTS[group]), group] as const);

/** The group an interest belongs to: the last group starting at or before it in the catalog. */
export function interestGroup(interest: Interest): InterestGroup {
  const index = INTERESTS.indexOf(interest);
  let found: InterestGroup = INTEREST_GROUPS[0]!;
  for (const [start, group] of starts) if (start <= index) found = group;
  return found;
}

export type TownLine = 'welcome' | 'askLocal' | 'bothNew' | 'neighbours';

export type Icebreaker =
  | {
      /** An interest group's template (both share the interest), or "about" (only the other member has it). */
      template: `${InterestGroup | 'about'}.${IcebreakerVariant}`;
      interest: Interest;
    }
  | {
      /** A line about the city both members are in, in the words of the other member's profile. */
      template: `town.${TownLine}`;
      city: string;
    };

/** Where a member lives and what they say about being new there (issue 19.4). */
export interface TownFacts {
  /** The member's place (a GeoNames id): two members are in the same town when theirs are the same. */
  placeId?: number | null;
  /** The town's name as the reader sees it (the place's, else the city typed before places). */
  city?: string | null;
  newInTown?: string | null;
  welcomesNewcomers?: boolean;
}

/** The same place when both have one; else the same name, as typed before Amiko knew places. */
const sameTown = (a: TownFacts, b: TownFacts) =>
  a.placeId != null && b.placeId != null
    ? a.placeId === b.placeId
    : a.city!.trim().toLocaleLowerCase() === b.city!.trim().toLocaleLowerCase();

/**
 * A line about the town both members name as theirs (the "…near Hamburg?"): a local welcomes a
 * newcomer, a newcomer asks a local, two newcomers find each other, or neighbours greet each other. None
 * when they name different cities (or none).
 */
export function townIcebreaker(mine: TownFacts, theirs: TownFacts): Icebreaker | null {
  const city = theirs.city?.trim();
  if (!city || !mine.city || !sameTown(mine, theirs)) return null;
  const meNew = newInTownRole(mine) === 'newcomer';
  const theyNew = newInTownRole(theirs) === 'newcomer';
  const line: TownLine = meNew ? (theyNew ? 'bothNew' : 'askLocal') : theyNew ? 'welcome' : 'neighbours';
  return { template: `town.${line}`, city };
}

/** A small stable hash (FNV-1a) of the pair, so both members' order of ids gives the same number. */
function pairSeed(a: string, b: string): number {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** `list` started at `seed`'s place: a fair, repeatable choice of where to begin. */
function rotate<T>(list: readonly T[], seed: number): T[] {
  if (list.length === 0) return [];
  const at = seed % list.length;
  return [...list.slice(at), ...list.slice(0, at)];
}

/**
 * Up to three first lines for `me` writing to `other`: one about the town both live in when they do, then
 * interests both have, from as many different groups as there are, then interests only the other member
 * has. Unknown ids are ignored.
 */
export function pickIcebreakers(input: {
  me: string;
  other: string;
  myInterests: readonly string[];
  theirInterests: readonly string[];
  myTown?: TownFacts;
  theirTown?: TownFacts;
}): Icebreaker[] {
  const known = (ids: readonly string[]) => INTERESTS.filter((interest) => ids.includes(interest));
  const mine = new Set(known(input.myInterests));
  const theirs = known(input.theirInterests);
  const seed = pairSeed(input.me, input.other);
  const shared = rotate(
    theirs.filter((i) => mine.has(i)),
    seed,
  );
  const onlyTheirs = rotate(
    theirs.filter((i) => !mine.has(i)),
    seed >>> 8,
  );

  const town = input.myTown && input.theirTown ? townIcebreaker(input.myTown, input.theirTown) : null;
  const picked: Icebreaker[] = town ? [town] : [];
  const usedGroups = new Set<InterestGroup>();
  const take = (interest: Interest, kind: InterestGroup | 'about') => {
    const variant = ((seed + picked.length) % ICEBREAKER_TEMPLATES) as IcebreakerVariant;
    picked.push({ template: `${kind}.${variant}`, interest });
  };
  // Shared interests, one per group first, then more of the same groups.
  for (const interest of shared) {
    if (picked.length >= MAX_ICEBREAKERS) break;
    const group = interestGroup(interest);
    if (usedGroups.has(group)) continue;
    usedGroups.add(group);
    take(interest, group);
  }
  for (const interest of shared) {
    if (picked.length >= MAX_ICEBREAKERS) break;
    if (picked.some((p) => 'interest' in p && p.interest === interest)) continue;
    take(interest, interestGroup(interest));
  }
  for (const interest of onlyTheirs) {
    if (picked.length >= MAX_ICEBREAKERS) break;
    take(interest, 'about');
  }
  return picked;
}

/** A first line for a pod's empty chat: its template under pods' chat.icebreakers, and what it names. */
export type PodIcebreaker =
  | { template: `interest.${IcebreakerVariant}`; interest: Interest }
  | { template: `shared.${IcebreakerVariant}`; interest: Interest }
  | { template: 'place'; city: string }
  | { template: 'online' }
  | { template: 'newcomer'; who: PodNewcomers; city: string | null }
  | { template: 'cafe'; languages: readonly [string, string] }
  | { template: 'together' };

/** Who in a pod is new in town: the reader alone, others (not the reader), or the reader and others. */
export type PodNewcomers = 'me' | 'others' | 'both';

/** A pod needs this many members holding an interest before its icebreakers call it shared. */
export const POD_SHARED_AT_LEAST = 2;

/**
 * The interests at least two of a pod's members hold, most holders first (the catalog's order among equals),
 * from each member's interest list; unknown ids and a member's repeats are ignored. Only the interests leave:
 * nothing says who holds them.
 */
export function sharedPodInterests(memberInterests: readonly (readonly string[])[]): Interest[] {
  const holders = new Map<Interest, number>();
  for (const ids of memberInterests)
    for (const interest of INTERESTS.filter((i) => ids.includes(i)))
      holders.set(interest, (holders.get(interest) ?? 0) + 1);
  return INTERESTS.filter((i) => (holders.get(i) ?? 0) >= POD_SHARED_AT_LEAST).sort(
    (a, b) => holders.get(b)! - holders.get(a)!,
  );
}

/** Who of a pod's members is new in town, for its icebreakers: null when nobody is. */
export function podNewcomers(me: boolean, others: number): PodNewcomers | null {
  if (me) return others > 0 ? 'both' : 'me';
  return others > 0 ? 'others' : null;
}

/**
 * Up to three first lines for a new pod's chat, from what brought its members together and what they share
 * (issue 34.4): an interest at least two members hold beyond the pod's own, the most widely held first; the
 * pod's interests (a different template for each, chosen by the pod's id so everyone sees the same), or for a
 * language café its two languages; then where it meets, as a welcome to its newcomers when it has some (the
 * pod's town, or online: never a member's own); then an invitation to do something together. Names come
 * translated from the caller; nothing names who holds an interest or who is new.
 */
export function pickPodIcebreakers(pod: {
  id: string;
  interests: readonly Interest[];
  /** A language café's two languages, named in the reader's language; null for an interest pod. */
  cafeLanguages: readonly [string, string] | null;
  /** The pod's town in the reader's language; null for an online pod. */
  city: string | null;
  /** Interests at least two of its members hold, most holders first (sharedPodInterests). */
  shared?: readonly Interest[];
  /** Who among its members is new in town (podNewcomers), or null. */
  newcomers?: PodNewcomers | null;
}): PodIcebreaker[] {
  const seed = pairSeed(pod.id, '');
  const variant = (i: number) => ((seed + i) % ICEBREAKER_TEMPLATES) as IcebreakerVariant;
  const topic: PodIcebreaker[] = pod.cafeLanguages
    ? [{ template: 'cafe', languages: pod.cafeLanguages }]
    : rotate(pod.interests, seed).map((interest, i) => ({ template: `interest.${variant(i)}`, interest }));
  const shared: PodIcebreaker[] = (pod.shared ?? [])
    .filter((interest, i, all) => INTERESTS.includes(interest) && all.indexOf(interest) === i)
    .filter((interest) => !pod.interests.includes(interest))
    .map((interest, i) => ({ template: `shared.${variant(i + 1)}`, interest }));
  const town: PodIcebreaker = pod.newcomers
    ? { template: 'newcomer', who: pod.newcomers, city: pod.city }
    : pod.city === null
      ? { template: 'online' }
      : { template: 'place', city: pod.city };
  // What members share beyond the pod first, then the pod's own subject, so both have a line when both exist.
  const first = [...shared.slice(0, 1), ...topic].slice(0, 2);
  const rest = [...topic, ...shared].filter((line) => !first.includes(line));
  return [...first, town, ...rest, { template: 'together' as const }].slice(0, MAX_ICEBREAKERS);
}
