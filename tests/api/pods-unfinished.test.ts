import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Pods and meetups are for members who finished their profile (issue 34, item 6): a verified member who has
// not is refused every read of them too, not only starting and joining — a pod's page would otherwise show
// its members' first names and photos to an account that shows nothing of itself. On both databases.

const MUNICH = 2867714;

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts?.stop());

describe('a member without a finished profile', () => {
  it('reads no pod, no pod list and no meetup: each answers "finish your profile" (a chat: not found)', async () => {
    const starter = await createMember(ts, { placeId: MUNICH, city: null });
    const pod = await starter.client.trpc.pods.start.mutate(
      podInput({ name: 'Open chess', placeId: MUNICH, sizeLimit: 6 }),
    );
    await starter.client.trpc.meetups.propose.mutate({
      podId: pod.id,
      startsAt: `${new Date().getUTCFullYear() + 1}-06-05T19:30`,
      placeKind: 'cafe',
      venueName: 'Café Luitpold',
      venueAddress: 'Brienner Str. 11',
      language: 'de',
      extraPlaces: 2,
    });
    const { trpc } = (await createMember(ts, { onboarded: false, placeId: MUNICH, city: null })).client;
    const reads = {
      'pods.get': () => trpc.pods.get.query({ podId: pod.id }),
      'pods.mine': () => trpc.pods.mine.query(),
      'pods.find': () => trpc.pods.find.query({ where: 'anywhere' }),
      'pods.messages': () => trpc.pods.messages.query({ podId: pod.id }),
      'pods.sync': () => trpc.pods.sync.query({ podId: pod.id, after: 0 }),
      'pods.suggestion': () => trpc.pods.suggestion.query(),
      'meetups.ofPod': () => trpc.meetups.ofPod.query({ podId: pod.id }),
      'meetups.find': () => trpc.meetups.find.query({ scope: 'near' }),
      'meetups.thisWeek': () => trpc.meetups.thisWeek.query(),
      'meetups.afterQuestions': () => trpc.meetups.afterQuestions.query(),
      'meetups.mutual': () => trpc.meetups.mutual.query(),
    };
    const answers: Record<string, unknown> = {};
    // One at a time, each awaited as it starts: a refusal is never left unhandled.
    for (const [path, read] of Object.entries(reads)) {
      answers[path] = await read().then(
        () => 'answered',
        (error: unknown) =>
          error instanceof TRPCClientError ? [error.data?.appCode, error.message] : String(error),
      );
    }
    const finish = ['FORBIDDEN', 'pods:errors.finishProfile'];
    expect(answers).toEqual({
      ...Object.fromEntries(Object.keys(reads).map((p) => [p, finish])),
      // A pod's chat is its members' alone: to anyone else it does not exist, whatever their profile.
      'pods.messages': ['NOT_FOUND', 'pods:errors.notFound'],
      'pods.sync': ['NOT_FOUND', 'pods:errors.notFound'],
    });
  });
});
