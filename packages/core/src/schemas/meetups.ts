import { z } from 'zod';
import { LANGUAGES } from '../catalogs.ts';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS } from './community.ts';
import { emailSchema, idSchema, optionalText, plainText } from './common.ts';
import { POD_SIZE_MIN } from './pods.ts';

// Meetups of a pod (issue 35): a time, a public venue or online, a language and how many can come; going
// or can't go, with a fair waitlist when it is full. See docs/decisions.md ("Meetups").

/** The public places a meetup may be at (a first meetup with strangers is never at someone's home). */
export const MEETUP_VENUE_KINDS = [
  'cafe',
  'bar',
  'restaurant',
  'park',
  'library',
  'museum',
  'sportsVenue',
  'otherPublic',
] as const;
/** Where a meetup is: one of the public venue kinds, or online (with a link). */
export const MEETUP_PLACE_KINDS = [...MEETUP_VENUE_KINDS, 'online'] as const;
export type MeetupPlaceKind = (typeof MEETUP_PLACE_KINDS)[number];

/** An open meetup takes the pod plus others from the directory, at most this many in all. */
export const MEETUP_CAPACITY_MAX = 12;
export const MEETUP_VENUE_NAME_MAX = 100;
export const MEETUP_VENUE_ADDRESS_MAX = 200;
export const MEETUP_LINK_MAX = 500;

/** A member's answer: going, on the waitlist (it was full when they asked), or can't go. */
export const MEETUP_RSVP_STATUSES = ['going', 'waitlist', 'cantGo'] as const;
export type MeetupRsvpStatus = (typeof MEETUP_RSVP_STATUSES)[number];

/** The proposer, or the pod's starter or a host, cancels a meetup that has not begun; everyone is told. */
export const meetupCancelSchema = z.object({ meetupId: idSchema });

/** "Tell a friend" (issue 35.7): the time, the place and the pod, mailed to an address the member chooses. */
export const meetupTellFriendSchema = z.object({ meetupId: idSchema, email: emailSchema });
export type MeetupTellFriendInput = z.input<typeof meetupTellFriendSchema>;

/** A wall-clock date and time, "2026-12-05T19:30", read in the meetup's time zone. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Whether the runtime knows an IANA time zone ("Europe/Berlin"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** The offset of a time zone from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a wall-clock time in a time zone ("2026-12-05T19:30" in Europe/Berlin is 18:30 UTC), or
 * null when the text is no such time. Two passes settle the offset across a change of summer time.
 */
export function instantOfWallTime(wall: string, zone: string): Date | null {
  const match = WALL_TIME.exec(wall);
  if (!match || !isTimeZone(zone)) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const naive = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  if (new Date(naive).getUTCMonth() !== mo! - 1 || h! > 23 || mi! > 59) return null;
  const first = naive - offsetAt(naive, zone);
  return new Date(naive - offsetAt(first, zone));
}

const httpsLink = z
  .string()
  .trim()
  .max(MEETUP_LINK_MAX, 'common:errors.tooLong')
  .refine((link) => {
    try {
      return new URL(link).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'meetups:errors.linkInvalid');

/**
 * Proposing a meetup of a pod. `startsAt` is a wall-clock time in the meetup's time zone: the pod's place's,
 * or for an online meetup the `timeZone` the proposer chooses. A venue has a name and an address; online has
 * an https link. `extraPlaces` above 0 makes it open: that many members from outside the pod may come too.
 */
export const meetupInputSchema = z
  .object({
    podId: idSchema,
    startsAt: z.string().regex(WALL_TIME, 'meetups:errors.startsAtRequired'),
    timeZone: z.string().max(64).nullable().default(null),
    placeKind: z.enum(MEETUP_PLACE_KINDS, 'meetups:errors.placeKindRequired'),
    venueName: plainText(MEETUP_VENUE_NAME_MAX).default(''),
    venueAddress: plainText(MEETUP_VENUE_ADDRESS_MAX).default(''),
    onlineLink: z.union([z.literal(''), httpsLink]).default(''),
    language: z.enum(LANGUAGES, 'meetups:errors.languageRequired'),
    extraPlaces: z
      .number()
      .int()
      .min(0)
      .max(MEETUP_CAPACITY_MAX - POD_SIZE_MIN, 'meetups:errors.tooManyPlaces')
      .default(0),
  })
  .superRefine((meetup, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (meetup.placeKind === 'online') {
      if (meetup.onlineLink === '') problem('onlineLink', 'meetups:errors.linkRequired');
      if (meetup.timeZone === null || !isTimeZone(meetup.timeZone))
        problem('timeZone', 'meetups:errors.timeZoneRequired');
    } else {
      if (meetup.venueName === '') problem('venueName', 'meetups:errors.venueNameRequired');
      if (meetup.venueAddress === '') problem('venueAddress', 'meetups:errors.venueAddressRequired');
    }
  })
  // What does not belong to the kind of place is dropped rather than refused: the form keeps all fields. A
  // venue's time zone is the pod's place's (timeZone only counts for a pod online).
  .transform((meetup) =>
    meetup.placeKind === 'online'
      ? { ...meetup, venueName: null, venueAddress: null, onlineLink: meetup.onlineLink }
      : { ...meetup, onlineLink: null },
  );
export type MeetupInput = z.input<typeof meetupInputSchema>;

/** A member's answer to a meetup: going (or the waitlist, when full) or can't go. */
export const meetupRsvpSchema = z.object({ meetupId: idSchema, going: z.boolean() });
export type MeetupRsvpInput = z.input<typeof meetupRsvpSchema>;

export const meetupsOfPodSchema = z.object({ podId: idSchema });

/**
 * After a meetup (issue 35.5): who came, and privately whom the member would like to meet again, both among
 * the other members who were going (never oneself: the service checks who was going).
 */
export const meetupAfterAnswerSchema = z.object({
  meetupId: idSchema,
  came: z.array(idSchema).max(MEETUP_CAPACITY_MAX),
  again: z.array(idSchema).max(MEETUP_CAPACITY_MAX),
});
export type MeetupAfterAnswer = z.input<typeof meetupAfterAnswerSchema>;

/** A report after a meetup (issue 35.7), from "Who came?": someone who was going, by someone who was. */
export const meetupReportSchema = z.object({
  meetupId: idSchema,
  memberId: idSchema,
  reason: z.enum(REPORT_REASONS, 'community:errors.reportReasonRequired'),
  note: optionalText(REPORT_NOTE_MAX_LENGTH, { multiline: true }).optional(),
});
export type MeetupReportInput = z.input<typeof meetupReportSchema>;
