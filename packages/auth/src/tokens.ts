import type { Db, Schema, TokenPurpose } from '@amiko/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { issueToken, parseToken, secretMatches } from './secret.ts';

// One-time tokens for links sent by mail (verify email, reset password, change email). Same shape as
// session tokens: "<id>.<secret>", the secret stored hashed; each can be used once and expires.

export interface TokenRow {
  id: string;
  memberId: string;
  purpose: TokenPurpose;
  email: string;
  createdAt: Date;
}

export async function createOneTimeToken(
  db: Db,
  t: Schema,
  input: { memberId: string; purpose: TokenPurpose; email: string; ttlMs: number; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  const { id, token, secretHash } = issueToken();
  await db.insert(t.authTokens).values({
    id,
    memberId: input.memberId,
    purpose: input.purpose,
    email: input.email,
    secretHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.ttlMs),
  });
  return token;
}

/** Finds a token that is valid now, without using it up (e.g. to show the reset form). */
export async function findOneTimeToken(
  db: Db,
  t: Schema,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<TokenRow | null> {
  const parsed = parseToken(token);
  if (!parsed) return null;
  const [row] = await db
    .select()
    .from(t.authTokens)
    .where(
      and(
        eq(t.authTokens.id, parsed.id),
        eq(t.authTokens.purpose, purpose),
        isNull(t.authTokens.usedAt),
        gt(t.authTokens.expiresAt, now),
      ),
    );
  if (!row || !secretMatches(parsed.secret, row.secretHash)) return null;
  return {
    id: row.id,
    memberId: row.memberId,
    purpose: row.purpose,
    email: row.email,
    createdAt: row.createdAt,
  };
}

/**
 * Uses a token up: returns it when it was valid and unused, null otherwise. The conditional update makes
 * this safe against two concurrent uses of the same link.
 */
export async function consumeOneTimeToken(
  db: Db,
  t: Schema,
  token: string,
  purpose: TokenPurpose,
  now = new Date(),
): Promise<TokenRow | null> {
  const row = await findOneTimeToken(db, t, token, purpose, now);
  if (!row) return null;
  const used = await db
    .update(t.authTokens)
    .set({ usedAt: now })
    .where(and(eq(t.authTokens.id, row.id), isNull(t.authTokens.usedAt)))
    .returning({ id: t.authTokens.id });
  return used.length === 1 ? row : null;
}
