import { DEFAULT_RATE_LIMITS } from '@amiko/api';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, TEST_PASSWORD } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { STRONG_PASSWORD, freshEmail } from './accounts-support.ts';

// The real limits of DEFAULT_RATE_LIMITS, each on a fresh server (the counts are per server process).
let ts: TestServer | null = null;
afterEach(async () => {
  await ts?.stop();
  ts = null;
});

async function server(): Promise<TestServer> {
  ts = await startTestServer({ realRateLimits: true });
  return ts;
}

/** Runs `attempt` until the limit, which must still pass, then once more, which must be refused. */
async function expectLimit(max: number, attempt: (i: number) => Promise<unknown>) {
  for (let i = 0; i < max; i += 1) {
    const outcome = await attempt(i).then(
      () => null,
      (error: unknown) => error,
    );
    expect((outcome as { data?: { appCode?: string } } | null)?.data?.appCode, `attempt ${i + 1}`).not.toBe(
      'RATE_LIMITED',
    );
  }
  const refused = await failure(attempt(max));
  expect(refused.data?.httpStatus).toBe(429);
  expect(refused.message).toBe('common:errors.tooManyRequests');
}

describe('abuse limits', () => {
  it('sign-in: per address and account', async () => {
    const s = await server();
    const member = await createMember(s);
    await expectLimit(DEFAULT_RATE_LIMITS['signIn:ipAccount'].max, () =>
      s.client().trpc.auth.signIn.mutate({ email: member.email, password: 'Wrong-pass-1' }),
    );
    // Even the right password waits now (from this address; other addresses: tests/security/lockout.test.ts);
    // another account does not.
    expect(
      (await failure(s.client().trpc.auth.signIn.mutate({ email: member.email, password: TEST_PASSWORD })))
        .message,
    ).toBe('common:errors.tooManyRequests');
    const other = await createMember(s);
    await s.client().trpc.auth.signIn.mutate({ email: other.email, password: TEST_PASSWORD });
  });

  it('sign-in: per IP address', async () => {
    const s = await server();
    await expectLimit(DEFAULT_RATE_LIMITS['signIn:ip'].max, () =>
      s.client().trpc.auth.signIn.mutate({ email: freshEmail(), password: 'Wrong-pass-1' }),
    );
  });

  it('sign-up: per IP address and per account', async () => {
    const s = await server();
    const email = freshEmail();
    await expectLimit(DEFAULT_RATE_LIMITS['signUp:account'].max, () =>
      s.client().trpc.auth.signUp.mutate({ name: 'A', email, password: STRONG_PASSWORD }),
    );
    const used = DEFAULT_RATE_LIMITS['signUp:account'].max + 1;
    await expectLimit(DEFAULT_RATE_LIMITS['signUp:ip'].max - used, () =>
      s.client().trpc.auth.signUp.mutate({ name: 'A', email: freshEmail(), password: STRONG_PASSWORD }),
    );
  });

  it('reset requests: per account and per IP address', async () => {
    const s = await server();
    const member = await createMember(s);
    await expectLimit(DEFAULT_RATE_LIMITS['resetRequest:account'].max, () =>
      s.client().trpc.auth.requestPasswordReset.mutate({ email: member.email }),
    );
    const used = DEFAULT_RATE_LIMITS['resetRequest:account'].max + 1;
    await expectLimit(DEFAULT_RATE_LIMITS['resetRequest:ip'].max - used, () =>
      s.client().trpc.auth.requestPasswordReset.mutate({ email: freshEmail() }),
    );
  });

  it('resends: per account (beyond the one-minute cooldown) and per IP address', async () => {
    const s = await server();
    const { db, t } = s.server.database;
    const member = await createMember(s, { verified: false });
    const pastCooldown = () =>
      db
        .update(t.authTokens)
        .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
        .where(and(eq(t.authTokens.memberId, member.id), eq(t.authTokens.purpose, 'verifyEmail')));
    await expectLimit(DEFAULT_RATE_LIMITS['resend:account'].max, async () => {
      await pastCooldown();
      return member.client.trpc.auth.resendVerification.mutate();
    });
    const used = DEFAULT_RATE_LIMITS['resend:account'].max + 1;
    const others = await Promise.all(
      Array.from({ length: DEFAULT_RATE_LIMITS['resend:ip'].max - used + 1 }, () =>
        createMember(s, { verified: false }),
      ),
    );
    await expectLimit(others.length - 1, (i) => others[i]!.client.trpc.auth.resendVerification.mutate());
  });

  it('password re-checks in settings: per account', async () => {
    const s = await server();
    const member = await createMember(s);
    await expectLimit(DEFAULT_RATE_LIMITS['password:account'].max, () =>
      member.client.trpc.account.delete.mutate({ password: 'Wrong-pass-1' }),
    );
  });
});
