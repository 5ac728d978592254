import { existsSync } from 'node:fs';
import { PROFILE_FIELD_NAMES } from '@amiko/core';
import { newId } from '@amiko/db';
import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, insertMember, TEST_PASSWORD } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  STRONG_PASSWORD,
  actionLinkIn,
  clientWithCookie,
  freshEmail,
  latestMailTo,
  mailsTo,
  sessionCookie,
  signUpMember,
} from './accounts-support.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

const NEW_PASSWORD = 'Quiet-Harbour-51';

describe('change password', () => {
  it('needs the current password ("Incorrect password.") and the SPEC rules for the new one', async () => {
    const member = await createMember(ts);
    const wrong = await failure(
      member.client.trpc.account.changePassword.mutate({
        currentPassword: 'Not-my-password-1',
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    );
    expect(wrong.data?.fieldErrors).toEqual({ currentPassword: 'auth:errors.wrongPassword' });
    const mismatch = await failure(
      member.client.trpc.account.changePassword.mutate({
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: `${NEW_PASSWORD}x`,
      }),
    );
    expect(mismatch.data?.fieldErrors).toEqual({ confirmPassword: 'auth:errors.passwordsDoNotMatch' });
    const short = await failure(
      member.client.trpc.account.changePassword.mutate({
        currentPassword: TEST_PASSWORD,
        newPassword: 'Ab1!',
        confirmPassword: 'Ab1!',
      }),
    );
    expect(short.data?.fieldErrors?.newPassword).toBe('auth:errors.passwordTooShort');
    const weak = await failure(
      member.client.trpc.account.changePassword.mutate({
        currentPassword: TEST_PASSWORD,
        newPassword: 'Password1!',
        confirmPassword: 'Password1!',
      }),
    );
    expect(weak.data?.fieldErrors).toEqual({ newPassword: 'auth:errors.weakPasswordCommon' });
  });

  it('changes it, keeps this session and ends the member’s other sessions', async () => {
    const member = await createMember(ts);
    const other = ts.client();
    await other.trpc.auth.signIn.mutate({ email: member.email, password: TEST_PASSWORD });
    const stranger = await createMember(ts);
    expect(
      await member.client.trpc.account.changePassword.mutate({
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    ).toEqual({ ok: true });
    expect(await member.client.trpc.auth.me.query()).toMatchObject({ id: member.id });
    expect((await failure(other.trpc.auth.signOut.mutate())).data?.httpStatus).toBe(401);
    // Other members' sessions are untouched.
    expect(await stranger.client.trpc.auth.me.query()).toMatchObject({ id: stranger.id });
    await ts.client().trpc.auth.signIn.mutate({ email: member.email, password: NEW_PASSWORD });
    expect(
      (await failure(ts.client().trpc.auth.signIn.mutate({ email: member.email, password: TEST_PASSWORD })))
        .message,
    ).toBe('auth:errors.wrongPassword');
  });

  it('is for signed-in, verified members only', async () => {
    const input = {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    };
    expect((await failure(ts.client().trpc.account.changePassword.mutate(input))).data?.httpStatus).toBe(401);
    const unverified = await createMember(ts, { verified: false });
    expect((await failure(unverified.client.trpc.account.changePassword.mutate(input))).data?.appCode).toBe(
      'EMAIL_NOT_VERIFIED',
    );
  });
});

describe('change email', () => {
  it('re-checks the password: "Authentication failed. Please check your credentials and try again."', async () => {
    const member = await createMember(ts);
    const error = await failure(
      member.client.trpc.account.changeEmail.mutate({ password: 'Wrong-pass-1', newEmail: freshEmail() }),
    );
    expect(error.message).toBe('settings:errors.authFailed');
    expect(error.data?.fieldErrors).toEqual({ password: 'settings:errors.authFailed' });
  });

  it('refuses an address in use ("This email is already in use."), an invalid one and an empty one', async () => {
    const member = await createMember(ts);
    const taken = await insertMember(ts.server.database);
    for (const newEmail of [taken.email, taken.email.toUpperCase(), member.email]) {
      const error = await failure(
        member.client.trpc.account.changeEmail.mutate({ password: TEST_PASSWORD, newEmail }),
      );
      expect(error.data?.fieldErrors).toEqual({ newEmail: 'auth:errors.emailInUse' });
    }
    const invalid = await failure(
      member.client.trpc.account.changeEmail.mutate({ password: TEST_PASSWORD, newEmail: 'a@b..de' }),
    );
    expect(invalid.data?.fieldErrors).toEqual({ newEmail: 'auth:errors.invalidEmail' });
    const empty = await failure(
      member.client.trpc.account.changeEmail.mutate({ password: TEST_PASSWORD, newEmail: '' }),
    );
    expect(empty.data?.fieldErrors).toEqual({ newEmail: 'auth:errors.emailRequired' });
  });

  it('mails a link to the new address, changes the address only when it is used, and tells the old one', async () => {
    const member = await createMember(ts, { language: 'de', name: 'Mara' });
    const newEmail = freshEmail('moved');
    expect(
      await member.client.trpc.account.changeEmail.mutate({ password: TEST_PASSWORD, newEmail }),
    ).toEqual({
      email: newEmail,
    });
    // Nothing changes until the link is used.
    expect(await member.client.trpc.auth.me.query()).toMatchObject({ email: member.email });
    expect(await mailsTo(ts, member.email)).toEqual([]);
    const mail = await latestMailTo(ts, newEmail);
    expect(mail.subject).toBe('Bitte bestätige deine neue E-Mail-Adresse für Amiko');
    expect(mail.text).toContain(newEmail);
    const link = actionLinkIn(mail);
    expect(link.mode).toBe('verifyEmail'); // one action page handles both kinds of link

    expect(await ts.client().trpc.auth.verifyEmail.mutate({ code: link.code })).toEqual({
      purpose: 'changeEmail',
    });
    expect(await member.client.trpc.auth.me.query()).toMatchObject({ email: newEmail, emailVerified: true });
    const notice = await latestMailTo(ts, member.email);
    expect(notice.subject).toBe('Deine E-Mail-Adresse bei Amiko wurde geändert');
    expect(notice.text).toContain(newEmail);
    // Signing in now takes the new address; the old one is free.
    await ts.client().trpc.auth.signIn.mutate({ email: newEmail, password: TEST_PASSWORD });
    expect(
      (await failure(ts.client().trpc.auth.signIn.mutate({ email: member.email, password: TEST_PASSWORD })))
        .message,
    ).toBe('auth:errors.userNotFound');
    // The link works once.
    expect((await failure(ts.client().trpc.auth.verifyEmail.mutate({ code: link.code }))).message).toBe(
      'auth:errors.verificationLinkInvalid',
    );
  });

  it('refuses the link when someone else took the address in the meantime', async () => {
    const member = await createMember(ts);
    const newEmail = freshEmail('contested');
    await member.client.trpc.account.changeEmail.mutate({ password: TEST_PASSWORD, newEmail });
    const { code } = actionLinkIn(await latestMailTo(ts, newEmail));
    await insertMember(ts.server.database, { email: newEmail });
    const error = await failure(ts.client().trpc.auth.verifyEmail.mutate({ code }));
    expect(error.message).toBe('auth:errors.emailInUse');
    expect(await member.client.trpc.auth.me.query()).toMatchObject({ email: member.email });
  });

  it('does not let an old sign-up link verify a new address', async () => {
    const { client, email, id } = await signUpMember(ts);
    const signUpLink = actionLinkIn(await latestMailTo(ts, email));
    // Verified some other way (a reset link), then moved to a new address.
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ emailVerified: true }).where(eq(t.members.id, id));
    const newEmail = freshEmail('later');
    await client.trpc.account.changeEmail.mutate({ password: STRONG_PASSWORD, newEmail });
    await ts
      .client()
      .trpc.auth.verifyEmail.mutate({ code: actionLinkIn(await latestMailTo(ts, newEmail)).code });
    await db.update(t.members).set({ emailVerified: false }).where(eq(t.members.id, id));
    const error = await failure(ts.client().trpc.auth.verifyEmail.mutate({ code: signUpLink.code }));
    expect(error.message).toBe('auth:errors.verificationLinkInvalid');
    expect(await client.trpc.auth.me.query()).toMatchObject({ email: newEmail, emailVerified: false });
  });
});

describe('delete account', () => {
  it('re-checks the password and changes nothing when it is wrong', async () => {
    const member = await createMember(ts);
    const error = await failure(member.client.trpc.account.delete.mutate({ password: 'Wrong-pass-1' }));
    expect(error.data?.fieldErrors).toEqual({ password: 'auth:errors.wrongPassword' });
    const empty = await failure(member.client.trpc.account.delete.mutate({ password: '' }));
    expect(empty.data?.fieldErrors).toEqual({ password: 'auth:errors.passwordRequired' });
    expect(await member.client.trpc.auth.me.query()).toMatchObject({ id: member.id });
    expect((await failure(ts.client().trpc.account.delete.mutate({ password: TEST_PASSWORD }))).message).toBe(
      'common:errors.notSignedIn',
    );
  });

  it('leaves a blank tombstone: personal data, photos, sessions, links, favourites and blocks are gone; conversations stay', async () => {
    const { db, t } = ts.server.database;
    const photos = ts.server.deps.photos;
    const photoKey = await photos.save(new Uint8Array([1, 2, 3]), 'webp');
    const croppedPhotoKey = await photos.save(new Uint8Array([4, 5, 6]), 'webp');
    const member = await createMember(ts, {
      name: 'Dana Delete',
      phone: '+49 30 1234567',
      birthday: '1990-04-01',
      city: 'Berlin',
      country: 'de',
      gender: 'female',
      otherLanguages: ['en', 'fr'],
      mbtiType: 'INFP',
      bigFiveTraits: { openness: 'high' },
      lifeMantra: 'Carpe diem',
      photoKey,
      croppedPhotoKey,
    });
    const other = await createMember(ts, { name: 'Otto Other' });
    const otherSession = sessionCookie(member.client)!;
    const secondBrowser = ts.client();
    await secondBrowser.trpc.auth.signIn.mutate({ email: member.email, password: TEST_PASSWORD });
    await ts.client().trpc.auth.requestPasswordReset.mutate({ email: member.email });
    await member.client.trpc.blocks.block.mutate({ memberId: other.id });
    await other.client.trpc.blocks.block.mutate({ memberId: member.id });
    await db.insert(t.favorites).values([
      { memberId: member.id, favoriteId: other.id },
      { memberId: other.id, favoriteId: member.id },
    ]);
    // A conversation between the two, as messaging stores it.
    const conversationId = newId();
    await db
      .insert(t.conversations)
      .values({ id: conversationId, pairKey: [member.id, other.id].sort().join(':') });
    await db.insert(t.conversationParticipants).values([
      { conversationId, memberId: member.id },
      { conversationId, memberId: other.id },
    ]);
    await db.insert(t.messages).values([
      { conversationId, senderId: member.id, recipientId: other.id, clientId: 'c1', body: 'Hello Otto' },
      { conversationId, senderId: other.id, recipientId: member.id, clientId: 'c2', body: 'Hi Dana' },
    ]);
    const countBefore = await ts.client().trpc.meta.memberCount.query();

    expect(await member.client.trpc.account.delete.mutate({ password: TEST_PASSWORD })).toEqual({ ok: true });

    // The member count never goes down.
    expect(await ts.client().trpc.meta.memberCount.query()).toEqual(countBefore);

    const [row] = await db.select().from(t.members).where(eq(t.members.id, member.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({
      email: null,
      passwordHash: null,
      emailVerified: false,
      photoKey: null,
      croppedPhotoKey: null,
    });
    // Every profile field is as empty as a member who never filled anything in.
    const blank = await insertMember(ts.server.database, { onboarded: false, name: '' });
    const [blankRow] = await db.select().from(t.members).where(eq(t.members.id, blank.id));
    for (const field of PROFILE_FIELD_NAMES) expect(row![field], field).toEqual(blankRow![field]);
    expect(JSON.stringify(row)).not.toMatch(/Dana|Berlin|1234567|Carpe|INFP/);
    for (const key of [photoKey, croppedPhotoKey]) expect(existsSync(photos.pathOf(key)!)).toBe(false);

    expect(await db.select().from(t.sessions).where(eq(t.sessions.memberId, member.id))).toEqual([]);
    expect(await db.select().from(t.authTokens).where(eq(t.authTokens.memberId, member.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(t.favorites)
        .where(or(eq(t.favorites.memberId, member.id), eq(t.favorites.favoriteId, member.id))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(t.blocks)
        .where(or(eq(t.blocks.blockerId, member.id), eq(t.blocks.blockedId, member.id))),
    ).toEqual([]);
    // The other side keeps the conversation and both messages.
    expect(
      await db.select().from(t.messages).where(eq(t.messages.conversationId, conversationId)),
    ).toHaveLength(2);
    expect(
      await db
        .select()
        .from(t.conversationParticipants)
        .where(eq(t.conversationParticipants.conversationId, conversationId)),
    ).toHaveLength(2);

    // Every session is over (401), the address is free and the old password signs nobody in.
    for (const client of [member.client, secondBrowser, clientWithCookie(ts, otherSession)]) {
      expect(await client.trpc.auth.me.query()).toBeNull();
      expect((await failure(client.trpc.auth.signOut.mutate())).data?.httpStatus).toBe(401);
    }
    expect(sessionCookie(member.client)).toBeUndefined();
    expect(
      (await failure(ts.client().trpc.auth.signIn.mutate({ email: member.email, password: TEST_PASSWORD })))
        .message,
    ).toBe('auth:errors.userNotFound');
    await ts.client().trpc.auth.requestPasswordReset.mutate({ email: member.email });
    expect((await mailsTo(ts, member.email)).filter((m) => /Reset/.test(m.subject))).toHaveLength(1); // only the one from before
    const again = await ts
      .client()
      .trpc.auth.signUp.mutate({ name: 'Dana', email: member.email, password: NEW_PASSWORD });
    expect(again.id).not.toBe(member.id);
    // The other member is unaffected.
    expect(await other.client.trpc.auth.me.query()).toMatchObject({ id: other.id });
  });
});
