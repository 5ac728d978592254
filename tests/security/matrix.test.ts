import { randomUUID } from 'node:crypto';
import { CLIENT_EVENTS, findMemberByReference, suspendMember, type ClientToServerEvents } from '@amiko/api';
import { createOneTimeToken } from '@amiko/auth';
import { APP_ERROR_CODES, COMMON_ERRORS, SESSION_COOKIE, type AppErrorCode } from '@amiko/core';
import type { TokenPurpose } from '@amiko/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browserish } from '../support/http.ts';
import { connectSocket, request, sessionCookie } from '../support/messaging.ts';
import { createMember, insertMember, TEST_PASSWORD, type TestMember } from '../support/members.ts';
import { browserKeys, vapidKeyPair } from '../support/push-service.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { callProcedure, PROCEDURES } from './procedures.ts';
import { podInput } from '../support/pods.ts';

// The authorisation matrix: every tRPC procedure (read from the app router) and every socket event (read from
// the event contract's CLIENT_EVENTS), called by each kind of caller with an input that passes validation,
// so that what answers is the access rule. The expected answer of each cell is in EXPECTED below; a
// procedure or event without a row fails the suite, so a new one cannot ship without a decision.
// A suspended member's sessions end with the suspension, as a deleted member's do with the deletion: a
// cookie kept from before is nobody's (the sign-in text and the rest of suspension: tests/api/admin.test.ts).

type Role =
  | 'anonymous'
  | 'unverified'
  | 'verifiedUnpaid'
  | 'earlyAccess'
  | 'paid'
  | 'suspended'
  | 'deleted'
  | 'blockedByTarget';

/** The column order of the rows below. */
const ROLES: Role[] = [
  'anonymous',
  'unverified',
  'verifiedUnpaid',
  'earlyAccess',
  'paid',
  'suspended',
  'deleted',
  'blockedByTarget',
];

/** What a call answers: 'ok', or the refusal's stable code (data.appCode, or the socket ack's appCode). */
type Answer = 'ok' | AppErrorCode;
type Row = [Answer, Answer, Answer, Answer, Answer, Answer, Answer, Answer];

const OK = 'ok';
const SIGN_IN = 'UNAUTHENTICATED';
const VERIFY = 'EMAIL_NOT_VERIFIED';
const PAY = 'PAYMENT_REQUIRED';

// prettier-ignore
const EXPECTED: Record<string, Row> = {
  //                               anonymous unverified unpaid  early   paid    suspended deleted  blocked-by-target
  'meta.memberCount':             [OK,       OK,        OK,     OK,     OK,     OK,       OK,      OK],
  'auth.me':                      [OK,       OK,        OK,     OK,     OK,     OK,       OK,      OK],
  'auth.signUp':                  [OK,       OK,        OK,     OK,     OK,     OK,       OK,      OK],
  'auth.signIn':                  [OK,       OK,        OK,     OK,     OK,     OK,       OK,      OK],
  'auth.signOut':                 [SIGN_IN,  OK,        OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'auth.verifyEmail':             [OK,       OK,        OK,     OK,     OK,     OK,       OK,      OK],
  'auth.resendVerification':      [SIGN_IN,  OK,        OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'auth.requestPasswordReset':    [OK,       OK,        OK,     OK,     OK,     OK,       OK,      OK],
  'auth.resetPassword':           [OK,       OK,        OK,     OK,     OK,     OK,       OK,      OK],
  'account.changePassword':       [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'account.changeEmail':          [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'account.notifications':        [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'account.setNotifications':     [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'account.privacy':              [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'account.setPrivacy':           [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'account.requestDataExport':    [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'account.delete':               [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'blocks.list':                  [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'blocks.block':                 [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'blocks.unblock':               [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'profile.mine':                 [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'profile.saveSection':          [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'profile.placeAsked':           [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  // A member who blocked the caller is not found, as if they did not exist.
  'profile.view':                 [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'profile.recropPhoto':          [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  // Paying is for members without access: the others are told they have it already.
  'payments.config':              [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'payments.start':               [SIGN_IN,  VERIFY,    OK,     'CONFLICT', 'CONFLICT', SIGN_IN,  SIGN_IN, 'CONFLICT'],
  'payments.confirmTestPayment':  [SIGN_IN,  VERIFY,    OK,     'NOT_FOUND', 'NOT_FOUND', SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'payments.status':              [SIGN_IN,  OK,        OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'messages.conversations':       [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  // A member who blocked the caller is not found, as in profile.view (issue 17 item 5,
  // tests/security/visibility.test.ts).
  'messages.open':                [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'messages.thread':              [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'messages.sync':                [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'messages.send':                [SIGN_IN,  VERIFY,    PAY,    OK,     OK,     SIGN_IN,  SIGN_IN, 'BLOCKED'],
  'messages.markRead':            [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'messages.delete':              [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'messages.unread':              [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'messages.clearUnread':         [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'site.contact':                 [OK,       OK,        OK,     OK,     OK,     OK,       OK,      OK],
  'site.feedback':                [OK,       OK,        OK,     OK,     OK,     OK,       OK,      OK],
  'site.pageView':                [OK,       OK,        OK,     OK,     OK,     OK,       OK,      OK],
  'site.setLanguage':             [SIGN_IN,  OK,        OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'community.directory':          [OK,       VERIFY,    OK,     OK,     OK,     OK,       OK,      OK],
  'favorites.list':               [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'places.search':                [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'push.devices':                 [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'push.subscribe':               [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'push.remove':                  [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  // Pods (issue 34): nothing behind the payment; a pod with someone who blocked the caller does not exist for them.
  'pods.find':                    [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'pods.mine':                    [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'pods.get':                     [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'pods.start':                   [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'pods.join':                    [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'pods.leave':                   [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  // Suggestions that start pods: what a verified member is offered, never behind the payment.
  'pods.suggestion':              [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'pods.dismissSuggestion':       [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'pods.startSuggested':          [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  // Only the pod's starter and hosts answer requests: to anyone else the request's pod is not theirs to see.
  'pods.answer':                  [SIGN_IN,  VERIFY,    'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  // The pod's chat: its members only (the caller joins the target's pod where they can; a pod with someone
  // who blocked them they cannot join, and to a non-member it does not exist); writing as messages.send.
  'pods.messages':                [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'pods.send':                    [SIGN_IN,  VERIFY,    PAY,    OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'pods.sync':                    [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'pods.read':                    [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'pods.unread':                  [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  // Moderation in a pod (the caller a host of the target's pod removing a member; the starter of their own
  // pod naming the target host; a member reporting the target from the pod): never behind the payment. A
  // caller the target blocked is in no pod with them.
  'pods.remove':                  [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'pods.setRole':                 [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'pods.report':                  [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  // A member answers a pod of theirs gone quiet (keep it or let it close), never behind the payment.
  'pods.quietAnswer':             [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  // Meetups of a pod (issue 35): its members (the caller joins the target's pod where they can), never behind
  // the payment; a pod with someone who blocked the caller has no meetups for them.
  'meetups.propose':              [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'meetups.ofPod':                [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'meetups.rsvp':                 [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  // The Meetups page and "This week" (issue 35, item 8): lists, never behind the payment; a pod with someone
  // who blocked the caller is left out of them.
  'meetups.find':                 [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'meetups.thisWeek':             [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  // After a meetup (issue 35.5): what the caller was going to; a meetup with someone who blocked them they never
  // went to, so it has no questions for them.
  'meetups.afterQuestions':       [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'meetups.answerAfter':          [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'meetups.mutual':               [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'meetups.report':               [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  // The host cancels (the caller a host of the target's pod, where they can join it); "Tell a friend" from a
  // meetup of the caller's pod. A pod with someone who blocked the caller has no meetups for them.
  'meetups.cancel':               [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'meetups.tellFriend':           [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'favorites.toggle':             [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'favorites.remove':             [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  // Someone who blocked you can still be reported (harassment often comes with a block).
  'reports.create':               [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],

  // Socket events. The handshake refuses visitors, unverified members and ended sessions before any event.
  'socket:message:send':          [SIGN_IN,  VERIFY,    PAY,    OK,     OK,     SIGN_IN,  SIGN_IN, 'BLOCKED'],
  'socket:message:sync':          [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'socket:conversation:read':     [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'socket:typing':                [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, OK],
  'socket:pod:send':              [SIGN_IN,  VERIFY,    PAY,    OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'socket:pod:sync':              [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'socket:pod:read':              [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
  'socket:pod:typing':            [SIGN_IN,  VERIFY,    OK,     OK,     OK,     SIGN_IN,  SIGN_IN, 'NOT_FOUND'],
};

let ts: TestServer;
beforeAll(async () => {
  // VAPID keys on either database (PostgreSQL has none of its own): push.subscribe's answer is its access rule.
  const vapid = vapidKeyPair();
  ts = await startTestServer({
    env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
  });
});
afterAll(() => ts?.stop());

/** One cell's world: a caller of the role, a paid member they may act on, and a conversation between them. */
interface Cell {
  role: Role;
  /** A client of its own, with the caller's session cookie (none for a visitor). */
  http: Browserish;
  /** The caller's session token (null for a visitor). */
  token: string | null;
  /** The member the caller acts on: verified, paid, onboarded; in 'blockedByTarget' they blocked the caller. */
  target: TestMember;
  /** A conversation of the caller with the target, or of others when the caller cannot have one. */
  conversationId: string;
}

const tokenOf = (member: TestMember) => member.client.http.cookies.get(SESSION_COOKIE)!;

async function conversationBetween(from: TestMember, to: { id: string }): Promise<string> {
  const { message } = await from.client.trpc.messages.send.mutate({
    to: to.id,
    clientId: randomUUID(),
    body: 'Hello there',
  });
  return message.conversationId;
}

async function makeCell(role: Role): Promise<Cell> {
  const target = await createMember(ts, { access: 'paid' });
  const withCookie = (token: string | null) => {
    const { http } = ts.client();
    if (token) http.cookies.set(SESSION_COOKIE, token);
    return { http, token };
  };
  const ofOthers = async () => conversationBetween(target, await createMember(ts, { access: 'paid' }));

  switch (role) {
    case 'anonymous':
      return { role, ...withCookie(null), target, conversationId: await ofOthers() };
    case 'unverified': {
      const caller = await createMember(ts, { verified: false });
      return { role, ...withCookie(tokenOf(caller)), target, conversationId: await ofOthers() };
    }
    case 'suspended': {
      // An operator suspends the member (pnpm admin suspend, through the same service); a device still
      // holds a cookie of theirs.
      const caller = await createMember(ts, { access: 'paid' });
      const conversationId = await conversationBetween(target, caller);
      const { token } = await ts.server.deps.sessions.create(caller.id);
      const member = await findMemberByReference(ts.server.deps, caller.id);
      expect(await suspendMember(ts.server.deps, member!, { actor: 'matrix', reason: 'test' })).toBe(
        'suspended',
      );
      return { role, ...withCookie(token), target, conversationId };
    }
    case 'deleted': {
      // The member deletes their account on one device; another device still holds its cookie.
      const caller = await createMember(ts, { access: 'paid' });
      const conversationId = await conversationBetween(target, caller);
      const { token } = await ts.server.deps.sessions.create(caller.id);
      await caller.client.trpc.account.delete.mutate({ password: TEST_PASSWORD });
      return { role, ...withCookie(token), target, conversationId };
    }
    default: {
      const access = role === 'verifiedUnpaid' ? 'none' : role === 'earlyAccess' ? 'free' : 'paid';
      const caller = await createMember(ts, { access });
      const conversationId = await conversationBetween(target, caller);
      if (role === 'blockedByTarget') await target.client.trpc.blocks.block.mutate({ memberId: caller.id });
      // A session of the cell's own, so that signing out or in here touches no other cell.
      const { token } = await ts.server.deps.sessions.create(caller.id);
      return { role, ...withCookie(token), target, conversationId };
    }
  }
}

async function oneTimeCode(purpose: TokenPurpose, options: { verified: boolean }): Promise<string> {
  const member = await insertMember(ts.server.database, { verified: options.verified });
  const { db, t } = ts.server.database;
  return createOneTimeToken(db, t, { memberId: member.id, purpose, email: member.email, ttlMs: 3_600_000 });
}

/** A pod anyone may join (open, online), started by the cell's target. */
const matrixPod = () => podInput({ sizeLimit: 6 });
async function podOfTarget(cell: Cell): Promise<string> {
  const pod = await cell.target.client.trpc.pods.start.mutate(matrixPod());
  return pod.id;
}

const canReachProcedures = (role: Role) =>
  !['anonymous', 'unverified', 'suspended', 'deleted'].includes(role);

/** A pod of the target's that the caller has joined, where they can join at all. */
async function podWithCaller(cell: Cell): Promise<string> {
  const podId = await podOfTarget(cell);
  if (canReachProcedures(cell.role))
    await callProcedure(cell.http, { path: 'pods.join', type: 'mutation' }, { podId });
  return podId;
}
/** A pod of the target's with the caller in it (where they can join), gone quiet: started 31 days ago. */
async function quietPodWithCaller(cell: Cell): Promise<string> {
  const podId = await podWithCaller(cell);
  const { db, t } = ts.server.database;
  await db
    .update(t.pods)
    .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
    .where(eq(t.pods.id, podId));
  return podId;
}
/** A meetup next year of a pod (in Munich's time zone, whether the pod has a place or not). */
const meetupInput = (podId: string) => ({
  podId,
  startsAt: `${new Date().getUTCFullYear() + 1}-06-05T19:30`,
  timeZone: 'Europe/Berlin',
  placeKind: 'cafe',
  venueName: 'Café Luitpold',
  venueAddress: 'Brienner Str. 11',
  language: 'de',
});
/** A meetup the target proposed in their pod, with the caller in the pod where they can join. */
async function meetupWithCaller(cell: Cell): Promise<string> {
  const podId = await podWithCaller(cell);
  const proposed = await cell.target.client.trpc.meetups.propose.mutate(meetupInput(podId) as never);
  return proposed.id;
}
/** A meetup of the target's pod that the caller was going to (where they could), ended an hour ago. */
async function endedMeetupWithCaller(cell: Cell): Promise<string> {
  const meetupId = await meetupWithCaller(cell);
  if (canReachProcedures(cell.role))
    await callProcedure(cell.http, { path: 'meetups.rsvp', type: 'mutation' }, { meetupId, going: true });
  const { db, t } = ts.server.database;
  await db
    .update(t.meetups)
    .set({ startsAt: new Date(Date.now() - 4 * 3_600_000) })
    .where(eq(t.meetups.id, meetupId));
  return meetupId;
}
/** The caller's member id, where they can reach procedures at all. */
async function callerId(cell: Cell): Promise<string | null> {
  const me = await callProcedure(cell.http, { path: 'auth.me', type: 'query' }, undefined);
  return me.ok ? ((me.data as { id: string } | null)?.id ?? null) : null;
}

/**
 * A pod of the target's with a third member in it, where the caller is a host (the target names them) if
 * they can join at all: the caller's removal of the third member is then a host's.
 */
async function podWithCallerAsHost(cell: Cell): Promise<{ podId: string; memberId: string }> {
  const podId = await podWithCaller(cell);
  const third = await createMember(ts);
  await third.client.trpc.pods.join.mutate({ podId });
  const id = await callerId(cell);
  if (id && canReachProcedures(cell.role) && cell.role !== 'blockedByTarget')
    await cell.target.client.trpc.pods.setRole.mutate({ podId, memberId: id, role: 'host' });
  return { podId, memberId: third.id };
}

/** A pod the caller started (where they can), with the target in it where the target can join. */
async function podOfCaller(cell: Cell): Promise<string> {
  if (!canReachProcedures(cell.role)) return podOfTarget(cell);
  const started = await callProcedure(cell.http, { path: 'pods.start', type: 'mutation' }, matrixPod());
  if (!started.ok) throw new Error(`pods.start refused: ${started.raw}`);
  const podId = (started.data as { id: string }).id;
  await callProcedure(cell.target.client.http, { path: 'pods.join', type: 'mutation' }, { podId });
  return podId;
}
const uniqueEmail = () => `new-${randomUUID().slice(0, 8)}@example.com`;

/**
 * An input for each procedure that passes its schema and names real things (the target, the conversation),
 * so that a refusal can only come from who is asking. Procedures without input have no entry.
 */
const VALID_INPUT: Record<string, (cell: Cell) => unknown> = {
  'auth.signUp': () => ({ name: 'Nora', email: uniqueEmail(), password: TEST_PASSWORD }),
  'auth.signIn': (c) => ({ email: c.target.email, password: TEST_PASSWORD }),
  'auth.verifyEmail': async () => ({ code: await oneTimeCode('verifyEmail', { verified: false }) }),
  'auth.requestPasswordReset': (c) => ({ email: c.target.email }),
  'auth.resetPassword': async () => ({
    code: await oneTimeCode('resetPassword', { verified: true }),
    password: 'Amiko-test-2',
  }),
  'account.changePassword': () => ({
    currentPassword: TEST_PASSWORD,
    newPassword: 'Amiko-test-2',
    confirmPassword: 'Amiko-test-2',
  }),
  'account.changeEmail': () => ({ password: TEST_PASSWORD, newEmail: uniqueEmail() }),
  'account.setNotifications': () => ({ showMessageText: true }),
  'account.setPrivacy': () => ({ showActivity: false }),
  'account.delete': () => ({ password: TEST_PASSWORD }),
  'blocks.block': (c) => ({ memberId: c.target.id }),
  'blocks.unblock': async (c) => {
    // Someone the caller has blocked, where the caller can block at all.
    if (canReachProcedures(c.role))
      await callProcedure(c.http, { path: 'blocks.block', type: 'mutation' }, { memberId: c.target.id });
    return { memberId: c.target.id };
  },
  'profile.saveSection': () => ({ section: 'basic', values: { placeId: 2950159 } }),
  'profile.view': (c) => ({ memberId: c.target.id }),
  'profile.recropPhoto': async (c) => {
    if (canReachProcedures(c.role)) {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
      const uploaded = await c.http.fetch('/uploads', { method: 'POST', body: form });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    }
    return { crop: { x: 0, y: 0, width: 32, height: 32 } };
  },
  'payments.confirmTestPayment': async (c) => {
    // A payment intent of the caller's own where they can start one; a made-up one otherwise.
    const started = await callProcedure(c.http, { path: 'payments.start', type: 'mutation' }, undefined);
    const paymentIntentId = started.ok
      ? (started.data as { paymentIntentId: string }).paymentIntentId
      : 'pi_x1';
    return {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 40',
      cvc: '123',
      country: 'de',
      paymentIntentId,
    };
  },
  'messages.open': (c) => ({ with: c.target.id }),
  'messages.thread': (c) => ({ conversationId: c.conversationId }),
  'messages.sync': () => ({ after: 0 }),
  'messages.send': (c) => ({ to: c.target.id, clientId: randomUUID(), body: 'Hi!' }),
  'messages.markRead': (c) => ({ conversationId: c.conversationId }),
  'messages.delete': (c) => ({ conversationId: c.conversationId }),
  'site.contact': () => ({
    name: 'Nora',
    email: 'nora@example.com',
    subject: 'Hello',
    message: 'A question.',
  }),
  'site.feedback': () => ({
    rating: 4,
    type: 'generalFeedback',
    suggestions: 'More groups',
    liked: 'The people',
    easeOfConnection: 'easy',
  }),
  'site.pageView': () => ({ path: '/community', visitorId: 'visitor-0123456789' }),
  'site.setLanguage': () => ({ language: 'de' }),
  'community.directory': () => ({}),
  'favorites.list': () => ({}),
  'places.search': () => ({ query: 'Hambu' }),
  // A browser's subscription at a push service on this machine (allowed in development and tests).
  'push.subscribe': () => ({
    endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
    keys: browserKeys(),
    device: 'Chrome on Linux',
  }),
  'push.remove': () => ({ id: 'a-device-of-nobody' }),
  'pods.find': () => ({ where: 'anywhere' }),
  'pods.get': async (c) => ({ podId: await podOfTarget(c) }),
  'pods.start': () => matrixPod(),
  'pods.join': async (c) => ({ podId: await podOfTarget(c) }),
  'pods.leave': async (c) => ({ podId: await podOfTarget(c) }),
  'pods.dismissSuggestion': () => ({ interest: 'boardGames' }),
  'pods.startSuggested': () => ({ interest: 'boardGames', pod: matrixPod() }),
  'pods.answer': async (c) => ({ podId: await podOfTarget(c), memberId: c.target.id, approve: true }),
  'pods.messages': async (c) => ({ podId: await podWithCaller(c) }),
  'pods.send': async (c) => ({ podId: await podWithCaller(c), clientId: randomUUID(), body: 'Hi all!' }),
  'pods.sync': async (c) => ({ podId: await podWithCaller(c), after: 0 }),
  'pods.read': async (c) => ({ podId: await podWithCaller(c) }),
  'pods.remove': async (c) => ({ ...(await podWithCallerAsHost(c)), reason: 'Rude to everyone' }),
  'pods.setRole': async (c) => ({ podId: await podOfCaller(c), memberId: c.target.id, role: 'host' }),
  'pods.report': async (c) => ({
    podId: await podWithCaller(c),
    memberId: c.target.id,
    reason: 'harassment',
  }),
  'pods.quietAnswer': async (c) => ({ podId: await quietPodWithCaller(c), keep: true }),
  'meetups.propose': async (c) => meetupInput(await podWithCaller(c)),
  'meetups.ofPod': async (c) => ({ podId: await podWithCaller(c) }),
  'meetups.rsvp': async (c) => ({ meetupId: await meetupWithCaller(c), going: true }),
  'meetups.find': () => ({ scope: 'near' }),
  'meetups.cancel': async (c) => {
    const { podId } = await podWithCallerAsHost(c);
    const proposed = await c.target.client.trpc.meetups.propose.mutate(meetupInput(podId) as never);
    return { meetupId: proposed.id };
  },
  'meetups.tellFriend': async (c) => ({ meetupId: await meetupWithCaller(c), email: uniqueEmail() }),
  'meetups.answerAfter': async (c) => ({
    meetupId: await endedMeetupWithCaller(c),
    came: [c.target.id],
    again: [c.target.id],
  }),
  'meetups.report': async (c) => ({
    meetupId: await endedMeetupWithCaller(c),
    memberId: c.target.id,
    reason: 'harassment',
  }),
  'favorites.toggle': (c) => ({ memberId: c.target.id }),
  'favorites.remove': (c) => ({ memberId: c.target.id }),
  'reports.create': (c) => ({ memberId: c.target.id, reason: 'harassment' }),
};

/** The socket events' inputs, like VALID_INPUT. */
const VALID_EVENT_INPUT: Record<keyof ClientToServerEvents, (cell: Cell) => unknown> = {
  'message:send': (c) => ({ to: c.target.id, clientId: randomUUID(), body: 'Hi!' }),
  'message:sync': () => ({ after: 0 }),
  'conversation:read': (c) => ({ conversationId: c.conversationId }),
  typing: (c) => ({ conversationId: c.conversationId }),
  'pod:send': async (c) => ({ podId: await podWithCaller(c), clientId: randomUUID(), body: 'Hi all!' }),
  'pod:sync': async (c) => ({ podId: await podWithCaller(c), after: 0 }),
  'pod:read': async (c) => ({ podId: await podWithCaller(c) }),
  'pod:typing': async (c) => ({ podId: await podWithCaller(c) }),
};

/** A handshake refusal's i18n key as the code the matching procedure would answer. */
const HANDSHAKE_REFUSALS: Record<string, AppErrorCode> = {
  [COMMON_ERRORS.notSignedIn]: 'UNAUTHENTICATED',
  [COMMON_ERRORS.emailNotVerified]: 'EMAIL_NOT_VERIFIED',
};

async function procedureAnswer(path: string, cell: Cell): Promise<string> {
  const procedure = PROCEDURES.find((p) => p.path === path)!;
  const input = await VALID_INPUT[path]?.(cell);
  const outcome = await callProcedure(cell.http, procedure, input);
  if (outcome.ok) return OK;
  if (outcome.appCode === 'VALIDATION') return `VALIDATION (${outcome.message}): the input table is wrong`;
  return outcome.appCode;
}

async function eventAnswer(event: keyof ClientToServerEvents, cell: Cell): Promise<string> {
  let socket;
  try {
    socket = await connectSocket(ts.url, { cookie: cell.token ? sessionCookie(cell.token) : undefined });
  } catch (error) {
    const message = (error as Error).message;
    return HANDSHAKE_REFUSALS[message] ?? `handshake refused: ${message}`;
  }
  try {
    const ack = await request(socket, event, await VALID_EVENT_INPUT[event](cell));
    return ack.ok ? OK : ack.error.appCode;
  } finally {
    socket.close();
  }
}

const procedurePaths = PROCEDURES.map((p) => p.path);
const eventRows = CLIENT_EVENTS.map((event) => `socket:${event}`);

describe('authorisation matrix', () => {
  it('has a row for every procedure and socket event, and no row for anything else', () => {
    expect(procedurePaths.length).toBeGreaterThan(40);
    const missing = [...procedurePaths, ...eventRows].filter((name) => !EXPECTED[name]);
    expect(missing, 'add a row to EXPECTED (and an input to VALID_INPUT) for').toEqual([]);
    const stale = Object.keys(EXPECTED).filter((name) => ![...procedurePaths, ...eventRows].includes(name));
    expect(stale, 'rows of procedures or events that no longer exist').toEqual([]);
    for (const answer of Object.values(EXPECTED).flat()) expect([OK, ...APP_ERROR_CODES]).toContain(answer);
  });

  it('gives every procedure with an input a valid input', () => {
    const withoutInput = PROCEDURES.filter((p) => p.inputs.length > 0 && !VALID_INPUT[p.path]).map(
      (p) => p.path,
    );
    expect(withoutInput).toEqual([]);
  });

  // One test per role, the cells of a role run a few at a time: each cell has a world of its own, so
  // that a cell that signs out, deletes or blocks does not change the answer of another.
  for (const [column, role] of ROLES.entries()) {
    it(`answers ${role} as the table says`, { timeout: 120_000 }, async () => {
      const names = [...procedurePaths, ...eventRows].filter((name) => EXPECTED[name]);
      const actual: Record<string, string> = {};
      const expected: Record<string, string> = {};
      const queue = [...names];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let name = queue.shift(); name; name = queue.shift()) {
            const cell = await makeCell(role);
            actual[name] = name.startsWith('socket:')
              ? await eventAnswer(name.slice('socket:'.length) as keyof ClientToServerEvents, cell)
              : await procedureAnswer(name, cell);
            expected[name] = EXPECTED[name]![column]!;
          }
        }),
      );
      expect(actual).toEqual(expected);
    });
  }
});
