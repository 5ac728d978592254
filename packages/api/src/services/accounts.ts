import {
  consumeOneTimeToken,
  createOneTimeToken,
  findOneTimeToken,
  hashPassword,
  issueDeviceCookie,
  trustedDevice,
  verifyPassword,
} from '@amiko/auth';
import {
  COMMON_ERRORS,
  DEVICE_COOKIE_TTL_MS,
  RESET_PASSWORD_TOKEN_TTL_MS,
  VERIFICATION_RESEND_COOLDOWN_MS,
  VERIFY_EMAIL_TOKEN_TTL_MS,
  isPlausibleEmail,
  weakPasswordReason,
  type SignInInput,
  type UiLanguage,
  type resetPasswordSchema,
  type signInSchema,
  type signUpSchema,
} from '@amiko/core';
import { isUniqueViolation, newId, type Db, type Member, type Schema, type TokenPurpose } from '@amiko/db';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { addressBucket } from '../rate-limit.ts';
import { composeMail } from '../mail/templates.ts';
import { grantPlaceOnVerification } from './early-access.ts';
import { isCommonPassword } from './common-passwords.ts';
import { meView, type MeView } from './views.ts';

/** The context of a procedure that needs a signed-in member. */
export type SignedIn = Context & { member: { id: string }; session: { id: string } };

/** The link a mail sends a member to, on the /auth-action page. */
export function actionLink(deps: Deps, mode: string, code: string): string {
  const url = new URL('/auth-action', deps.config.publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('code', code);
  return url.toString();
}

export async function findMemberByEmail(deps: Deps, email: string): Promise<Member | undefined> {
  const { db, t } = deps.database;
  const [member] = await db
    .select()
    .from(t.members)
    .where(and(eq(t.members.email, email), isNull(t.members.deletedAt)));
  return member;
}

export async function findMember(deps: Deps, id: string): Promise<Member | undefined> {
  const { db, t } = deps.database;
  const [member] = await db
    .select()
    .from(t.members)
    .where(and(eq(t.members.id, id), isNull(t.members.deletedAt)));
  return member;
}

/** The server's checks beyond the form rules (SPEC §8 'The email address is not valid.'). */
export function assertPlausibleEmail(email: string, field: string): void {
  if (!isPlausibleEmail(email)) throw appError('VALIDATION', 'auth:errors.invalidEmail', { field });
}

/**
 * SPEC §8 'The password is too weak.': passwords made of the member's own name or address, and common ones
 * (core's few Amiko-specific ones, and the 10,000 most common anywhere with their usual variants).
 */
export function assertStrongEnough(
  password: string,
  member: { email?: string | null; name?: string | null },
  field: string,
): void {
  const reason = weakPasswordReason(password, member) ?? (isCommonPassword(password) ? 'common' : null);
  // Each refusal says why: 'too weak' alone left members guessing.
  if (reason === 'personal') throw appError('VALIDATION', 'auth:errors.weakPasswordPersonal', { field });
  if (reason === 'common') throw appError('VALIDATION', 'auth:errors.weakPasswordCommon', { field });
}

/**
 * Mails a one-time link: creates the token (stored hashed) and sends the `kind` mail in the member's
 * language with the link to /auth-action?mode=…&code=…. Anyone can have such a mail sent to any address
 * (sign up with it, ask for a reset), so a mail to an address not yet verified carries nothing the member
 * chose: not even their name ("Click https://evil.example now" would otherwise reach a stranger).
 */
export async function mailActionLink(
  deps: Deps,
  input: {
    member: Pick<Member, 'id' | 'name' | 'language' | 'email' | 'emailVerified'>;
    purpose: TokenPurpose;
    to: string;
    ttlMs: number;
    kind: string;
    mode: 'verifyEmail' | 'resetPassword';
    values?: Record<string, string>;
  },
): Promise<void> {
  const { db, t } = deps.database;
  const greetsByName = input.member.emailVerified && input.to === input.member.email;
  const code = await createOneTimeToken(db, t, {
    memberId: input.member.id,
    purpose: input.purpose,
    email: input.to,
    ttlMs: input.ttlMs,
  });
  await deps.mail.send(
    composeMail(deps.t, {
      kind: input.kind,
      to: input.to,
      language: input.member.language,
      ...(greetsByName
        ? { memberText: { name: input.member.name } }
        : { headingKey: input.kind === 'resetPassword' ? 'headingWithoutName' : undefined }),
      values: input.values,
      actionUrl: actionLink(deps, input.mode, code),
      hasFootnote: true,
    }),
  );
}

/**
 * Makes the member's unused reset and email-change links stop working, and their unsubscribe links (a new
 * key comes with the next mail). Called when the password or the address changes: a link mailed before
 * (perhaps to an address or a person no longer trusted) must not undo the change, nor act for the member.
 */
export async function revokeCredentialLinks(tx: Db, t: Schema, memberId: string): Promise<void> {
  await tx.update(t.members).set({ unsubscribeKey: null }).where(eq(t.members.id, memberId));
  await tx
    .update(t.authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(t.authTokens.memberId, memberId),
        inArray(t.authTokens.purpose, ['resetPassword', 'changeEmail']),
        isNull(t.authTokens.usedAt),
      ),
    );
}

/** Mails a fresh verification link to the member's address. */
export async function sendVerificationMail(
  deps: Deps,
  member: Pick<Member, 'id' | 'email' | 'name' | 'language' | 'emailVerified'>,
) {
  if (!member.email) return;
  await mailActionLink(deps, {
    member,
    purpose: 'verifyEmail',
    to: member.email,
    ttlMs: VERIFY_EMAIL_TOKEN_TTL_MS,
    kind: 'verifyEmail',
    mode: 'verifyEmail',
  });
}

/**
 * A new session for every sign-in (never a session fixed before it); the old one of this browser ends. The
 * browser gets a new device cookie for the account too (a new nonce: its count of wrong passwords starts
 * again).
 */
async function startSession(ctx: Context, member: Pick<Member, 'id' | 'passwordHash'>): Promise<void> {
  if (ctx.session) await ctx.deps.sessions.invalidate(ctx.session.id);
  const { token, expiresAt } = await ctx.deps.sessions.create(member.id);
  ctx.setSessionCookie(token, expiresAt);
  const device = issueDeviceCookie(member);
  if (device) ctx.setDeviceCookie(device, new Date(Date.now() + DEVICE_COOKIE_TTL_MS));
}

/**
 * Ends sessions and live connections after a change of credentials: all of them, or all but the session
 * that made the change.
 */
export async function endSessions(deps: Deps, memberId: string, exceptSessionId?: string): Promise<void> {
  await deps.sessions.invalidateMember(memberId, exceptSessionId);
  deps.realtime.disconnectMember(memberId, exceptSessionId ? { exceptSessionId } : undefined);
}

export async function signUp(ctx: Context, input: z.output<typeof signUpSchema>): Promise<MeView> {
  const { deps } = ctx;
  const { database } = deps;
  await deps.limiter.check('signUp:ip', ctx.ip);
  await deps.limiter.check('signUp:account', input.email);
  assertPlausibleEmail(input.email, 'email');
  assertStrongEnough(input.password, input, 'password');
  if (await findMemberByEmail(deps, input.email)) {
    throw appError('CONFLICT', 'auth:errors.emailInUse', { field: 'email' });
  }
  // Hash before the transaction: nothing but database work may happen inside one.
  const passwordHash = await hashPassword(input.password);
  const language: UiLanguage = input.language ?? ctx.language;
  const now = new Date();
  let member: Member;
  try {
    // No early-access place yet: it is granted when the address is verified (early-access.ts).
    const [row] = await database.db
      .insert(database.t.members)
      .values({
        id: newId(),
        email: input.email,
        name: input.name,
        passwordHash,
        language,
        createdAt: now,
      })
      .returning();
    member = row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw appError('CONFLICT', 'auth:errors.emailInUse', { field: 'email' });
    throw error;
  }
  deps.metrics.signedUp();
  await sendVerificationMail(deps, member);
  await startSession(ctx, member);
  return meView(member);
}

export async function signIn(
  ctx: Context,
  input: z.output<typeof signInSchema> & SignInInput,
): Promise<MeView> {
  const { deps } = ctx;
  const member = await findMemberByEmail(deps, input.email);
  // A browser that signed in to this account before is limited on its own; any other meets the limits of
  // unknown browsers, whose ceiling per account guesses from many addresses can fill (rate-limit.ts).
  const device = member ? trustedDevice(ctx.deviceCookie, member) : null;
  if (device) {
    await deps.limiter.check('signIn:device', device);
  } else {
    await deps.limiter.check('signIn:ip', ctx.ip);
    await deps.limiter.check('signIn:ipAccount', `${addressBucket(ctx.ip)}:${input.email}`);
    await deps.limiter.check('signIn:account', input.email);
  }
  if (!member) throw appError('NOT_FOUND', 'auth:errors.userNotFound', { field: 'email' });
  if (!(await verifyPassword(member.passwordHash, input.password))) {
    throw appError('UNAUTHENTICATED', 'auth:errors.wrongPassword', { field: 'password' });
  }
  // Said only to someone who knows the password: a stranger learns nothing about the account.
  if (member.suspendedAt) throw appError('FORBIDDEN', 'auth:errors.accountSuspended');
  await startSession(ctx, member);
  return meView(member);
}

/** Signs the member out everywhere: every session ends and every live connection closes. */
export async function signOut(ctx: Context & { member: { id: string } }): Promise<void> {
  await endSessions(ctx.deps, ctx.member.id);
  ctx.clearSessionCookie();
}

export async function me(ctx: Context): Promise<MeView | null> {
  if (!ctx.session) return null;
  const member = await findMember(ctx.deps, ctx.session.member.id);
  return member ? meView(member) : null;
}

/**
 * Mails a new verification link (SPEC §4): not within a minute of the previous one ('Please wait at least
 * a minute before resending.'), and within the per-IP and per-account limits.
 */
export async function resendVerification(ctx: SignedIn): Promise<{ sent: boolean }> {
  const { deps } = ctx;
  const { db, t } = deps.database;
  const member = await findMember(deps, ctx.member.id);
  if (!member) throw appError('UNAUTHENTICATED', COMMON_ERRORS.notSignedIn);
  if (member.emailVerified) return { sent: false };
  // The cooldown is checked first, so that impatient clicks do not use up the hourly limits.
  const [newest] = await db
    .select({ createdAt: t.authTokens.createdAt })
    .from(t.authTokens)
    .where(and(eq(t.authTokens.memberId, member.id), eq(t.authTokens.purpose, 'verifyEmail')))
    .orderBy(desc(t.authTokens.createdAt))
    .limit(1);
  if (newest && Date.now() - newest.createdAt.getTime() < VERIFICATION_RESEND_COOLDOWN_MS) {
    throw appError('RATE_LIMITED', 'auth:errors.resendCooldown');
  }
  await deps.limiter.check('resend:ip', ctx.ip);
  await deps.limiter.check('resend:account', member.id);
  await sendVerificationMail(deps, member);
  return { sent: true };
}

const linkInvalid = () => appError('VALIDATION', 'auth:errors.verificationLinkInvalid');

/**
 * Applies a link from a verification mail: either the one sent at sign-up (the address is now verified)
 * or the one sent to a new address (the address changes now, and the old one is told).
 */
export async function verifyEmail(
  ctx: Context,
  code: string,
): Promise<{ purpose: 'verifyEmail' | 'changeEmail' }> {
  const { deps } = ctx;
  const { database } = deps;
  const { db, t } = database;
  const verification = await consumeOneTimeToken(db, t, code, 'verifyEmail');
  if (verification) {
    // Only the address the link was sent to: after an email change, an old link verifies nothing.
    const verified = await database.transaction(async (tx) => {
      const [row] = await tx
        .update(t.members)
        .set({ emailVerified: true })
        .where(
          and(
            eq(t.members.id, verification.memberId),
            eq(t.members.email, verification.email),
            isNull(t.members.deletedAt),
          ),
        )
        .returning({ id: t.members.id, hasFreeAccess: t.members.hasFreeAccess });
      if (row) await grantPlaceOnVerification(tx, t, row);
      return row;
    });
    if (!verified) throw linkInvalid();
    deps.metrics.emailVerified();
    return { purpose: 'verifyEmail' };
  }
  const change = await consumeOneTimeToken(db, t, code, 'changeEmail');
  if (!change) throw linkInvalid();
  const member = await findMember(deps, change.memberId);
  if (!member) throw linkInvalid();
  try {
    await database.transaction(async (tx) => {
      const [row] = await tx
        .update(t.members)
        .set({ email: change.email, emailVerified: true })
        .where(and(eq(t.members.id, member.id), isNull(t.members.deletedAt)))
        .returning({ id: t.members.id, hasFreeAccess: t.members.hasFreeAccess });
      if (!row) return;
      await grantPlaceOnVerification(tx, t, row);
      // Reset links mailed to the old address, and other pending changes, end with the change.
      await revokeCredentialLinks(tx, t, row.id);
    });
  } catch (error) {
    // Someone signed up with the address after the link was sent.
    if (isUniqueViolation(error)) throw appError('CONFLICT', 'auth:errors.emailInUse');
    throw error;
  }
  if (member.email && member.email !== change.email) {
    await deps.mail.send(
      composeMail(deps.t, {
        kind: 'emailChanged',
        to: member.email,
        language: member.language,
        values: { newEmail: change.email },
        memberText: { name: member.name },
        actionUrl: new URL('/contact-us', deps.config.publicUrl).toString(),
      }),
    );
  }
  return { purpose: 'changeEmail' };
}

/**
 * Mails a reset link when the address belongs to a member. The answer is the same either way, so the form
 * does not tell strangers who has an account.
 */
export async function requestPasswordReset(ctx: Context, email: string): Promise<{ ok: true }> {
  const { deps } = ctx;
  await deps.limiter.check('resetRequest:ip', ctx.ip);
  await deps.limiter.check('resetRequest:account', email);
  const member = await findMemberByEmail(deps, email);
  if (member?.email) {
    await mailActionLink(deps, {
      member,
      purpose: 'resetPassword',
      to: member.email,
      ttlMs: RESET_PASSWORD_TOKEN_TTL_MS,
      kind: 'resetPassword',
      mode: 'resetPassword',
    });
  }
  return { ok: true };
}

const resetCodeInvalid = () => appError('VALIDATION', 'auth:errors.invalidResetCode');

/**
 * Sets a new password with a reset link's code. Every session of the member ends (also this browser's):
 * whoever knew the old password is out, and the member signs in again with the new one.
 */
export async function resetPassword(
  ctx: Context,
  input: z.output<typeof resetPasswordSchema>,
): Promise<{ ok: true }> {
  const { deps } = ctx;
  const { database } = deps;
  const { db, t } = database;
  const token = await findOneTimeToken(db, t, input.code, 'resetPassword');
  if (!token) throw resetCodeInvalid();
  const member = await findMember(deps, token.memberId);
  if (!member) throw resetCodeInvalid();
  assertStrongEnough(input.password, member, 'password');
  const passwordHash = await hashPassword(input.password);
  if (!(await consumeOneTimeToken(db, t, input.code, 'resetPassword'))) throw resetCodeInvalid();
  await database.transaction(async (tx) => {
    // Following a link mailed to the address proves the address, as a verification link would.
    const provesAddress = token.email === member.email;
    const [row] = await tx
      .update(t.members)
      .set({ passwordHash, ...(provesAddress ? { emailVerified: true } : {}) })
      .where(eq(t.members.id, member.id))
      .returning({ id: t.members.id, hasFreeAccess: t.members.hasFreeAccess });
    if (row && provesAddress) await grantPlaceOnVerification(tx, t, row);
    // Other reset links and pending email changes stop working with this one.
    await revokeCredentialLinks(tx, t, member.id);
  });
  await endSessions(deps, member.id);
  if (ctx.session?.member.id === member.id) ctx.clearSessionCookie();
  return { ok: true };
}
