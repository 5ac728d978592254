// Issue 17 item 3: a reset or email-change link mailed before a password change or an email change stops
// working with the change, so a link in an old mailbox (or in the hands of whoever read it) cannot undo it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLinkIn, freshEmail, latestMailTo, STRONG_PASSWORD } from '../api/accounts-support.ts';
import { failure } from '../support/errors.ts';
import { createMember, TEST_PASSWORD, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

const NEW_PASSWORD = `${STRONG_PASSWORD}-new`;

async function resetLink(member: TestMember): Promise<string> {
  await ts.client().trpc.auth.requestPasswordReset.mutate({ email: member.email });
  return actionLinkIn(await latestMailTo(ts, member.email)).code;
}

async function emailChangeLink(
  member: TestMember,
  password = TEST_PASSWORD,
): Promise<{ code: string; to: string }> {
  const to = freshEmail('moved');
  await member.client.trpc.account.changeEmail.mutate({ password, newEmail: to });
  return { code: actionLinkIn(await latestMailTo(ts, to)).code, to };
}

const resetRefused = async (code: string) =>
  expect(
    (await failure(ts.client().trpc.auth.resetPassword.mutate({ code, password: 'Another-Pass-9' }))).message,
  ).toBe('auth:errors.invalidResetCode');

const changeRefused = async (code: string) =>
  expect((await failure(ts.client().trpc.auth.verifyEmail.mutate({ code }))).message).toBe(
    'auth:errors.verificationLinkInvalid',
  );

const changePassword = (member: TestMember) =>
  member.client.trpc.account.changePassword.mutate({
    currentPassword: TEST_PASSWORD,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });

describe('a password change', () => {
  it('revokes pending reset links', async () => {
    const member = await createMember(ts);
    const code = await resetLink(member);
    await changePassword(member);
    await resetRefused(code);
  });

  it('revokes pending email-change links', async () => {
    const member = await createMember(ts);
    const { code } = await emailChangeLink(member);
    await changePassword(member);
    await changeRefused(code);
  });

  it('by reset link revokes pending email-change links', async () => {
    const member = await createMember(ts);
    const change = await emailChangeLink(member);
    const reset = await resetLink(member);
    await ts.client().trpc.auth.resetPassword.mutate({ code: reset, password: NEW_PASSWORD });
    await changeRefused(change.code);
  });
});

describe('an email change', () => {
  it('revokes reset links mailed to the old address, and other pending changes', async () => {
    const member = await createMember(ts);
    const reset = await resetLink(member);
    const first = await emailChangeLink(member);
    const second = await emailChangeLink(member);
    expect(await ts.client().trpc.auth.verifyEmail.mutate({ code: second.code })).toEqual({
      purpose: 'changeEmail',
    });
    await resetRefused(reset);
    await changeRefused(first.code);
  });

  it('leaves links of the member’s later requests working', async () => {
    const member = await createMember(ts);
    await changePassword(member);
    const code = await resetLink(member);
    expect(await ts.client().trpc.auth.resetPassword.mutate({ code, password: 'Another-Pass-9' })).toEqual({
      ok: true,
    });
  });
});
