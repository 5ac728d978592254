// After a meetup (issue 35.5-6): which choices are mutual, the circles of three or more who all chose each
// other, and when misses put a member on waitlists only. Pure, so the server and tests share them; the
// privacy of "see you again" rests on the first two reading nothing but mutual pairs.

/** One "again" choice of a meetup: `chooser` said yes to `chosen`. */
export interface AgainChoice {
  chooser: string;
  chosen: string;
}

/** The members with whom `me` chose each other, from the yes choices of one meetup. */
export function mutualWith(choices: readonly AgainChoice[], me: string): string[] {
  const chosenBy = new Set(choices.filter((c) => c.chosen === me).map((c) => c.chooser));
  return [
    ...new Set(
      choices
        .filter((c) => c.chooser === me && c.chosen !== me && chosenBy.has(c.chosen))
        .map((c) => c.chosen),
    ),
  ];
}

/**
 * The largest groups of three or more, `me` among them, in which everyone chose everyone (the maximal
 * cliques of the mutual graph through `me`, Bron–Kerbosch), each sorted, sorted. A meetup has at most 12
 * people, so the plain search is enough.
 */
export function circlesWith(choices: readonly AgainChoice[], me: string): string[][] {
  const yes = new Set(choices.map((c) => `${c.chooser}>${c.chosen}`));
  const mutual = (a: string, b: string) => a !== b && yes.has(`${a}>${b}`) && yes.has(`${b}>${a}`);
  const cliques: string[][] = [];
  const grow = (clique: string[], candidates: string[], excluded: string[]) => {
    if (candidates.length === 0 && excluded.length === 0) {
      if (clique.length >= 3) cliques.push([...clique].sort());
      return;
    }
    const rest = [...candidates];
    const done = [...excluded];
    for (const v of candidates) {
      grow(
        [...clique, v],
        rest.filter((u) => mutual(u, v)),
        done.filter((u) => mutual(u, v)),
      );
      rest.splice(rest.indexOf(v), 1);
      done.push(v);
    }
  };
  grow([me], mutualWith(choices, me).sort(), []);
  return cliques.sort((a, b) => a.join().localeCompare(b.join()));
}

/** No-shows (late cancels half) within NO_SHOW_WINDOW_DAYS that put a member on waitlists only. */
export const NO_SHOWS_FOR_WAITLIST = 3;
export const NO_SHOW_WINDOW_DAYS = 60;
export const WAITLIST_ONLY_DAYS = 30;
const DAY_MS = 86_400_000;

/** A meetup a member missed: when it started and how much it counts (1 a no-show, 0.5 a late cancel). */
export interface MeetupMiss {
  meetupId: string;
  at: Date;
  weight: 1 | 0.5;
}

/**
 * Until when misses put a member on waitlists only: WAITLIST_ONLY_DAYS after the miss that brought those of
 * the NO_SHOW_WINDOW_DAYS up to it to NO_SHOWS_FOR_WAITLIST; null when that time has passed or never came.
 */
export function waitlistOnlyUntil(misses: readonly MeetupMiss[], now = new Date()): Date | null {
  const sorted = [...misses].sort((a, b) => a.at.getTime() - b.at.getTime());
  let until: number | null = null;
  for (const [i, miss] of sorted.entries()) {
    const from = miss.at.getTime() - NO_SHOW_WINDOW_DAYS * DAY_MS;
    const sum = sorted.slice(0, i + 1).reduce((s, m) => s + (m.at.getTime() > from ? m.weight : 0), 0);
    if (sum >= NO_SHOWS_FOR_WAITLIST) until = miss.at.getTime() + WAITLIST_ONLY_DAYS * DAY_MS;
  }
  return until !== null && until > now.getTime() ? new Date(until) : null;
}
