import type { PodInput } from '@amiko/core';
import type { Database } from '@amiko/db';

/**
 * A pod for a test to start: "Board games", open, online, in English, for eight, with what the test
 * changes. The pod suites start their pods from it, so a new rule for pods changes one place.
 */
export function podInput(overrides: Partial<PodInput> = {}): PodInput {
  return {
    name: 'Board games',
    kind: 'interests',
    interests: ['boardGames'],
    languages: ['en'],
    level: null,
    placeId: null,
    description: '',
    sizeLimit: 8,
    joinRule: 'open',
    ...overrides,
  };
}

/** A meetup of the pod that took place yesterday: those put down as going to it have been to a meetup. */
export async function insertPastMeetup(
  { db, t }: Database,
  meetup: { id: string; podId: string; proposedBy: string },
): Promise<void> {
  await db.insert(t.meetups).values({
    ...meetup,
    startsAt: new Date(Date.now() - 86_400_000),
    timeZone: 'Europe/Berlin',
    venueKind: 'park',
    venueName: 'Englischer Garten',
    venueAddress: 'München',
    onlineLink: null,
    language: 'de',
    capacity: 12,
    createdAt: new Date(Date.now() - 2 * 86_400_000),
  });
}
