import { NEW_MEMBER_WINDOW_MS } from '../constants.ts';
import { isOnboardingComplete, type ProfileProgress } from './onboarding.ts';

/** Who the community directory may show: a finished profile (SPEC §5 onboarding) of an account not deleted. */
export function isListedInDirectory(member: ProfileProgress & { deleted: boolean }): boolean {
  return !member.deleted && isOnboardingComplete(member);
}

/** Whether a member who joined at `createdAt` counts as new in the directory filter. */
export function isNewMember(createdAt: Date, now: Date = new Date()): boolean {
  return now.getTime() - createdAt.getTime() <= NEW_MEMBER_WINDOW_MS;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A 'YYYY-MM-DD' birthday as the number yyyymmdd, which orders like the date; 0 for none. */
export function birthdayNumber(birthday: string | null | undefined): number {
  if (!birthday) return 0;
  const n = Number(birthday.replaceAll('-', ''));
  return Number.isInteger(n) ? n : 0;
}

/** The latest birthday (yyyymmdd) of someone who is at least `age` years old on `now` (UTC), as ageOn counts. */
function latestBirthdayForAge(age: number, now: Date): number {
  const year = now.getUTCFullYear() - age;
  const month = now.getUTCMonth() + 1;
  // Someone born on 29 February is a year older from 1 March in other years.
  const day = Math.min(now.getUTCDate(), daysInMonth(year, month));
  return year * 10_000 + month * 100 + day;
}

/**
 * The birthdays (as yyyymmdd numbers) of people aged minAge to maxAge on `now`: after `after`, up to and
 * including `upTo`. Agrees with ageOn for every date.
 */
export function birthdayRangeForAges(
  range: { minAge: number; maxAge: number },
  now: Date = new Date(),
): { after: number; upTo: number } {
  return {
    after: latestBirthdayForAge(range.maxAge + 1, now),
    upTo: latestBirthdayForAge(range.minAge, now),
  };
}

/**
 * What a member says about being new in town (issue 19.4): a newcomer (new here, or moving here), a local
 * who welcomes newcomers, or neither. A newcomer who also ticked "Happy to show newcomers around" counts
 * as a newcomer: the directory's welcomers are locals.
 */
export function newInTownRole(member: {
  newInTown?: string | null;
  welcomesNewcomers?: boolean;
}): 'newcomer' | 'welcomer' | null {
  if (member.newInTown) return 'newcomer';
  return member.welcomesNewcomers ? 'welcomer' : null;
}
