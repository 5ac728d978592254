import type { UiLanguage } from '@amiko/core';
import { matchPlace, placeById, searchPlaces, type PlaceMatch } from '@amiko/places';
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import type { JobOutcome } from './job-queue.ts';
import { scheduleJob, type JobHandler } from './jobs.ts';

// A member's place is a GeoNames id (@amiko/places): the same town for everyone whatever its spelling, named
// in each reader's language, never more precise than a city (issue 33).

/** The places a member may mean by what they typed, best first, named in their language. */
export async function findPlaces(
  deps: Deps,
  member: { id: string; language: UiLanguage },
  input: { query: string; limit?: number | undefined },
): Promise<PlaceMatch[]> {
  await deps.limiter.check('places:account', member.id);
  const [row] = await deps.database.db
    .select({ placeId: deps.database.t.members.placeId, country: deps.database.t.members.country })
    .from(deps.database.t.members)
    .where(eq(deps.database.t.members.id, member.id));
  // Their country first: the country of their place, else the one they named in their profile.
  const home = (row?.placeId ? placeById(row.placeId, 'en')?.countryCode : null) ?? row?.country ?? null;
  return searchPlaces(input.query, { language: member.language, country: home, limit: input.limit });
}

/** A place id a member sends, checked: it must be a place of the gazetteer. */
export function knownPlace(id: number | null): number | null {
  if (id === null) return null;
  if (!placeById(id, 'en'))
    throw appError('VALIDATION', 'profile:errors.unknownPlace', { field: 'values.placeId' });
  return id;
}

/**
 * The member was asked to pick their place (issue 33.4): a member whose typed city matched no place is
 * asked once, so this is recorded when the app shows the question, and never again after.
 */
export async function markPlaceAsked(deps: Deps, memberId: string): Promise<{ ok: true }> {
  const m = deps.database.t.members;
  await deps.database.db
    .update(m)
    .set({ placeAskedAt: new Date() })
    .where(and(eq(m.id, memberId), isNull(m.placeAskedAt)));
  return { ok: true };
}

/**
 * The name a reader sees for where a member lives: their place in the reader's language, else the city
 * they typed before Amiko knew places; null when neither.
 */
export function placeLabel(member: { placeId: number | null; city: string | null }, language: UiLanguage) {
  return (member.placeId !== null ? placeById(member.placeId, language)?.name : undefined) ?? member.city;
}

// Moving the typed cities of earlier Amikos onto places: once per database (a job with a fixed key), by
// whichever server process claims it, in pages of members. A city matches when it is a place's name or
// spelling, folded, within the member's country (matchPlace); one that matches nothing stays as typed and
// its member is asked once to pick their city.

export const MATCH_CITIES = 'matchCities';
const PAGE = 500;

/** Schedules the move, once per database: a later start finds the job done and schedules nothing. */
export async function scheduleCityMatching(deps: Deps): Promise<void> {
  await scheduleJob(deps, { kind: MATCH_CITIES, key: `${MATCH_CITIES}:1`, runAt: new Date() });
}

const matchCities: JobHandler = async (deps): Promise<JobOutcome> => {
  const { db, t } = deps.database;
  const m = t.members;
  let after = '';
  for (;;) {
    const rows = await db
      .select({ id: m.id, city: m.city, country: m.country })
      .from(m)
      .where(and(isNotNull(m.city), isNull(m.placeId), isNull(m.deletedAt), gt(m.id, after)))
      .orderBy(asc(m.id))
      .limit(PAGE);
    for (const row of rows) {
      const placeId = matchPlace(row.city!, { country: row.country });
      // The typed text stays beside the place (what the member wrote is theirs); the place is what is shown
      // and searched. updated_at moves with the write, so the directory index reads the change.
      if (placeId !== null)
        await db
          .update(m)
          .set({ placeId })
          .where(and(eq(m.id, row.id), isNull(m.placeId)));
    }
    if (rows.length < PAGE) return 'done';
    after = rows.at(-1)!.id;
  }
};

export const PLACE_HANDLERS: Record<string, JobHandler> = { [MATCH_CITIES]: matchCities };
