import type { MeetupInput } from '@amiko/core';
import { DEFAULT_RATE_LIMITS } from '@amiko/api';
import { placeById } from '@amiko/places';
import ICAL from 'ical.js';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';

// What a meetup's people are told (issue 35.2, 35.4, 35.7): the host's cancel tells everyone going or
// waiting, the one who moves up from the waitlist is told, reminders 2 days and 3 hours before go to those
// going exactly once, with an .ics that a real iCalendar parser (ical.js) reads back to the right instant in
// the meetup's zone and a one-click "Can't make it" that frees the place; "Add to calendar" hides the venue
// from those not going; "Tell a friend". Mails are received over SMTP, so that attachments are real.

const MUNICH = 2867714;
const LONDON = 2643743;
const POD_NAME = 'Board games Munich';
const nextYear = new Date().getUTCFullYear() + 1;
/** 19:30 in Munich in June (summer time) is 17:30 UTC. */
const STARTS_AT = new Date(`${nextYear}-06-05T17:30:00.000Z`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let smtp: SmtpCapture;
let ts: TestServer;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ts = await startTestServer({ env: { JOB_POLL_MS: '100', SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await ts?.stop();
  await smtp?.stop();
});

const mailsTo = (member: { email: string }) => smtp.to(member.email);

/** Waits until `count` mails reached the member, then a while longer (a further one would show by then). */
async function settledMailsTo(member: { email: string }, count: number): Promise<ParsedMail[]> {
  const deadline = Date.now() + 15_000;
  while (mailsTo(member).length < count && Date.now() < deadline) await sleep(50);
  await sleep(700);
  return mailsTo(member);
}

const munich = (options: Parameters<typeof createMember>[1] = {}) =>
  createMember(ts, { placeId: MUNICH, city: null, ...options });

/** A pod of three in Munich started by the first member, joined by the others. */
async function podOf(starter: TestMember, ...others: TestMember[]): Promise<string> {
  const pod = await starter.client.trpc.pods.start.mutate(
    podInput({ name: POD_NAME, languages: ['de', 'en'], placeId: MUNICH, sizeLimit: 5 }),
  );
  for (const other of others) await other.client.trpc.pods.join.mutate({ podId: pod.id });
  return pod.id;
}

const meetupInput = (podId: string, overrides: Partial<MeetupInput> = {}): MeetupInput => ({
  podId,
  startsAt: `${nextYear}-06-05T19:30`,
  placeKind: 'cafe',
  venueName: 'Café Luitpold',
  venueAddress: 'Brienner Str. 11, München',
  language: 'de',
  ...overrides,
});

/** The .ics of a mail or download, parsed by ical.js with its own VTIMEZONE: the event. */
function eventOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
}

function calendarIn(mail: ParsedMail) {
  const [attachment] = mail.attachments.filter((a) => a.contentType === 'text/calendar');
  expect(attachment?.filename).toBe('meetup.ics');
  return eventOf(attachment!.content.toString('utf8'));
}

/** Runs a meetup's jobs of a kind now (as if their time had come), done or not. */
async function runNow(meetupId: string, kind: string, suffix = '') {
  const { db, t } = ts.server.database;
  await db
    .update(t.jobs)
    .set({ runAt: new Date(), doneAt: null, lockedUntil: null })
    .where(and(eq(t.jobs.kind, kind), like(t.jobs.key, `${kind}:${meetupId}:${suffix}%`)));
}

describe('a host cancels a meetup', () => {
  it('tells everyone going or waiting, in their language, and nobody but the proposer and the pod’s hosts may', async () => {
    const starter = await munich({ name: 'Sara' });
    const proposer = await munich({ name: 'Paul' });
    const going = await munich({ language: 'de' });
    const waiting = await munich();
    const notAnswered = await munich();
    const podId = await podOf(starter, proposer, going, waiting, notAnswered);
    const meetup = await proposer.client.trpc.meetups.propose.mutate(meetupInput(podId, { extraPlaces: 0 }));
    await starter.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: false });
    await going.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    // Two places, so that one waits.
    const { db, t } = ts.server.database;
    await db.update(t.meetups).set({ capacity: 2 }).where(eq(t.meetups.id, meetup.id));
    expect(
      (await waiting.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true })).myStatus,
    ).toBe('waitlist');

    // The card offers "Cancel meetup" to exactly those the cancel lets: the proposer, the starter (and hosts).
    for (const [member, may] of [
      [proposer, true],
      [starter, true],
      [going, false],
      [waiting, false],
      [notAnswered, false],
    ] as const) {
      const [view] = await member.client.trpc.meetups.ofPod.query({ podId });
      expect(view!.mayCancel).toBe(may);
    }
    const stranger = await munich();
    expect((await failure(stranger.client.trpc.meetups.cancel.mutate({ meetupId: meetup.id }))).message).toBe(
      'meetups:errors.notFound',
    );
    for (const member of [going, waiting, notAnswered]) {
      const refused = await failure(member.client.trpc.meetups.cancel.mutate({ meetupId: meetup.id }));
      expect(refused.data?.appCode).toBe('FORBIDDEN');
      expect(refused.message).toBe('meetups:errors.notYours');
    }
    // The pod's starter, who did not propose it, may.
    await starter.client.trpc.meetups.cancel.mutate({ meetupId: meetup.id });
    expect(await proposer.client.trpc.meetups.ofPod.query({ podId })).toEqual([]);
    expect((await failure(proposer.client.trpc.meetups.cancel.mutate({ meetupId: meetup.id }))).message).toBe(
      'meetups:errors.notFound',
    );

    const [toProposer] = await settledMailsTo(proposer, 1);
    expect(toProposer!.subject).toBe(`Cancelled: the meetup of ${POD_NAME}`);
    expect(toProposer!.text).toContain('Café Luitpold');
    expect(toProposer!.text).toContain(`/pods/${podId}`);
    // The calendar entry, cancelled: the same UID, a higher SEQUENCE, so a calendar updates it.
    const cancelled = calendarIn(toProposer!);
    expect(cancelled.uid).toContain(meetup.id);
    expect(cancelled.sequence).toBe(1);
    expect(cancelled.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    const [toGoing] = await settledMailsTo(going, 1);
    expect(toGoing!.subject).toBe(`Abgesagt: das Treffen von ${POD_NAME}`);
    expect(toGoing!.text).toContain('19:30');
    const [toWaiting] = await settledMailsTo(waiting, 1);
    expect(toWaiting!.subject).toBe(`Cancelled: the meetup of ${POD_NAME}`);
    // Someone waiting never learnt the venue, and does not from the mail.
    expect(toWaiting!.text).not.toContain('Luitpold');
    expect(toWaiting!.text).toContain('Munich');
    expect(mailsTo(starter)).toEqual([]);
    expect(mailsTo(notAnswered)).toEqual([]);

    // The proposer may cancel their own; its reminders then never go out.
    const second = await proposer.client.trpc.meetups.propose.mutate(meetupInput(podId));
    await proposer.client.trpc.meetups.cancel.mutate({ meetupId: second.id });
    await runNow(second.id, 'meetupReminders');
    await sleep(1000);
    const reminders = await db.select().from(t.jobs).where(eq(t.jobs.kind, 'meetupReminderMail'));
    expect(reminders.filter((j) => j.key.includes(second.id))).toEqual([]);
  });
});

describe('the waitlist moves up', () => {
  it('tells the one who moves up "You’re going: a place opened up", in their language, with the venue and the .ics', async () => {
    const starter = await munich();
    const leaving = await munich();
    const first = await munich({ language: 'de' });
    const podId = await podOf(starter, leaving, first);
    const meetup = await starter.client.trpc.meetups.propose.mutate(meetupInput(podId));
    const { db, t } = ts.server.database;
    await db.update(t.meetups).set({ capacity: 2 }).where(eq(t.meetups.id, meetup.id));
    await leaving.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    await first.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    await leaving.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: false });

    const [mail] = await settledMailsTo(first, 1);
    expect(mail!.subject).toBe('Du bist dabei: Ein Platz ist frei geworden');
    expect(mail!.text).toContain('Café Luitpold, Brienner Str. 11, München');
    const event = calendarIn(mail!);
    expect(event.startDate.toJSDate().getTime()).toBe(STARTS_AT.getTime());
    expect(event.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect(mailsTo(leaving)).toEqual([]);
  });
});

describe('reminders', () => {
  it('2 days and 3 hours before, once each, to those going: the time in both zones, the .ics, and a one-click "Can’t make it" that moves the waitlist up', async () => {
    expect(placeById(LONDON, 'en')?.timeZone).toBe('Europe/London');
    const starter = await munich({ name: 'Ana' });
    const londoner = await createMember(ts, { placeId: LONDON, city: null });
    const german = await munich({ language: 'de' });
    const waiting = await munich();
    const podId = await podOf(starter, londoner, german, waiting);
    const meetup = await starter.client.trpc.meetups.propose.mutate(meetupInput(podId));
    const { db, t } = ts.server.database;
    await db.update(t.meetups).set({ capacity: 3 }).where(eq(t.meetups.id, meetup.id));
    for (const m of [londoner, german, waiting])
      await m.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });

    // Scheduled with the proposal, 48 and 3 hours before the start.
    const scheduled = await db
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.kind, 'meetupReminders'), like(t.jobs.key, `%${meetup.id}%`)));
    expect(scheduled.map((j) => j.runAt.getTime()).sort()).toEqual([
      STARTS_AT.getTime() - 48 * 3_600_000,
      STARTS_AT.getTime() - 3 * 3_600_000,
    ]);

    await runNow(meetup.id, 'meetupReminders', 'days2');
    const [toLondoner] = await settledMailsTo(londoner, 1);
    expect(toLondoner!.subject).toBe(`In 2 days: the meetup of ${POD_NAME}`);
    expect(toLondoner!.text).toContain('19:30 (Europe/Berlin)');
    expect(toLondoner!.text).toContain('your time: ');
    expect(toLondoner!.text).toContain('18:30 (Europe/London)');
    expect(toLondoner!.text).toContain('Café Luitpold, Brienner Str. 11, München');
    const event = calendarIn(toLondoner!);
    expect(event.startDate.zone?.tzid).toBe('Europe/Berlin');
    expect(event.startDate.toString()).toBe(`${nextYear}-06-05T19:30:00`);
    expect(event.startDate.toJSDate().getTime()).toBe(STARTS_AT.getTime());
    expect(event.endDate.toJSDate().getTime()).toBe(STARTS_AT.getTime() + 2 * 3_600_000);
    expect(event.summary).toBe(`Meetup: ${POD_NAME}`);
    expect(event.location).toBe('Café Luitpold, Brienner Str. 11, München');
    expect(event.uid).toContain(meetup.id);
    const [toGerman] = await settledMailsTo(german, 1);
    expect(toGerman!.subject).toBe(`In 2 Tagen: das Treffen von ${POD_NAME}`);
    expect(toGerman!.text).not.toContain('bei dir:');
    const [toStarter] = await settledMailsTo(starter, 1);
    expect(toStarter!.text).not.toContain('your time');
    expect(mailsTo(waiting)).toEqual([]);

    // Run again, fan-out and mails alike (as after a crash between sending and marking done): nothing more.
    await runNow(meetup.id, 'meetupReminders', 'days2');
    await runNow(meetup.id, 'meetupReminderMail', 'days2');
    await sleep(1500);
    for (const m of [starter, londoner, german]) expect(mailsTo(m)).toHaveLength(1);

    // The German member can't make it, by the mail's link: GET asks, POST answers; the waitlist moves up.
    const link = /https?:\/\/\S+\/meetups\/cant-go\?\S+/.exec(toGerman!.text ?? '')?.[0];
    expect(link).toBeDefined();
    const url = new URL(new URL(link!).pathname + new URL(link!).search, ts.url);
    const asked = await fetch(url);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Du kannst nicht zum Treffen kommen?');
    expect(
      (await db.select().from(t.meetupRsvps).where(eq(t.meetupRsvps.memberId, german.id)))[0]!.status,
    ).toBe('going');
    const answered = await fetch(url, { method: 'POST' });
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain('Dein Platz ist frei');
    const rsvps = await db
      .select()
      .from(t.meetupRsvps)
      .where(
        and(eq(t.meetupRsvps.meetupId, meetup.id), inArray(t.meetupRsvps.memberId, [german.id, waiting.id])),
      );
    expect(Object.fromEntries(rsvps.map((r) => [r.memberId, r.status]))).toEqual({
      [german.id]: 'cantGo',
      [waiting.id]: 'going',
    });
    expect((await settledMailsTo(waiting, 1))[0]!.subject).toBe("You're going: a place opened up");
    // A forged or altered link does nothing.
    const forged = new URL(url);
    forged.searchParams.set('m', waiting.id);
    expect((await fetch(forged, { method: 'POST' })).status).toBe(404);
    expect(
      (await db.select().from(t.meetupRsvps).where(eq(t.meetupRsvps.memberId, waiting.id)))[0]!.status,
    ).toBe('going');

    // 3 hours before: those going now, the German member no more.
    await runNow(meetup.id, 'meetupReminders', 'hours3');
    const [, second] = await settledMailsTo(londoner, 2);
    expect(second!.subject).toBe(`In 3 hours: the meetup of ${POD_NAME}`);
    expect(calendarIn(second!).startDate.toJSDate().getTime()).toBe(STARTS_AT.getTime());
    const toWaiting = await settledMailsTo(waiting, 2);
    expect(toWaiting.map((m) => m.subject)).toContain(`In 3 hours: the meetup of ${POD_NAME}`);
    expect(mailsTo(german)).toHaveLength(1);
    await runNow(meetup.id, 'meetupReminders', 'hours3');
    await runNow(meetup.id, 'meetupReminderMail', 'hours3');
    await sleep(1500);
    expect(mailsTo(londoner)).toHaveLength(2);
    expect(mailsTo(starter)).toHaveLength(2);
  });
});

describe('"Add to calendar"', () => {
  it('downloads the .ics for a member who may see the meetup, the venue only for those going', async () => {
    const starter = await munich();
    const member = await munich();
    const podId = await podOf(starter, member);
    const meetup = await starter.client.trpc.meetups.propose.mutate(meetupInput(podId));
    const path = `${ts.url}/meetups/${meetup.id}/calendar.ics`;

    const mine = await starter.client.http.fetch(path);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toMatch(/^text\/calendar/);
    const going = eventOf(await mine.text());
    expect(going.location).toBe('Café Luitpold, Brienner Str. 11, München');
    expect(going.startDate.toJSDate().getTime()).toBe(STARTS_AT.getTime());
    expect(going.startDate.zone?.tzid).toBe('Europe/Berlin');

    const theirs = await member.client.http.fetch(path);
    expect(theirs.status).toBe(200);
    const text = await theirs.text();
    expect(text).not.toContain('Luitpold');
    expect(text).not.toContain('Brienner');
    expect(eventOf(text).location).toContain('Munich');

    const stranger = await munich();
    expect((await stranger.client.http.fetch(path)).status).toBe(404);
    expect((await fetch(path)).status).toBe(401);
  });
});

describe('"Tell a friend"', () => {
  it('mails the time, the place and the pod to the address the member chooses, the venue only if they are going', async () => {
    const starter = await munich({ name: 'Ana Lopez' });
    const member = await munich({ name: 'Ben', language: 'de' });
    const podId = await podOf(starter, member);
    const meetup = await starter.client.trpc.meetups.propose.mutate(meetupInput(podId));
    const friend = { email: `friend-${meetup.id.toLowerCase()}@example.org` };
    await starter.client.trpc.meetups.tellFriend.mutate({ meetupId: meetup.id, email: friend.email });
    const [mail] = await settledMailsTo(friend, 1);
    expect(mail!.subject).toBe(`Ana is meeting up with ${POD_NAME}`);
    expect(mail!.text).toContain('Café Luitpold, Brienner Str. 11, München');
    expect(mail!.text).toContain('19:30 (Europe/Berlin)');
    expect(mail!.text).not.toContain('Lopez');

    const other = { email: `other-${meetup.id.toLowerCase()}@example.org` };
    await member.client.trpc.meetups.tellFriend.mutate({ meetupId: meetup.id, email: other.email });
    const [german] = await settledMailsTo(other, 1);
    expect(german!.subject).toBe(`Ben trifft sich mit ${POD_NAME}`);
    expect(german!.text).not.toContain('Luitpold');
    expect(german!.text).toContain('München');

    const stranger = await munich();
    expect(
      (
        await failure(
          stranger.client.trpc.meetups.tellFriend.mutate({ meetupId: meetup.id, email: other.email }),
        )
      ).message,
    ).toBe('meetups:errors.notFound');
  });

  it('is limited per account, 10 a day: the address is anyone’s', async () => {
    expect(DEFAULT_RATE_LIMITS['meetupTellFriend:account']).toEqual({ max: 10, windowMs: 24 * 3_600_000 });
    const limited = await startTestServer({ realRateLimits: true });
    try {
      const ana = await createMember(limited, { placeId: MUNICH, city: null });
      const podId = await podOf(ana);
      const meetup = await ana.client.trpc.meetups.propose.mutate(meetupInput(podId));
      const tell = (i: number) =>
        ana.client.trpc.meetups.tellFriend.mutate({ meetupId: meetup.id, email: `limit-${i}@example.org` });
      for (let i = 0; i < 10; i += 1) await tell(i);
      expect((await failure(tell(10))).data?.appCode).toBe('RATE_LIMITED');
    } finally {
      await limited.stop();
    }
  });
});
