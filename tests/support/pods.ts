import type { PodInput } from '@amiko/core';

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
