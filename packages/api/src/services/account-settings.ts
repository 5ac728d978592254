import { hashPassword, verifyPassword } from '@amiko/auth';
import {
  COMMON_ERRORS,
  PROFILE_FIELD_NAMES,
  VERIFY_EMAIL_TOKEN_TTL_MS,
  type changeEmailSchema,
  type changePasswordFormSchema,
  type NotificationSettings,
  type NotificationSettingsChange,
} from '@amiko/core';
import { sqliteSchema, type Db, type Member, type Schema } from '@amiko/db';
import { eq, getTableColumns, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import {
  assertPlausibleEmail,
  assertStrongEnough,
  endSessions,
  findMember,
  findMemberByEmail,
  mailActionLink,
  revokeCredentialLinks,
  type SignedIn,
} from './accounts.ts';

// Settings → Change Password, Notifications and Account Management. Password and account changes re-check
// the password first.

/** The member behind the session, after a rate-limited check of their password. */
async function recheckPassword(
  ctx: SignedIn,
  password: string,
  failure: { key: string; field: string },
): Promise<Member> {
  await ctx.deps.limiter.check('password:account', ctx.member.id);
  const member = await findMember(ctx.deps, ctx.member.id);
  if (!member) throw appError('UNAUTHENTICATED', COMMON_ERRORS.notSignedIn);
  if (!(await verifyPassword(member.passwordHash, password))) {
    throw appError('FORBIDDEN', failure.key, { field: failure.field });
  }
  return member;
}

/**
 * A new password; every other session of the member ends (this one stays signed in), and pending reset
 * and email-change links stop working.
 */
export async function changePassword(
  ctx: SignedIn,
  input: z.output<typeof changePasswordFormSchema>,
): Promise<{ ok: true }> {
  const member = await recheckPassword(ctx, input.currentPassword, {
    key: 'auth:errors.wrongPassword',
    field: 'currentPassword',
  });
  assertStrongEnough(input.newPassword, member, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const { database } = ctx.deps;
  const { t } = database;
  await database.transaction(async (tx) => {
    await tx.update(t.members).set({ passwordHash }).where(eq(t.members.id, member.id));
    // A reset link or an email change mailed before must not undo the new password.
    await revokeCredentialLinks(tx, t, member.id);
  });
  await endSessions(ctx.deps, member.id, ctx.session.id);
  return { ok: true };
}

/**
 * Starts an email change: a verification link goes to the new address, and the address changes only when
 * that link is used (auth.verifyEmail), so nobody can move an account to an address they do not own.
 */
export async function requestEmailChange(
  ctx: SignedIn,
  input: z.output<typeof changeEmailSchema>,
): Promise<{ email: string }> {
  const { deps } = ctx;
  const member = await recheckPassword(ctx, input.password, {
    key: 'settings:errors.authFailed',
    field: 'password',
  });
  assertPlausibleEmail(input.newEmail, 'newEmail');
  if (input.newEmail === member.email || (await findMemberByEmail(deps, input.newEmail))) {
    throw appError('CONFLICT', 'auth:errors.emailInUse', { field: 'newEmail' });
  }
  await mailActionLink(deps, {
    member,
    purpose: 'changeEmail',
    to: input.newEmail,
    ttlMs: VERIFY_EMAIL_TOKEN_TTL_MS,
    kind: 'changeEmail',
    mode: 'verifyEmail',
    values: { newEmail: input.newEmail },
  });
  return { email: input.newEmail };
}

/**
 * A member row without any personal data: every profile field empty (a list [], the Big Five {}, a required
 * text '', anything else null), no address, no password, no photo.
 */
function tombstone(member: Member, now: Date): Partial<Member> {
  const columns = getTableColumns(sqliteSchema.members);
  const blank: Record<string, unknown> = {};
  for (const field of PROFILE_FIELD_NAMES) {
    const value: unknown = member[field];
    if (Array.isArray(value)) blank[field] = [];
    else if (typeof value === 'boolean') blank[field] = false;
    else if (value !== null && typeof value === 'object') blank[field] = {};
    else blank[field] = columns[field].notNull ? '' : null;
  }
  return {
    ...blank,
    // The city typed before places (issue 33) is no profile field any more, but still theirs.
    city: null,
    email: null,
    emailVerified: false,
    passwordHash: null,
    photoKey: null,
    croppedPhotoKey: null,
    deletedAt: now,
  };
}

/**
 * Deletes an account (SPEC §6, password re-checked): deleteMember, then this browser's cookie goes too.
 */
export async function deleteAccount(ctx: SignedIn, password: string): Promise<{ ok: true }> {
  const member = await recheckPassword(ctx, password, {
    key: 'auth:errors.wrongPassword',
    field: 'password',
  });
  await deleteMember(ctx.deps, member);
  ctx.clearSessionCookie();
  return { ok: true };
}

/**
 * Deletes a member's account: the member's own choice (deleteAccount) or an operator's (`pnpm admin
 * delete-member`), the same way. The row stays as a blank tombstone, so the conversations of the people the
 * member talked to keep working and show a deleted member; everything personal goes: profile, address,
 * password, photos, sessions, mailed links, favourites and blocks.
 */
export async function deleteMember(
  deps: Pick<Deps, 'database' | 'realtime' | 'photos' | 'log'>,
  member: Member,
  /** More database work of the same transaction (the moderation log's entry). */
  alongside?: (tx: Db, t: Schema) => Promise<void>,
): Promise<void> {
  const { database } = deps;
  const { t } = database;
  const now = new Date();
  await database.transaction(async (tx) => {
    const blanked = await tx
      .update(t.members)
      .set(tombstone(member, now))
      .where(eq(t.members.id, member.id))
      .returning({ id: t.members.id });
    if (blanked.length !== 1) throw appError('NOT_FOUND', 'settings:errors.deleteUserFailed');
    await tx.delete(t.sessions).where(eq(t.sessions.memberId, member.id));
    await tx.delete(t.authTokens).where(eq(t.authTokens.memberId, member.id));
    await tx
      .delete(t.favorites)
      .where(or(eq(t.favorites.memberId, member.id), eq(t.favorites.favoriteId, member.id)));
    await tx.delete(t.blocks).where(or(eq(t.blocks.blockerId, member.id), eq(t.blocks.blockedId, member.id)));
    // Feedback and contact messages stay with the team, no longer linked to the account.
    await tx.update(t.feedback).set({ memberId: null }).where(eq(t.feedback.memberId, member.id));
    await tx
      .update(t.contactMessages)
      .set({ memberId: null })
      .where(eq(t.contactMessages.memberId, member.id));
    await alongside?.(tx, t);
  });
  deps.realtime.disconnectMember(member.id);
  for (const key of [member.photoKey, member.croppedPhotoKey]) {
    await deps.photos.remove(key).catch((error: unknown) => {
      deps.log.error({ err: error, memberId: member.id }, 'could not remove a deleted member’s photo');
    });
  }
}

/** Settings → Notifications. */
export async function notificationSettings(deps: Deps, memberId: string): Promise<NotificationSettings> {
  const { db, t } = deps.database;
  const [row] = await db
    .select({
      showMessageText: t.members.notifyMessageText,
      emailAboutMessages: t.members.emailAboutMessages,
    })
    .from(t.members)
    .where(eq(t.members.id, memberId));
  return {
    showMessageText: row?.showMessageText ?? false,
    emailAboutMessages: row?.emailAboutMessages ?? 'instant',
  };
}

export async function setNotificationSettings(
  deps: Deps,
  memberId: string,
  change: NotificationSettingsChange,
): Promise<NotificationSettings> {
  const { db, t } = deps.database;
  const set = {
    ...(change.showMessageText === undefined ? {} : { notifyMessageText: change.showMessageText }),
    ...(change.emailAboutMessages === undefined ? {} : { emailAboutMessages: change.emailAboutMessages }),
  };
  // drizzle refuses an UPDATE without columns: an empty change changes nothing.
  if (Object.keys(set).length > 0) await db.update(t.members).set(set).where(eq(t.members.id, memberId));
  return notificationSettings(deps, memberId);
}
