import { contactSchema, feedbackSchema, pageViewSchema, setLanguageSchema } from '@amiko/core';
import { recordPageView, setMemberLanguage, submitContact, submitFeedback } from '../services/site.ts';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';

const ok = { ok: true as const };

export const siteRouter = router({
  /** The contact form (visitors and members; the member id is kept when signed in). Rate-limited per IP. */
  contact: publicProcedure.input(contactSchema).mutation(async ({ ctx, input }) => {
    await submitContact(ctx, input);
    return ok;
  }),
  /** The feedback form; like contact. */
  feedback: publicProcedure.input(feedbackSchema).mutation(async ({ ctx, input }) => {
    await submitFeedback(ctx, input);
    return ok;
  }),
  /** One first-party page view per route change. Rate-limited per IP. */
  pageView: publicProcedure.input(pageViewSchema).mutation(async ({ ctx, input }) => {
    await recordPageView(ctx, input);
    return ok;
  }),
  /** The language switcher, for a signed-in member: mail follows the interface language. */
  setLanguage: protectedProcedure.input(setLanguageSchema).mutation(async ({ ctx, input }) => {
    await setMemberLanguage(ctx.deps, ctx.member.id, input.language);
    return { language: input.language };
  }),
});
