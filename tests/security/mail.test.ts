// Issue 17 item 8: Amiko's mail is no spam cannon. Anyone can have a verification or reset mail sent to any
// address, so a mail to an address not yet verified carries nothing the member chose (not even the name);
// elsewhere, a member's text in a mail never becomes a link, in the HTML part or in the plain text.
import { defangLinks } from '@amiko/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionLinkIn,
  freshEmail,
  latestMailTo,
  mailbox,
  STRONG_PASSWORD,
  type DevMail,
} from '../api/accounts-support.ts';
import { createMember, TEST_PASSWORD } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const TEAM = 'team@mail-test.amiko';
const SPAM = 'Click https://evil.example/win now';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ env: { TEAM_EMAIL: TEAM } });
});
afterAll(() => ts.stop());

/** The href of every link in the HTML part. */
const htmlLinks = (mail: DevMail) => [...mail.html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/gi)].map((m) => m[1]!);

/**
 * What a mail client would turn into a web link in a text: a scheme, www., or a dotted name ending in a
 * top-level domain (the rules of the common linkifiers). Tags are dropped from HTML first.
 */
const linkable = (text: string) =>
  [
    ...text
      .replace(/<[^>]*>/g, ' ')
      .matchAll(
        /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"]+|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.[a-z]{2,}\b/giu,
      ),
  ].map((m) => m[0]);

/** No link and nothing linkable in either part leads anywhere but Amiko and plain addresses. */
function expectNoForeignLinks(mail: DevMail) {
  const own = new URL(ts.server.deps.config.publicUrl).host;
  for (const href of htmlLinks(mail)) expect(new URL(href).host).toBe(own);
  for (const part of [mail.text, mail.html]) {
    for (const candidate of linkable(part)) expect(candidate, candidate).not.toMatch(/evil/i);
  }
}

describe('mail to an address not yet verified', () => {
  it('does not carry the name chosen at sign-up', async () => {
    const victim = freshEmail('victim');
    await ts.client().trpc.auth.signUp.mutate({ name: SPAM, email: victim, password: STRONG_PASSWORD });
    const mail = await latestMailTo(ts, victim);
    expect(mail.text).not.toContain('Click');
    expect(mail.html).not.toContain('Click');
    expect(mail.text).not.toMatch(/evil/);
    expectNoForeignLinks(mail);
    expect(actionLinkIn(mail).mode).toBe('verifyEmail');

    // A reset mail to the same unverified address does not carry it either.
    await ts.client().trpc.auth.requestPasswordReset.mutate({ email: victim });
    const reset = await latestMailTo(ts, victim);
    expect(reset.subject).toBe('Reset your Amiko password');
    expect(reset.text).toMatch(/^Hello,$/m);
    expect(`${reset.text}${reset.html}`).not.toMatch(/Click|evil/);
  });

  it('nor does the confirmation of a new address', async () => {
    const member = await createMember(ts, { name: 'Visit evil.example' });
    const to = freshEmail('new');
    await member.client.trpc.account.changeEmail.mutate({ password: TEST_PASSWORD, newEmail: to });
    const mail = await latestMailTo(ts, to);
    expect(`${mail.text}${mail.html}`).not.toMatch(/Visit|evil/);
  });
});

describe('member text in mail elsewhere', () => {
  it('greets a verified member by name, but the name never becomes a link', async () => {
    const member = await createMember(ts, { name: 'Ana www.evil.example' });
    await ts.client().trpc.auth.requestPasswordReset.mutate({ email: member.email });
    const mail = await latestMailTo(ts, member.email);
    expect(mail.text).toContain('Hello Ana www[.]evil[.]example,');
    expectNoForeignLinks(mail);
  });

  it('tells the old address of a change without a link in the name', async () => {
    const member = await createMember(ts, { name: 'Ben https://evil.example' });
    const to = freshEmail('moved');
    await member.client.trpc.account.changeEmail.mutate({ password: TEST_PASSWORD, newEmail: to });
    await ts.client().trpc.auth.verifyEmail.mutate({ code: actionLinkIn(await latestMailTo(ts, to)).code });
    const notice = await latestMailTo(ts, member.email);
    expect(notice.subject).toBe('Your Amiko email address was changed');
    expect(notice.text).toContain('Ben https[:]//evil[.]example');
    expectNoForeignLinks(notice);
  });

  it('reaches the team from the contact and feedback forms without links', async () => {
    await ts.client().trpc.site.contact.mutate({
      name: 'Eve evil.example',
      email: 'eve@example.com',
      subject: 'Win at www.evil.example',
      message: `${SPAM}\nor http://evil.example:8080/x?y=1 or EVIL.EXAMPLE.`,
    });
    await ts.client().trpc.site.feedback.mutate({
      rating: 1,
      type: 'featureRequest',
      suggestions: SPAM,
      liked: 'evil.example',
      easeOfConnection: 'easy',
      comments: 'https://evil.example',
    });
    const toTeam = (await mailbox(ts)).filter((m) => m.to === TEAM);
    expect(toTeam).toHaveLength(2);
    for (const mail of toTeam) {
      expect(mail.text).toContain('evil[.]example');
      expectNoForeignLinks(mail);
    }
  });

  it('keeps ordinary text readable', () => {
    expect(defangLinks('Hi! I moved here in May. Dr. No, 3.5 km away')).toBe(
      'Hi! I moved here in May. Dr. No, 3.5 km away',
    );
    expect(defangLinks('J.R.R. Tolkien')).toBe('J.R.R. Tolkien');
  });
});
