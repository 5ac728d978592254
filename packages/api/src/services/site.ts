import {
  DEFAULT_LANGUAGE,
  type contactSchema,
  type feedbackSchema,
  type pageViewSchema,
  type UiLanguage,
} from '@amiko/core';
import { newId } from '@amiko/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, Deps } from '../context.ts';
import { composeMail } from '../mail/templates.ts';

// The public site's submissions: contact messages and feedback are stored and mailed to the team
// (TEAM_EMAIL); page views are counted first-party, with nothing that names a person.

/** The team reads its mail in Amiko's default language; the submitter's language is named in the mail. */
const TEAM_LANGUAGE: UiLanguage = DEFAULT_LANGUAGE;

function sender(deps: Deps, ctx: Context): string {
  const memberId = ctx.session?.member.id;
  return memberId
    ? deps.t(TEAM_LANGUAGE, 'mail:teamMail.member', { id: memberId })
    : deps.t(TEAM_LANGUAGE, 'mail:teamMail.visitor');
}

const languageName = (deps: Deps, language: UiLanguage) =>
  deps.t(TEAM_LANGUAGE, `common:languages.${language}`);

export async function submitContact(ctx: Context, input: z.output<typeof contactSchema>): Promise<void> {
  const { deps } = ctx;
  const { db, t } = deps.database;
  await deps.limiter.check('contact:ip', ctx.ip);
  const language = input.language ?? ctx.language;
  await db.insert(t.contactMessages).values({
    id: newId(),
    memberId: ctx.session?.member.id ?? null,
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    language,
    createdAt: new Date(),
  });
  await deps.mail.send(
    composeMail(deps.t, {
      kind: 'contactMessage',
      to: deps.config.teamEmail,
      language: TEAM_LANGUAGE,
      values: {
        email: input.email,
        language: languageName(deps, language),
        sender: sender(deps, ctx),
      },
      memberText: { name: input.name, subject: input.subject, message: input.message },
    }),
  );
}

export async function submitFeedback(ctx: Context, input: z.output<typeof feedbackSchema>): Promise<void> {
  const { deps } = ctx;
  const { db, t } = deps.database;
  await deps.limiter.check('feedback:ip', ctx.ip);
  const language = input.language ?? ctx.language;
  await db.insert(t.feedback).values({
    id: newId(),
    memberId: ctx.session?.member.id ?? null,
    rating: input.rating,
    type: input.type,
    suggestions: input.suggestions,
    liked: input.liked,
    easeOfConnection: input.easeOfConnection,
    comments: input.comments ?? null,
    language,
    createdAt: new Date(),
  });
  const tr = (key: string) => deps.t(TEAM_LANGUAGE, key);
  await deps.mail.send(
    composeMail(deps.t, {
      kind: 'feedbackReceived',
      to: deps.config.teamEmail,
      language: TEAM_LANGUAGE,
      values: {
        rating: input.rating,
        type: tr(`catalog:feedbackTypes.${input.type}`),
        easeOfConnection: tr(`catalog:easeOfConnection.${input.easeOfConnection}`),
        language: languageName(deps, language),
        sender: sender(deps, ctx),
      },
      memberText: {
        suggestions: input.suggestions,
        liked: input.liked,
        comments: input.comments ?? tr('mail:teamMail.noComments'),
      },
    }),
  );
}

export async function recordPageView(ctx: Context, input: z.output<typeof pageViewSchema>): Promise<void> {
  const { deps } = ctx;
  const { db, t } = deps.database;
  await deps.limiter.check('pageView:ip', ctx.ip);
  await db.insert(t.pageViews).values({
    path: input.path,
    visitorId: input.visitorId,
    language: input.language ?? ctx.language,
    createdAt: new Date(),
  });
}

/** Saves a member's interface language, so that mail from Amiko reaches them in it. */
export async function setMemberLanguage(deps: Deps, memberId: string, language: UiLanguage): Promise<void> {
  const { db, t } = deps.database;
  await db.update(t.members).set({ language }).where(eq(t.members.id, memberId));
}
