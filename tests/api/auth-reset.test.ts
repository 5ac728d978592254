import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
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

const NEW_PASSWORD = 'Second-Lantern-77';

async function requestReset(email: string): Promise<string> {
  expect(await ts.client().trpc.auth.requestPasswordReset.mutate({ email })).toEqual({ ok: true });
  const link = actionLinkIn(await latestMailTo(ts, email.toLowerCase()));
  expect(link.mode).toBe('resetPassword');
  return link.code;
}

describe('password reset', () => {
  it('answers the same whether or not the address belongs to a member, and mails only members', async () => {
    const member = await createMember(ts, { language: 'de', name: 'Lena' });
    const stranger = freshEmail('nobody');
    const known = await ts.client().trpc.auth.requestPasswordReset.mutate({ email: member.email });
    const unknown = await ts.client().trpc.auth.requestPasswordReset.mutate({ email: stranger });
    expect(unknown).toEqual(known);
    expect(await mailsTo(ts, stranger)).toEqual([]);
    const mail = await latestMailTo(ts, member.email);
    expect(mail.subject).toBe('Setze dein Amiko-Passwort zurück');
    expect(mail.text).toContain('Hallo Lena,');
    expect(actionLinkIn(mail).mode).toBe('resetPassword');
  });

  it('sets the new password, ends every session (401 for old cookies) and uses the code up', async () => {
    const { client, email, password } = await signUpMember(ts);
    const other = ts.client();
    await other.trpc.auth.signIn.mutate({ email, password });
    const oldCookie = sessionCookie(client)!;
    const code = await requestReset(email);

    expect(await ts.client().trpc.auth.resetPassword.mutate({ code, password: NEW_PASSWORD })).toEqual({
      ok: true,
    });
    for (const old of [clientWithCookie(ts, oldCookie), other]) {
      expect((await failure(old.trpc.auth.signOut.mutate())).data?.httpStatus).toBe(401);
    }
    const wrong = await failure(ts.client().trpc.auth.signIn.mutate({ email, password }));
    expect(wrong.message).toBe('auth:errors.wrongPassword');
    const fresh = ts.client();
    await fresh.trpc.auth.signIn.mutate({ email, password: NEW_PASSWORD });
    // Following a link mailed to the address proves it, like a verification link.
    expect(await fresh.trpc.auth.me.query()).toMatchObject({ email, emailVerified: true });

    const reused = await failure(
      ts.client().trpc.auth.resetPassword.mutate({ code, password: 'Third-Lantern-88' }),
    );
    expect(reused.message).toBe('auth:errors.invalidResetCode');
  });

  it('signs out the browser that resets, when it belongs to the same member', async () => {
    const { client, email } = await signUpMember(ts);
    const code = await requestReset(email);
    await client.trpc.auth.resetPassword.mutate({ code, password: NEW_PASSWORD });
    expect(sessionCookie(client)).toBeUndefined();
    expect(await client.trpc.auth.me.query()).toBeNull();
  });

  it('refuses missing, forged and expired codes with "Invalid or expired reset code."', async () => {
    const { email, id } = await signUpMember(ts);
    const code = await requestReset(email);
    const [tokenId] = code.split('.') as [string];
    for (const bad of ['', `${tokenId}.aaaaaaaaaaaaaaaaaaaaaaaa`, 'x.y']) {
      const error = await failure(
        ts.client().trpc.auth.resetPassword.mutate({ code: bad, password: NEW_PASSWORD }),
      );
      expect(error.message).toBe('auth:errors.invalidResetCode');
    }
    const { db, t } = ts.server.database;
    await db
      .update(t.authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(t.authTokens.memberId, id));
    const expired = await failure(
      ts.client().trpc.auth.resetPassword.mutate({ code, password: NEW_PASSWORD }),
    );
    expect(expired.message).toBe('auth:errors.invalidResetCode');
  });

  it('checks the new password by the SPEC rules and refuses weak ones, keeping the code usable', async () => {
    const { email } = await signUpMember(ts, { name: 'Roberta' });
    const code = await requestReset(email);
    const short = await failure(ts.client().trpc.auth.resetPassword.mutate({ code, password: 'Ab1!' }));
    expect(short.data?.fieldErrors).toEqual({ password: 'auth:errors.passwordTooShort' });
    const weak = await failure(
      ts.client().trpc.auth.resetPassword.mutate({ code, password: 'Roberta-2000!' }),
    );
    // Made of the member's name: the refusal says so (issue 18.7).
    expect(weak.data?.fieldErrors).toEqual({ password: 'auth:errors.weakPasswordPersonal' });
    expect(await ts.client().trpc.auth.resetPassword.mutate({ code, password: NEW_PASSWORD })).toEqual({
      ok: true,
    });
  });

  it('retires the member’s other reset links once one is used', async () => {
    const { email, id } = await signUpMember(ts);
    const first = await requestReset(email);
    const second = await requestReset(email);
    await ts.client().trpc.auth.resetPassword.mutate({ code: second, password: NEW_PASSWORD });
    const error = await failure(
      ts.client().trpc.auth.resetPassword.mutate({ code: first, password: 'Other-Lantern-99' }),
    );
    expect(error.message).toBe('auth:errors.invalidResetCode');
    const { db, t } = ts.server.database;
    const open = await db
      .select()
      .from(t.authTokens)
      .where(
        and(
          eq(t.authTokens.memberId, id),
          eq(t.authTokens.purpose, 'resetPassword'),
          isNull(t.authTokens.usedAt),
        ),
      );
    expect(open).toEqual([]);
  });

  it('gives one reset of the same link to only one of two concurrent uses', async () => {
    const { email } = await signUpMember(ts);
    const code = await requestReset(email);
    const results = await Promise.allSettled([
      ts.client().trpc.auth.resetPassword.mutate({ code, password: 'Parallel-One-11' }),
      ts.client().trpc.auth.resetPassword.mutate({ code, password: 'Parallel-Two-22' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
