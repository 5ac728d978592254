import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportMemberData } from '@amiko/api';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { podInput } from '../support/pods.ts';

// "My data" (issue 19.6), its content: everything stored about the member, nothing of others' secrets.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

describe('exportMemberData', () => {
  it('holds the profile, favourites, blocks, conversations with their messages, reports made, sessions, forms sent and what the team did', async () => {
    const ana = await createMember(ts, {
      name: 'Ana',
      city: 'Hamburg',
      newInTown: 'newHere',
      newInTownMonth: '2026-03',
    });
    const bruno = await createMember(ts, { name: 'Bruno' });
    const carla = await createMember(ts, { name: 'Carla' });
    const sent = await ana.client.trpc.messages.send.mutate({
      to: bruno.id,
      clientId: randomUUID(),
      body: 'Hi Bruno',
    });
    await bruno.client.trpc.messages.send.mutate({ to: ana.id, clientId: randomUUID(), body: 'Hi Ana' });
    await carla.client.trpc.messages.send.mutate({ to: bruno.id, clientId: randomUUID(), body: 'Not Ana’s' });
    await ana.client.trpc.favorites.toggle.mutate({ memberId: bruno.id });
    await ana.client.trpc.blocks.block.mutate({ memberId: carla.id });
    await ana.client.trpc.reports.create.mutate({ memberId: carla.id, reason: 'spam', note: 'Ads' });
    await bruno.client.trpc.reports.create.mutate({ memberId: ana.id, reason: 'other' });

    await ana.client.trpc.site.contact.mutate({
      name: 'Ana',
      email: ana.email,
      subject: 'Events in Hamburg',
      message: 'Could Amiko show events?',
    });
    await ana.client.trpc.site.feedback.mutate({
      rating: 5,
      type: 'featureRequest',
      suggestions: 'Group chats',
      liked: 'The kindness',
      easeOfConnection: 'easy',
      comments: '',
      language: 'en',
    });
    await ts.client().trpc.site.contact.mutate({
      name: 'Someone',
      email: 'someone@example.com',
      subject: 'Not Ana’s either',
      message: 'A visitor’s question',
    });
    const { db, t } = ts.server.database;
    await db
      .insert(t.moderationActions)
      .values({ action: 'grant-access', memberId: ana.id, actor: 'team-member-name', reason: 'Refund' });

    const data = (await exportMemberData(ts.server.deps, ana.id))!;
    expect(data.profile).toMatchObject({ id: ana.id, name: 'Ana', city: 'Hamburg', email: ana.email });
    // New in town (issue 19.4) is the member's data too.
    expect(data.profile).toMatchObject({
      newInTown: 'newHere',
      newInTownMonth: '2026-03',
      welcomesNewcomers: false,
    });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(data.profile).not.toHaveProperty('unsubscribeKey');
    expect(data.photos).toEqual(['test-photo.webp']);
    expect(data.favorites.map((f) => f.memberId)).toEqual([bruno.id]);
    expect(data.blocks.map((b) => b.memberId)).toEqual([carla.id]);
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]!.id).toBe(sent.message.conversationId);
    // Named as her conversation list names him (issue 28.6: visibilityOf).
    expect(data.conversations[0]!.with).toEqual({ id: bruno.id, name: 'Bruno', deleted: false });
    expect(data.conversations[0]!.messages.map((m) => m.body)).toEqual(['Hi Bruno', 'Hi Ana']);
    expect(data.reports).toEqual([
      { reportedId: carla.id, meetupId: null, reason: 'spam', note: 'Ads', createdAt: expect.any(Date) },
    ]);
    expect(data.payments).toEqual([]);
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0]!).sort()).toEqual(['createdAt', 'expiresAt', 'lastUsedAt']);
    expect(data.contactMessages).toEqual([
      {
        name: 'Ana',
        email: ana.email,
        subject: 'Events in Hamburg',
        message: 'Could Amiko show events?',
        createdAt: expect.any(Date),
      },
    ]);
    expect(data.feedback).toEqual([
      {
        rating: 5,
        type: 'featureRequest',
        suggestions: 'Group chats',
        liked: 'The kindness',
        easeOfConnection: 'easy',
        comments: null,
        createdAt: expect.any(Date),
      },
    ]);
    // What the team did about the account, not who of the team did it.
    expect(data.moderation).toEqual([
      { action: 'grant-access', reason: 'Refund', createdAt: expect.any(Date) },
    ]);
    expect(JSON.stringify(data)).not.toContain('team-member-name');
    expect(JSON.stringify(data)).not.toContain('Not Ana’s');
    expect(await exportMemberData(ts.server.deps, 'nobody')).toBeNull();
  });

  it('holds where the member lives, by id and by name in their own language, and no place when they have none', async () => {
    const MUNICH = 2867714;
    const ana = await createMember(ts, { name: 'Ana', placeId: MUNICH, city: null, language: 'de' });
    const ben = await createMember(ts, { name: 'Ben', placeId: MUNICH, city: null, language: 'en' });
    const cem = await createMember(ts, { name: 'Cem', placeId: null, city: 'Somewhere' });

    const hers = (await exportMemberData(ts.server.deps, ana.id))!;
    expect(hers.place).toMatchObject({
      id: MUNICH,
      name: 'München',
      region: 'Bayern',
      country: 'Deutschland',
    });
    const his = (await exportMemberData(ts.server.deps, ben.id))!;
    expect(his.place).toMatchObject({ id: MUNICH, name: 'Munich', region: 'Bavaria', country: 'Germany' });
    expect((await exportMemberData(ts.server.deps, cem.id))!.place).toBeNull();
  });

  it('holds the member’s pods and what they wrote there, not what others wrote nor why a host took them out', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const bruno = await createMember(ts, { name: 'Bruno' });
    const pod = (name: string) => podInput({ name, interests: ['chess'], sizeLimit: 6 });
    const chess = await bruno.client.trpc.pods.start.mutate(pod('Chess club'));
    const other = await bruno.client.trpc.pods.start.mutate(pod('Chess two'));
    await ana.client.trpc.pods.join.mutate({ podId: chess.id });
    await ana.client.trpc.pods.join.mutate({ podId: other.id });
    await ana.client.trpc.pods.send.mutate({ podId: chess.id, clientId: randomUUID(), body: 'Mine to take' });
    await bruno.client.trpc.pods.send.mutate({
      podId: chess.id,
      clientId: randomUUID(),
      body: 'Bruno’s own',
    });
    await bruno.client.trpc.pods.remove.mutate({ podId: other.id, memberId: ana.id, reason: 'Private note' });
    await ana.client.trpc.pods.dismissSuggestion.mutate({ interest: 'chess' });

    const data = (await exportMemberData(ts.server.deps, ana.id))!;
    expect(data.pods.memberships).toEqual([
      { podId: chess.id, name: 'Chess club', role: 'member', joinedAt: expect.any(Date), closedAt: null },
    ]);
    expect(data.pods.removals).toEqual([{ podId: other.id, name: 'Chess two', removedAt: expect.any(Date) }]);
    expect(data.pods.messages).toEqual([
      { podId: chess.id, body: 'Mine to take', createdAt: expect.any(Date) },
    ]);
    expect(data.pods.suggestionsAnswered).toEqual([{ interest: 'chess', answeredAt: expect.any(Date) }]);
    expect(JSON.stringify(data)).not.toContain('Bruno’s own');
    expect(JSON.stringify(data)).not.toContain('Private note');
  });

  it('holds the meetups the member proposed and answered and their own answers after, never others’ about them', async () => {
    const MUNICH = 2867714;
    const [ana, bruno] = [
      await createMember(ts, { name: 'Ana', placeId: MUNICH, city: null }),
      await createMember(ts, { name: 'Bruno', placeId: MUNICH, city: null }),
    ];
    const pod = await bruno.client.trpc.pods.start.mutate(
      podInput({ name: 'Walks', interests: ['hiking'], placeId: MUNICH, sizeLimit: 6 }),
    );
    await ana.client.trpc.pods.join.mutate({ podId: pod.id });
    const meetup = await ana.client.trpc.meetups.propose.mutate({
      podId: pod.id,
      startsAt: `${new Date().getUTCFullYear() + 1}-06-05T19:30`,
      placeKind: 'park',
      venueName: 'Englischer Garten',
      venueAddress: 'Chinesischer Turm',
      language: 'de',
    });
    await bruno.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    const { db, t } = ts.server.database;
    await db
      .update(t.meetups)
      .set({ startsAt: new Date(Date.now() - 4 * 3_600_000) })
      .where(eq(t.meetups.id, meetup.id));
    // Ana says Bruno came and she would rather not meet him again; Bruno says she did not come, and yes.
    await ana.client.trpc.meetups.answerAfter.mutate({ meetupId: meetup.id, came: [bruno.id], again: [] });
    await bruno.client.trpc.meetups.answerAfter.mutate({ meetupId: meetup.id, came: [], again: [ana.id] });

    const data = (await exportMemberData(ts.server.deps, ana.id))!;
    expect(data.meetups.proposed).toEqual([
      expect.objectContaining({ meetupId: meetup.id, podName: 'Walks', venueName: 'Englischer Garten' }),
    ]);
    expect(data.meetups.answers).toEqual([
      expect.objectContaining({ meetupId: meetup.id, podName: 'Walks', status: 'going' }),
    ]);
    expect(data.meetups.whoCame).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ meetupId: meetup.id, memberId: bruno.id, came: true }),
        expect.objectContaining({ meetupId: meetup.id, memberId: ana.id, came: true }),
      ]),
    );
    expect(data.meetups.whoCame).toHaveLength(2);
    expect(data.meetups.meetAgain).toEqual([
      { meetupId: meetup.id, memberId: bruno.id, again: false, answeredAt: expect.any(Date) },
    ]);
    // Bruno's answers about her are his: neither his "did not come" nor his "yes" is in her data.
    expect(JSON.stringify(data.meetups)).not.toMatch(/"came":false|"again":true/);
    const his = (await exportMemberData(ts.server.deps, bruno.id))!;
    expect(his.meetups.proposed).toEqual([]);
    expect(his.meetups.meetAgain).toEqual([
      { meetupId: meetup.id, memberId: ana.id, again: true, answeredAt: expect.any(Date) },
    ]);
  });
});
