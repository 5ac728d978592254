import { createSessionStore } from '@amiko/auth';
import { SESSION_COOKIE } from '@amiko/core';
import type { BrowserContext } from '@playwright/test';
import type { AmikoProcess } from '../support/amiko-process.ts';
import { insertMember, type InsertedMember, type TestMemberOptions } from '../support/members.ts';

/**
 * A member put straight into the server's database, with the browser context signed in as them (a real
 * session cookie). For journeys that start after sign-up; the sign-up journey itself uses the UI.
 */
export async function signedInMember(
  amiko: AmikoProcess,
  context: BrowserContext,
  options: TestMemberOptions = {},
): Promise<InsertedMember> {
  const member = await insertMember(amiko.db(), options);
  await signInContext(amiko, context, member.id);
  return member;
}

/** Signs a browser context in as an existing member: a session of its own (a second device, say). */
export async function signInContext(amiko: AmikoProcess, context: BrowserContext, memberId: string) {
  const { token } = await createSessionStore(amiko.db()).create(memberId);
  await context.addCookies([
    { name: SESSION_COOKIE, value: token, url: amiko.url, httpOnly: true, sameSite: 'Lax' },
  ]);
}
