import { meetupInputSchema, meetupRsvpSchema, meetupsOfPodSchema } from '@amiko/core';
import { answerMeetup, meetupsOfPod, proposeMeetup } from '../services/meetups.ts';
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
  /** Going (the waitlist when full) or can't go; answers with the meetup as the member now sees it. */
  rsvp: verifiedProcedure
    .input(meetupRsvpSchema)
    .mutation(({ ctx, input }) => answerMeetup(ctx.deps, ctx.member.id, input, ctx.language)),
});
