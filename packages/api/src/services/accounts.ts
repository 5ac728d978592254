import { hashPassword, verifyPassword } from '@amiko/auth';
import { createOneTimeToken } from '@amiko/auth';
import {
  EARLY_ACCESS_LIMIT,
  VERIFY_EMAIL_TOKEN_TTL_MS,
  type SignInInput,
  type UiLanguage,
  type signInSchema,
  type signUpSchema,
} from '@amiko/core';
import { isUniqueViolation, newId, type Db, type Member, type Schema } from '@amiko/db';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context, Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { composeMail } from '../mail/templates.ts';
import { meView, type MeView } from './views.ts';

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

/**
 * Takes one of the early-access places if any is left. A single conditional UPDATE on one counter row:
 * PostgreSQL re-checks the condition after waiting for a concurrent update of the row, and SQLite runs one
 * writer at a time, so never more than EARLY_ACCESS_LIMIT members get a place.
 */
export async function claimEarlyAccessPlace(tx: Db, t: Schema): Promise<boolean> {
  const claimed = await tx
    .update(t.appCounters)
    .set({ value: sql`${t.appCounters.value} + 1` })
    .where(and(eq(t.appCounters.name, 'earlyAccess'), lt(t.appCounters.value, EARLY_ACCESS_LIMIT)))
    .returning({ value: t.appCounters.value });
  return claimed.length === 1;
}

/** Mails a fresh verification link to the member's address. */
export async function sendVerificationMail(
  deps: Deps,
  member: Pick<Member, 'id' | 'email' | 'name' | 'language'>,
) {
  const { db, t } = deps.database;
  if (!member.email) return;
  const code = await createOneTimeToken(db, t, {
    memberId: member.id,
    purpose: 'verifyEmail',
    email: member.email,
    ttlMs: VERIFY_EMAIL_TOKEN_TTL_MS,
  });
  await deps.mail.send(
    composeMail(deps.t, {
      kind: 'verifyEmail',
      to: member.email,
      language: member.language,
      values: { name: member.name },
      actionUrl: actionLink(deps, 'verifyEmail', code),
      hasFootnote: true,
    }),
  );
}

async function startSession(ctx: Context, memberId: string): Promise<void> {
  if (ctx.session) await ctx.deps.sessions.invalidate(ctx.session.id);
  const { token, expiresAt } = await ctx.deps.sessions.create(memberId);
  ctx.setSessionCookie(token, expiresAt);
}

export async function signUp(ctx: Context, input: z.output<typeof signUpSchema>): Promise<MeView> {
  const { deps } = ctx;
  const { database } = deps;
  await deps.limiter.check('signUp:ip', ctx.ip);
  if (await findMemberByEmail(deps, input.email)) {
    throw appError('CONFLICT', 'auth:errors.emailInUse', { field: 'email' });
  }
  // Hash before the transaction: nothing but database work may happen inside one.
  const passwordHash = await hashPassword(input.password);
  const language: UiLanguage = input.language ?? ctx.language;
  const now = new Date();
  let member: Member;
  try {
    member = await database.transaction(async (tx) => {
      const hasFreeAccess = await claimEarlyAccessPlace(tx, database.t);
      const [row] = await tx
        .insert(database.t.members)
        .values({
          id: newId(),
          email: input.email,
          name: input.name,
          passwordHash,
          language,
          hasFreeAccess,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw appError('CONFLICT', 'auth:errors.emailInUse', { field: 'email' });
    throw error;
  }
  await sendVerificationMail(deps, member);
  await startSession(ctx, member.id);
  return meView(member);
}

export async function signIn(
  ctx: Context,
  input: z.output<typeof signInSchema> & SignInInput,
): Promise<MeView> {
  const { deps } = ctx;
  await deps.limiter.check('signIn:ip', ctx.ip);
  await deps.limiter.check('signIn:account', input.email);
  const member = await findMemberByEmail(deps, input.email);
  if (!member) throw appError('NOT_FOUND', 'auth:errors.userNotFound', { field: 'email' });
  if (!(await verifyPassword(member.passwordHash, input.password))) {
    throw appError('UNAUTHENTICATED', 'auth:errors.wrongPassword', { field: 'password' });
  }
  await startSession(ctx, member.id);
  return meView(member);
}

/** Signs the member out everywhere: every session ends and every live connection closes. */
export async function signOut(ctx: Context & { member: { id: string } }): Promise<void> {
  await ctx.deps.sessions.invalidateMember(ctx.member.id);
  ctx.deps.realtime.disconnectMember(ctx.member.id);
  ctx.clearSessionCookie();
}

export async function me(ctx: Context): Promise<MeView | null> {
  if (!ctx.session) return null;
  const member = await findMember(ctx.deps, ctx.session.member.id);
  return member ? meView(member) : null;
}
