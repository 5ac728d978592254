import {
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_RENEW_WITHIN_MS,
  SESSION_TTL_MS,
  SESSION_USE_RECORDED_EVERY_MS,
} from '@amiko/core';
import { prepared, type Database } from '@amiko/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { issueToken, parseToken, secretMatches } from './secret.ts';

/** What a valid session tells about its member: enough to authorise a request without another query. */
export interface SessionMember {
  id: string;
  emailVerified: boolean;
  hasPaid: boolean;
  hasFreeAccess: boolean;
  language: 'en' | 'de';
}

export interface ValidSession {
  id: string;
  expiresAt: Date;
  member: SessionMember;
  /** True when the expiry was just extended: the cookie should be sent again with the new date. */
  renewed: boolean;
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * Sessions after lucia-auth.com: a random "<id>.<secret>" token, a SHA-256 hash of the secret in the
 * database, constant-time comparison, and a 30-day expiry that slides forward when a session is used in
 * its second half. Besides, a session unused for SESSION_IDLE_TIMEOUT_MS (14 days) ends: its last use is
 * recorded at most once an hour.
 */
export function createSessionStore(database: Database) {
  const { db, t } = database;
  const byId = prepared(
    'session_by_id',
    db
      .select({
        id: t.sessions.id,
        secretHash: t.sessions.secretHash,
        expiresAt: t.sessions.expiresAt,
        lastUsedAt: t.sessions.lastUsedAt,
        member: {
          id: t.members.id,
          emailVerified: t.members.emailVerified,
          hasPaid: t.members.hasPaid,
          hasFreeAccess: t.members.hasFreeAccess,
          language: t.members.language,
        },
      })
      .from(t.sessions)
      .innerJoin(t.members, eq(t.members.id, t.sessions.memberId))
      // A suspended member's sessions are deleted with the suspension; this keeps one that a sign-in racing
      // it created from working either.
      .where(and(eq(t.sessions.id, sql.placeholder('id')), isNull(t.members.suspendedAt))),
  );

  return {
    async create(memberId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
      const { id, token, secretHash } = issueToken();
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await db
        .insert(t.sessions)
        .values({ id, memberId, secretHash, createdAt: now, expiresAt, lastUsedAt: now });
      return { token, expiresAt };
    },

    async validate(token: string, now = new Date()): Promise<ValidSession | null> {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const [row] = await byId.execute({ id: parsed.id });
      if (!row || !secretMatches(parsed.secret, row.secretHash)) return null;
      const idleFor = now.getTime() - row.lastUsedAt.getTime();
      if (row.expiresAt.getTime() <= now.getTime() || idleFor >= SESSION_IDLE_TIMEOUT_MS) {
        await db.delete(t.sessions).where(eq(t.sessions.id, row.id));
        return null;
      }
      let expiresAt = row.expiresAt;
      const renewed = expiresAt.getTime() - now.getTime() < SESSION_RENEW_WITHIN_MS;
      if (renewed) expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      if (renewed || idleFor >= SESSION_USE_RECORDED_EVERY_MS) {
        await db.update(t.sessions).set({ expiresAt, lastUsedAt: now }).where(eq(t.sessions.id, row.id));
      }
      return { id: row.id, expiresAt, member: row.member, renewed };
    },

    async invalidate(sessionId: string): Promise<void> {
      await db.delete(t.sessions).where(eq(t.sessions.id, sessionId));
    },

    /** Ends every session of a member, or every one but `exceptSessionId`. */
    async invalidateMember(memberId: string, exceptSessionId?: string): Promise<void> {
      await db
        .delete(t.sessions)
        .where(
          exceptSessionId
            ? and(eq(t.sessions.memberId, memberId), ne(t.sessions.id, exceptSessionId))
            : eq(t.sessions.memberId, memberId),
        );
    },
  };
}

export { parseToken };
