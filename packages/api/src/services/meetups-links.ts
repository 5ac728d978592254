import type { UiLanguage } from '@amiko/core';
import type { Deps } from '../context.ts';
import { AppError } from '../errors.ts';
import { answerMeetup } from './meetups.ts';
import { isCantGoLink } from './meetups-notices.ts';

// The one-click "Can't make it" link of a meetup's reminder (issue 35.4), apart from meetups-notices.ts, which
// meetups.ts imports: answering it is meetups.ts's answerMeetup.

/** What following a "Can't make it" link did. */
export type CantGoOutcome = 'done' | 'invalid' | 'begun';

/**
 * The link's POST: the member can't go (as meetups.rsvp answers it), which frees their place for the first
 * on the waitlist. Following it again changes nothing.
 */
export async function answerCantGoLink(
  deps: Deps,
  link: { m: string; e: string; k: string },
  language: UiLanguage,
): Promise<CantGoOutcome> {
  if (!(await isCantGoLink(deps, link))) return 'invalid';
  try {
    await answerMeetup(deps, link.m, { meetupId: link.e, going: false }, language);
    return 'done';
  } catch (error) {
    if (error instanceof AppError && error.appCode === 'CONFLICT') return 'begun';
    if (error instanceof AppError && (error.appCode === 'NOT_FOUND' || error.appCode === 'FORBIDDEN'))
      return 'invalid';
    throw error;
  }
}
