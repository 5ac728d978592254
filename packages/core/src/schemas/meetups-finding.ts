import { z } from 'zod';
import { INTERESTS } from '../catalogs.ts';
import { NEAR_ME_DISTANCES } from './community.ts';

// The Meetups page (issue 35, item 8): open meetups near the member or of an interest, and those of their
// own pods. See docs/decisions.md ("Meetups").

export const MEETUP_FIND_SCOPES = ['near', 'mine', 'interest'] as const;
export type MeetupFindScope = (typeof MEETUP_FIND_SCOPES)[number];

export const meetupsFindSchema = z.object({
  scope: z.enum(MEETUP_FIND_SCOPES),
  interest: z.enum(INTERESTS).optional(),
  distanceKm: z.literal(NEAR_ME_DISTANCES).optional(),
});
export type MeetupsFindInput = z.input<typeof meetupsFindSchema>;
