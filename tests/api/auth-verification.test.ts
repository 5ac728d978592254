import { VERIFICATION_RESEND_COOLDOWN_MS } from '@amiko/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { actionLinkIn, latestMailTo, mailsTo, signUpMember } from './accounts-support.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

/** Moves a member's verification mails back in time, as if the last one was sent `ms` ago. */
async function ageVerificationTokens(memberId: string, ms: number) {
  const { db, t } = ts.server.database;
  await db
    .update(t.authTokens)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(and(eq(t.authTokens.memberId, memberId), eq(t.authTokens.purpose, 'verifyEmail')));
}

describe('email verification', () => {
  it('mails a link to /auth-action?mode=verifyEmail at sign-up, in the member’s language, as HTML and text', async () => {
    const { email } = await signUpMember(ts, { name: 'Jonas', language: 'de' });
    const mail = await latestMailTo(ts, email);
    expect(mail.subject).toBe('Bitte bestätige deine E-Mail-Adresse für Amiko');
    // An address not yet verified gets nothing the member chose, not even the name (issue 17 item 8).
    expect(mail.text).toContain('Willkommen bei Amiko!');
    expect(mail.text).not.toContain('Jonas');
    expect(mail.html).toMatch(/^<!doctype html><html lang="de">/);
    const link = actionLinkIn(mail);
    expect(link.url.origin).toBe(ts.server.deps.config.publicUrl);
    expect(link.url.pathname).toBe('/auth-action');
    expect(link.mode).toBe('verifyEmail');
    expect(link.code).toMatch(/^[a-z2-9]{24}\.[a-z2-9]{24}$/);
  });

  it('verifies with the link, in any browser, once; the stored token holds only a hash', async () => {
    const { client, email, id } = await signUpMember(ts);
    const { code } = actionLinkIn(await latestMailTo(ts, email));
    const { db, t } = ts.server.database;
    const [token] = await db.select().from(t.authTokens).where(eq(t.authTokens.memberId, id));
    expect(JSON.stringify(token)).not.toContain(code.split('.')[1]);

    // Unverified members are signed in but cannot use verified features yet.
    expect((await failure(client.trpc.profile.mine.query())).data?.appCode).toBe('EMAIL_NOT_VERIFIED');
    // Opened in another browser, without a session.
    expect(await ts.client().trpc.auth.verifyEmail.mutate({ code })).toEqual({ purpose: 'verifyEmail' });
    expect(await client.trpc.auth.me.query()).toMatchObject({ emailVerified: true });
    await client.trpc.profile.mine.query();
    // Single use.
    const again = await failure(ts.client().trpc.auth.verifyEmail.mutate({ code }));
    expect(again.message).toBe('auth:errors.verificationLinkInvalid');
  });

  it('refuses expired, forged, malformed and missing codes with the SPEC §8 text', async () => {
    const { email, id } = await signUpMember(ts);
    const { code } = actionLinkIn(await latestMailTo(ts, email));
    const { db, t } = ts.server.database;
    const [tokenId, secret] = code.split('.') as [string, string];
    const forged = `${tokenId}.${secret.slice(0, -1)}${secret.endsWith('a') ? 'b' : 'a'}`;
    for (const bad of [forged, '', 'nonsense', `${tokenId}.`, code.toUpperCase()]) {
      const error = await failure(ts.client().trpc.auth.verifyEmail.mutate({ code: bad }));
      expect(error.message).toBe('auth:errors.verificationLinkInvalid');
    }
    await db
      .update(t.authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.authTokens.memberId, id));
    const expired = await failure(ts.client().trpc.auth.verifyEmail.mutate({ code }));
    expect(expired.message).toBe('auth:errors.verificationLinkInvalid');
    const [member] = await db.select().from(t.members).where(eq(t.members.id, id));
    expect(member!.emailVerified).toBe(false);
  });

  it('does not accept a reset link as a verification link', async () => {
    const { email, client } = await signUpMember(ts);
    await ts.client().trpc.auth.requestPasswordReset.mutate({ email });
    const reset = actionLinkIn(await latestMailTo(ts, email));
    expect(reset.mode).toBe('resetPassword');
    const error = await failure(ts.client().trpc.auth.verifyEmail.mutate({ code: reset.code }));
    expect(error.message).toBe('auth:errors.verificationLinkInvalid');
    expect(await client.trpc.auth.me.query()).toMatchObject({ emailVerified: false });
  });
});

describe('resending the verification mail', () => {
  it('refuses within 60 s of the previous mail, then sends a new working link', async () => {
    const { client, email, id } = await signUpMember(ts);
    const tooSoon = await failure(client.trpc.auth.resendVerification.mutate());
    expect(tooSoon.message).toBe('auth:errors.resendCooldown');
    expect(tooSoon.data?.httpStatus).toBe(429);
    expect(await mailsTo(ts, email)).toHaveLength(1);

    // Just inside the minute: still refused.
    await ageVerificationTokens(id, VERIFICATION_RESEND_COOLDOWN_MS - 2000);
    expect((await failure(client.trpc.auth.resendVerification.mutate())).message).toBe(
      'auth:errors.resendCooldown',
    );
    await ageVerificationTokens(id, VERIFICATION_RESEND_COOLDOWN_MS + 1000);
    expect(await client.trpc.auth.resendVerification.mutate()).toEqual({ sent: true });
    const mails = await mailsTo(ts, email);
    expect(mails).toHaveLength(2);
    // Right after the resend, the minute starts again.
    expect((await failure(client.trpc.auth.resendVerification.mutate())).message).toBe(
      'auth:errors.resendCooldown',
    );
    const { code } = actionLinkIn(mails[0]!);
    await ts.client().trpc.auth.verifyEmail.mutate({ code });
    expect(await client.trpc.auth.me.query()).toMatchObject({ emailVerified: true });
  });

  it('sends nothing to a member who is already verified, and needs a session', async () => {
    const member = await createMember(ts);
    expect(await member.client.trpc.auth.resendVerification.mutate()).toEqual({ sent: false });
    expect(await mailsTo(ts, member.email)).toEqual([]);
    const error = await failure(ts.client().trpc.auth.resendVerification.mutate());
    expect(error.data?.httpStatus).toBe(401);
    expect(error.message).toBe('common:errors.notSignedIn');
  });
});
