import {
  meetupAfterAnswerSchema,
  meetupCancelSchema,
  meetupInputSchema,
  meetupRsvpSchema,
  meetupsOfPodSchema,
  meetupTellFriendSchema,
  meetupsFindSchema,
  meetupReportSchema,
} from '@amiko/core';
import { afterQuestions, answerAfter, mutualResults } from '../services/meetups-after.ts';
import { reportFromMeetup } from '../services/meetups-reports.ts';
import { answerMeetup, meetupsOfPod, proposeMeetup } from '../services/meetups.ts';
import { findMeetups, meetupsThisWeek } from '../services/meetups-finding.ts';
import { cancelMeetup, tellFriend } from '../services/meetups-notices.ts';
import { router, verifiedProcedure } from '../trpc.ts';

// Meetups of a pod (issue 35): for verified members with a finished profile (the service checks it), the
// pod's members (and, for an open meetup, others); nothing here is behind the payment.
export const meetupsRouter = router({
  /** A member of the pod proposes a meetup; they are going. */
  propose: verifiedProcedure
    .input(meetupInputSchema)
    .mutation(({ ctx, input }) => proposeMeetup(ctx.deps, ctx.member.id, input, ctx.language)),
  /** The pod's upcoming meetups, soonest first, each as the viewer may see it. */
  ofPod: verifiedProcedure
    .input(meetupsOfPodSchema)
    .query(({ ctx, input }) => meetupsOfPod(ctx.deps, ctx.member.id, input.podId, ctx.language)),
  /** The Meetups page: open ones near the member or of an interest, or their pods' ones; soonest first. */
  find: verifiedProcedure
    .input(meetupsFindSchema)
    .query(({ ctx, input }) => findMeetups(ctx.deps, ctx.member.id, input, ctx.language)),
  /** "This week": the meetups the member is going to in the next 7 days. */
  thisWeek: verifiedProcedure.query(({ ctx }) => meetupsThisWeek(ctx.deps, ctx.member.id, ctx.language)),
  /** Going (the waitlist when full) or can't go; answers with the meetup as the member now sees it. */
  rsvp: verifiedProcedure
    .input(meetupRsvpSchema)
    .mutation(({ ctx, input }) => answerMeetup(ctx.deps, ctx.member.id, input, ctx.language)),
  /** After a meetup: those the member was going to, ended, not answered, with the others who were going. */
  afterQuestions: verifiedProcedure.query(({ ctx }) => afterQuestions(ctx.deps, ctx.member.id)),
  /** Who came, and privately whom the member would like to meet again; once per meetup. */
  answerAfter: verifiedProcedure
    .input(meetupAfterAnswerSchema)
    .mutation(({ ctx, input }) => answerAfter(ctx.deps, ctx.member.id, input)),
  /** "You and Lena would both like to meet again", and circles of three or more: mutual choices only. */
  mutual: verifiedProcedure.query(({ ctx }) => mutualResults(ctx.deps, ctx.member.id)),
  /** Someone who was going reports someone else who was, within 14 days; keeps the pod's evidence. */
  report: verifiedProcedure
    .input(meetupReportSchema)
    .mutation(({ ctx, input }) => reportFromMeetup(ctx.deps, ctx.member.id, input)),
  /** The proposer, the pod's starter or a host cancels an upcoming meetup; everyone going or waiting is told. */
  cancel: verifiedProcedure
    .input(meetupCancelSchema)
    .mutation(({ ctx, input }) => cancelMeetup(ctx.deps, ctx.member.id, input.meetupId)),
  /** "Tell a friend": the time, the place and the pod, mailed to an address the member chooses. */
  tellFriend: verifiedProcedure
    .input(meetupTellFriendSchema)
    .mutation(({ ctx, input }) => tellFriend(ctx.deps, ctx.member.id, input, ctx.language)),
});
