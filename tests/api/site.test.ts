import { defangLinks } from '@amiko/api';
import { LANGUAGE_COOKIE } from '@amiko/core';
import { desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember } from '../support/members.ts';
import { RELAXED_RATE_LIMITS, startTestServer, type TestServer } from '../support/server.ts';

const TEAM = 'team@site-test.amiko';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ env: { TEAM_EMAIL: TEAM } });
});
afterAll(() => ts.stop());

const contact = {
  name: 'Ana Example',
  email: 'ana@example.com',
  subject: 'Events in Leipzig',
  message: 'Could Amiko show events in my city?',
};

const feedback = {
  rating: 4,
  type: 'featureRequest' as const,
  suggestions: 'Group chats for hiking trips',
  liked: 'How kind everyone is',
  easeOfConnection: 'easy' as const,
};

/** Mails to the team, newest first. */
async function teamMail(kind: string) {
  const { db, t } = ts.server.database;
  return db
    .select()
    .from(t.outgoingMail)
    .where(eq(t.outgoingMail.kind, kind))
    .orderBy(desc(t.outgoingMail.id));
}

describe('contact form', () => {
  it('stores a visitor’s message and mails it to the team', async () => {
    const visitor = ts.client();
    visitor.http.cookies.set(LANGUAGE_COOKIE, 'de');
    expect(await visitor.trpc.site.contact.mutate({ ...contact, name: '  Ana Example ' })).toEqual({
      ok: true,
    });
    const { db, t } = ts.server.database;
    const [row] = await db
      .select()
      .from(t.contactMessages)
      .where(eq(t.contactMessages.subject, contact.subject));
    expect(row).toMatchObject({ ...contact, memberId: null, language: 'de' });
    const [mail] = await teamMail('contactMessage');
    expect(mail).toMatchObject({ to: TEAM, subject: 'Contact form: Events in Leipzig', language: 'en' });
    expect(mail!.text).toContain('From: Ana Example <ana@example.com>');
    expect(mail!.text).toContain('Sent by a visitor who was not signed in, written in Deutsch.');
    expect(mail!.text).toContain(contact.message);
  });

  it('keeps the member id when a member writes', async () => {
    const member = await createMember(ts, { language: 'de' });
    await member.client.trpc.site.contact.mutate({ ...contact, subject: 'From a member' });
    const { db, t } = ts.server.database;
    const [row] = await db
      .select()
      .from(t.contactMessages)
      .where(eq(t.contactMessages.subject, 'From a member'));
    // Without a language in the input, the member's own language is stored.
    expect(row).toMatchObject({ memberId: member.id, language: 'de' });
    const [mail] = await teamMail('contactMessage');
    expect(mail!.text).toContain(`the signed-in member ${member.id}`);
  });

  it('refuses missing fields and a malformed address field by field, and stores nothing', async () => {
    const { db, t } = ts.server.database;
    const before = (await db.select().from(t.contactMessages)).length;
    const error = await failure(
      ts.client().trpc.site.contact.mutate({ name: ' ', email: '', subject: '', message: '' }),
    );
    expect(error.data?.appCode).toBe('VALIDATION');
    expect(error.data?.fieldErrors).toEqual({
      name: 'common:userProfile.requiredField',
      email: 'auth:errors.emailRequired',
      subject: 'common:userProfile.requiredField',
      message: 'common:userProfile.requiredField',
    });
    const badEmail = await failure(ts.client().trpc.site.contact.mutate({ ...contact, email: '9@x.de' }));
    expect(badEmail.data?.fieldErrors).toEqual({ email: 'auth:errors.invalidEmailFormat' });
    expect(await db.select().from(t.contactMessages)).toHaveLength(before);
  });

  it('stores any text as written and escapes it in the mail’s HTML', async () => {
    const visitor = ts.client();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((s) => s.trim().length > 0),
        async (text) => {
          const subject = `prop ${Math.random().toString(36).slice(2)}`;
          const message = `<b>${text}</b> & "${text}"`;
          await visitor.trpc.site.contact.mutate({ ...contact, subject, message });
          const { db, t } = ts.server.database;
          const [row] = await db
            .select()
            .from(t.contactMessages)
            .where(eq(t.contactMessages.subject, subject));
          expect(row?.message).toBe(message.trim());
          const [mail] = await teamMail('contactMessage');
          expect(mail!.html).not.toContain('<b>');
          // Mailed member text is defanged: what looks like an address ("一.A0") never becomes a link.
          expect(mail!.text).toContain(defangLinks(message.trim()));
        },
      ),
      { numRuns: 15, examples: [['一.A0']] },
    );
  });
});

describe('feedback form', () => {
  it('stores the answers and mails them to the team with readable labels', async () => {
    const visitor = ts.client();
    await visitor.trpc.site.feedback.mutate({ ...feedback, comments: '', language: 'en' });
    const { db, t } = ts.server.database;
    const [row] = await db.select().from(t.feedback).where(eq(t.feedback.suggestions, feedback.suggestions));
    expect(row).toMatchObject({ ...feedback, comments: null, memberId: null, language: 'en' });
    const [mail] = await teamMail('feedbackReceived');
    expect(mail).toMatchObject({ to: TEAM, subject: 'Feedback: Feature request, rated 4 of 5' });
    expect(mail!.text).toContain('Ease of connecting with people: Easy');
    expect(mail!.text).toContain('Additional comments: (none)');
  });

  it('keeps the member id and the optional comments', async () => {
    const member = await createMember(ts);
    await member.client.trpc.site.feedback.mutate({
      ...feedback,
      suggestions: 'member suggestion',
      comments: 'Thank you!',
    });
    const { db, t } = ts.server.database;
    const [row] = await db.select().from(t.feedback).where(eq(t.feedback.suggestions, 'member suggestion'));
    expect(row).toMatchObject({ memberId: member.id, comments: 'Thank you!' });
  });

  it('refuses a missing or out-of-range answer', async () => {
    const visitor = ts.client();
    for (const rating of [0, 6, 3.5]) {
      const error = await failure(visitor.trpc.site.feedback.mutate({ ...feedback, rating }));
      expect(error.data?.fieldErrors).toEqual({ rating: 'site:errors.ratingRequired' });
    }
    const error = await failure(
      visitor.trpc.site.feedback.mutate({
        ...feedback,
        type: 'complaint' as never,
        easeOfConnection: '' as never,
        liked: ' ',
      }),
    );
    expect(error.data?.fieldErrors).toEqual({
      type: 'site:errors.feedbackTypeRequired',
      liked: 'common:userProfile.requiredField',
      easeOfConnection: 'site:errors.easeOfConnectionRequired',
    });
  });
});

describe('page views', () => {
  it('records path, time, visitor id and language, and nothing that names a person', async () => {
    const member = await createMember(ts, { language: 'de' });
    const visitorId = '0b7e3c1a-5d2f-4e8a-9c6b-1f2e3d4c5b6a';
    const before = Date.now();
    await member.client.trpc.site.pageView.mutate({ path: '/how-it-works', visitorId });
    const { db, t } = ts.server.database;
    const rows = await db.select().from(t.pageViews).where(eq(t.pageViews.visitorId, visitorId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path: '/how-it-works', language: 'de' });
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(Object.keys(rows[0]!).sort()).toEqual(['createdAt', 'id', 'language', 'path', 'visitorId']);
  });

  it('refuses query strings (they can carry one-time codes) and odd visitor ids', async () => {
    const visitor = ts.client();
    const withCode = await failure(
      visitor.trpc.site.pageView.mutate({ path: '/auth-action?code=secret', visitorId: 'abcdefgh-1234' }),
    );
    expect(withCode.data?.appCode).toBe('VALIDATION');
    const badId = await failure(
      visitor.trpc.site.pageView.mutate({ path: '/', visitorId: 'ana@example.com' }),
    );
    expect(badId.data?.appCode).toBe('VALIDATION');
  });
});

describe('language of a member', () => {
  it('needs a signed-in member', async () => {
    const error = await failure(ts.client().trpc.site.setLanguage.mutate({ language: 'de' }));
    expect(error.data?.appCode).toBe('UNAUTHENTICATED');
  });

  it('saves the choice to the account; later requests and mail use it', async () => {
    const member = await createMember(ts, { language: 'en' });
    expect(await member.client.trpc.site.setLanguage.mutate({ language: 'de' })).toEqual({ language: 'de' });
    const { db, t } = ts.server.database;
    const [row] = await db
      .select({ language: t.members.language })
      .from(t.members)
      .where(eq(t.members.id, member.id));
    expect(row?.language).toBe('de');
    expect((await member.client.trpc.auth.me.query())?.language).toBe('de');
    // The request language now follows the account: a submission without a language is stored as German.
    await member.client.trpc.site.contact.mutate({ ...contact, subject: 'after switching' });
    const [message] = await db
      .select()
      .from(t.contactMessages)
      .where(eq(t.contactMessages.subject, 'after switching'));
    expect(message?.language).toBe('de');
    const refused = await failure(member.client.trpc.site.setLanguage.mutate({ language: 'fr' as never }));
    expect(refused.data?.appCode).toBe('VALIDATION');
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      env: {
        TEAM_EMAIL: TEAM,
        RATE_LIMITS: JSON.stringify({
          ...RELAXED_RATE_LIMITS,
          'contact:ip': { max: 2, windowMs: 60_000 },
          'feedback:ip': { max: 2, windowMs: 60_000 },
          'pageView:ip': { max: 3, windowMs: 60_000 },
        }),
      },
    });
  });
  afterAll(() => limited.stop());

  it('refuses a third contact message and a third feedback from one address within the window', async () => {
    const visitor = limited.client();
    await visitor.trpc.site.contact.mutate(contact);
    await visitor.trpc.site.contact.mutate(contact);
    const error = await failure(visitor.trpc.site.contact.mutate(contact));
    expect(error.data?.appCode).toBe('RATE_LIMITED');
    expect(error.message).toBe('common:errors.tooManyRequests');
    await visitor.trpc.site.feedback.mutate(feedback);
    await visitor.trpc.site.feedback.mutate(feedback);
    expect((await failure(visitor.trpc.site.feedback.mutate(feedback))).data?.appCode).toBe('RATE_LIMITED');
    const { db, t } = limited.server.database;
    expect(await db.select().from(t.contactMessages)).toHaveLength(2);
    expect(await db.select().from(t.feedback)).toHaveLength(2);
    expect(await db.select().from(t.outgoingMail)).toHaveLength(4);
  });

  it('limits page views per address', async () => {
    const visitor = limited.client();
    const view = { path: '/', visitorId: 'visitor-0001' };
    for (let i = 0; i < 3; i++) await visitor.trpc.site.pageView.mutate(view);
    expect((await failure(visitor.trpc.site.pageView.mutate(view))).data?.appCode).toBe('RATE_LIMITED');
    const { db, t } = limited.server.database;
    expect(await db.select().from(t.pageViews)).toHaveLength(3);
  });
});
