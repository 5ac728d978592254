import type { PodMessageView } from '@amiko/api';
import type { MeetupInput } from '@amiko/core';
import { SESSION_COOKIE } from '@amiko/core';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  hearPods,
  openSocket,
  sessionCookie,
  type MessagingSocket,
} from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// A proposed meetup is a card in its pod's chat (issue 35.1), on both databases: a pod message from the
// proposer, stored with the meetup and delivered live after it; in the history and the replay; unread for the
// others as any message is; one per meetup; hidden across a block as the proposer's messages are; a
// cancelled meetup's card says so; and every change of answers or a cancellation reaches the chats live.

const MUNICH = 2867714;

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts?.stop());

const open: MessagingSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

const munich = () => createMember(ts, { placeId: MUNICH, city: null });

const nextYear = new Date().getUTCFullYear() + 1;
const meetup = (podId: string, overrides: Partial<MeetupInput> = {}): MeetupInput => ({
  podId,
  startsAt: `${nextYear}-06-05T19:30`,
  placeKind: 'cafe',
  venueName: 'Café Luitpold',
  venueAddress: 'Brienner Str. 11, München',
  language: 'de',
  ...overrides,
});

/** A Munich pod for up to 8, started by the first member, which the others have joined. */
async function podOf(starter: TestMember, ...others: TestMember[]): Promise<string> {
  const pod = await starter.client.trpc.pods.start.mutate(
    podInput({ name: 'Board games Munich', languages: ['de', 'en'], placeId: MUNICH, sizeLimit: 8 }),
  );
  for (const other of others) await other.client.trpc.pods.join.mutate({ podId: pod.id });
  return pod.id;
}

/** A device of the member with the pod messages and unread states its socket hears. */
async function device(who: TestMember) {
  const socket = openSocket(ts.url, { cookie: sessionCookie(who.client.http.cookies.get(SESSION_COOKIE)!) });
  open.push(socket);
  const heard = { ...hearPods(socket), meetups: [] as string[] };
  socket.on('pod:meetups', (event) => heard.meetups.push(event.podId));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return heard;
}

const cards = (messages: PodMessageView[]) => messages.filter((m) => m.meetup !== null);

describe('a meetup in the pod’s chat', () => {
  it('arrives live as a card from the proposer, is in the history and the replay, and is unread for the others', async () => {
    const [ana, ben, cleo] = [await munich(), await munich(), await munich()];
    const podId = await podOf(ana, ben, cleo);
    await ben.client.trpc.pods.send.mutate({ podId, clientId: crypto.randomUUID(), body: 'Shall we meet?' });
    await ben.client.trpc.pods.read.mutate({ podId });
    const [anas, bens, cleos] = await Promise.all([device(ana), device(ben), device(cleo)]);
    const proposed = await ana.client.trpc.meetups.propose.mutate(meetup(podId));

    await eventually(
      () => cards(bens.messages).length === 1 && cards(cleos.messages).length === 1,
      'the card, live',
    );
    const [card] = cards(bens.messages);
    expect(card).toMatchObject({
      podId,
      senderId: ana.id,
      body: '',
      meetup: { id: proposed.id, startsAt: proposed.startsAt, cancelled: false },
    });
    expect(cleos.messages).toEqual([card]);
    await eventually(() => anas.messages.length === 1, 'on the proposer’s own devices too');

    for (const viewer of [ana, ben, cleo]) {
      const page = await viewer.client.trpc.pods.messages.query({ podId });
      expect(page.messages.at(-1)).toEqual(card);
      expect(page.senders.map((s) => s.id)).toContain(ana.id);
      const replay = await viewer.client.trpc.pods.sync.query({ podId, after: card!.id - 1 });
      expect(replay.messages).toEqual([card]);
    }
    // Unread for the others as a message is (Ben had read up to his own, Cleo has his and the card); never
    // for the proposer.
    expect((await ben.client.trpc.pods.unread.query()).pods).toEqual([{ podId, unread: 1 }]);
    expect((await cleo.client.trpc.pods.unread.query()).pods).toEqual([{ podId, unread: 2 }]);
    expect((await ana.client.trpc.pods.unread.query()).pods).toEqual([{ podId, unread: 1 }]);
    await eventually(() => bens.unread.at(-1)?.pods[0]?.unread === 1, 'Ben’s unread, pushed');

    // The card leads to the meetup as each one may see it: the venue only for those going.
    const [seen] = await ben.client.trpc.meetups.ofPod.query({ podId });
    expect(seen).toMatchObject({ id: proposed.id, going: 1, capacity: 8, venueName: null });
  });

  it('has one card per meetup, however often members propose, and a cancelled meetup’s card says so', async () => {
    const [ana, ben] = [await munich(), await munich()];
    const podId = await podOf(ana, ben);
    const first = await ana.client.trpc.meetups.propose.mutate(meetup(podId));
    const second = await ben.client.trpc.meetups.propose.mutate(
      meetup(podId, { startsAt: `${nextYear}-06-12T19:30` }),
    );
    const again = await ben.client.trpc.meetups.propose.mutate(
      meetup(podId, { startsAt: `${nextYear}-06-12T19:30` }),
    );
    const { db, t } = ts.server.database;
    const rows = await db.select().from(t.podMessages).where(eq(t.podMessages.podId, podId));
    expect(rows.map((r) => r.meetupId)).toEqual([first.id, second.id, again.id]);
    expect(rows.map((r) => r.clientId)).toEqual([first, second, again].map((m) => `meetup:${m.id}`));

    await ana.client.trpc.meetups.cancel.mutate({ meetupId: first.id });
    const page = await ben.client.trpc.pods.messages.query({ podId });
    expect(page.messages.map((m) => [m.meetup?.id, m.meetup?.cancelled])).toEqual([
      [first.id, true],
      [second.id, false],
      [again.id, false],
    ]);
    // A member's own messages still send as before next to the cards.
    const sent = await ben.client.trpc.pods.send.mutate({ podId, clientId: crypto.randomUUID(), body: 'Hi' });
    expect(sent.message.meetup).toBeNull();
  });

  it('tells the pod and an open meetup’s outsiders live when one is proposed, answered or cancelled, nobody else', async () => {
    const [ana, ben, olga, stranger] = [await munich(), await munich(), await munich(), await munich()];
    const podId = await podOf(ana, ben);
    const [anas, bens, olgas, strangers] = await Promise.all([
      device(ana),
      device(ben),
      device(olga),
      device(stranger),
    ]);
    const proposed = await ana.client.trpc.meetups.propose.mutate(meetup(podId, { extraPlaces: 2 }));
    await eventually(() => anas.meetups.length === 1 && bens.meetups.length === 1, 'the proposal, live');
    expect(anas.meetups).toEqual([podId]);
    await ben.client.trpc.meetups.rsvp.mutate({ meetupId: proposed.id, going: true });
    await eventually(() => anas.meetups.length === 2 && bens.meetups.length === 2, 'Ben’s answer, live');
    // Olga, from the directory, goes to the open meetup: from then on she hears its changes too.
    await olga.client.trpc.meetups.rsvp.mutate({ meetupId: proposed.id, going: true });
    await eventually(() => anas.meetups.length === 3 && olgas.meetups.length === 1, 'Olga’s answer, live');
    // The same answer again changes nothing and tells nobody.
    await ben.client.trpc.meetups.rsvp.mutate({ meetupId: proposed.id, going: true });
    // A message after it, heard by Ana, comes after anything the repeat would have sent her.
    await ben.client.trpc.pods.send.mutate({ podId, clientId: crypto.randomUUID(), body: 'See you' });
    await eventually(() => anas.messages.some((m) => m.body === 'See you'), 'the message after it');
    expect(anas.meetups).toHaveLength(3);
    await ana.client.trpc.meetups.cancel.mutate({ meetupId: proposed.id });
    await eventually(
      () => anas.meetups.length === 4 && bens.meetups.length === 4 && olgas.meetups.length === 2,
      'the cancellation, live',
    );
    expect(strangers.meetups).toEqual([]);
  });

  it('hides the card of someone on the other side of a block, as their messages', async () => {
    const [ana, ben, cleo] = [await munich(), await munich(), await munich()];
    const podId = await podOf(ana, ben, cleo);
    await cleo.client.trpc.blocks.block.mutate({ memberId: ana.id });
    const [bens, cleos] = await Promise.all([device(ben), device(cleo)]);
    const anasMeetup = await ana.client.trpc.meetups.propose.mutate(meetup(podId));
    await eventually(() => cards(bens.messages).length === 1, 'Ana’s card for Ben');
    const bensMeetup = await ben.client.trpc.meetups.propose.mutate(
      meetup(podId, { startsAt: `${nextYear}-06-12T19:30` }),
    );
    await eventually(() => cards(cleos.messages).length === 1, 'Ben’s card for Cleo');
    expect(cleos.messages.map((m) => m.meetup?.id)).toEqual([bensMeetup.id]);
    const page = await cleo.client.trpc.pods.messages.query({ podId });
    expect(page.messages.map((m) => m.meetup?.id)).toEqual([bensMeetup.id]);
    const replay = await cleo.client.trpc.pods.sync.query({ podId, after: 0 });
    expect(replay.messages.map((m) => m.meetup?.id)).toEqual([bensMeetup.id]);
    expect((await cleo.client.trpc.pods.unread.query()).pods).toEqual([{ podId, unread: 1 }]);
    expect((await ben.client.trpc.pods.messages.query({ podId })).messages.map((m) => m.meetup?.id)).toEqual([
      anasMeetup.id,
      bensMeetup.id,
    ]);
  });
});
