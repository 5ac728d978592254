import { SESSION_COOKIE } from '@amiko/core';
import { expect } from 'vitest';
import type { TestClient, TestServer } from '../support/server.ts';

// Helpers shared by the account tests (auth*, accounts*, early-access*, mail*).

export const STRONG_PASSWORD = 'Tangerine-Otter-42';

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The dev mailbox of a test server (/dev/mail.json), newest first; only the mails to `to` when given. */
export async function mailbox(ts: TestServer, to?: string): Promise<DevMail[]> {
  const query = to === undefined ? '' : `?${new URLSearchParams({ to })}`;
  const response = await fetch(`${ts.url}/dev/mail.json${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DevMail[];
}

/** Every mail to an address, newest first. */
export async function mailsTo(ts: TestServer, to: string): Promise<DevMail[]> {
  const mails = await mailbox(ts, to);
  expect(mails.every((m) => m.to === to)).toBe(true);
  return mails;
}

/** The newest mail to an address; fails the test when there is none. */
export async function latestMailTo(ts: TestServer, to: string): Promise<DevMail> {
  const [mail] = await mailsTo(ts, to);
  if (!mail) throw new Error(`No mail to ${to}`);
  return mail;
}

/** The /auth-action link in a mail, with its mode and code. */
export function actionLinkIn(mail: DevMail): { url: URL; mode: string; code: string } {
  const match = /https?:\/\/\S+\/auth-action\?\S+/.exec(mail.text);
  if (!match) throw new Error(`No action link in "${mail.subject}"`);
  const url = new URL(match[0]);
  expect(mail.html).toContain(match[0].replace(/&/g, '&amp;'));
  return { url, mode: url.searchParams.get('mode') ?? '', code: url.searchParams.get('code') ?? '' };
}

let counter = 0;
/** A unique address for a test. */
export function freshEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs up through the API as a new browser; returns the signed-in client. */
export async function signUpMember(
  ts: TestServer,
  options: { name?: string; email?: string; password?: string; language?: 'en' | 'de' } = {},
): Promise<{ client: TestClient; email: string; password: string; id: string }> {
  const client = ts.client();
  const email = options.email ?? freshEmail();
  const password = options.password ?? STRONG_PASSWORD;
  const me = await client.trpc.auth.signUp.mutate({
    name: options.name ?? 'Ana Example',
    email,
    password,
    ...(options.language ? { language: options.language } : {}),
  });
  return { client, email, password, id: me.id };
}

/** The session cookie a client holds now. */
export function sessionCookie(client: TestClient): string | undefined {
  return client.http.cookies.get(SESSION_COOKIE);
}

/** A new client that presents a given session cookie, e.g. one kept from before a sign-out. */
export function clientWithCookie(ts: TestServer, token: string): TestClient {
  const client = ts.client();
  client.http.cookies.set(SESSION_COOKIE, token);
  return client;
}
