import { describe, expect, it } from 'vitest';
import {
  may,
  NO_BLOCKS,
  visibilityOf,
  type Between,
  type Visibility,
  type VisibilityFacts,
} from './views.ts';

// Who may see whom (issue 28.6): one decision for every place that shows a member to another. Each case is
// a member in one state, as the viewer sees them, and what that allows.

const finished: VisibilityFacts = {
  deletedAt: null,
  suspendedAt: null,
  emailVerified: true,
  photoKey: 'photo.webp',
  interests: Array.from({ length: 10 }, (_, i) => `interest${i}`),
  storyLength: 300,
};
const when = new Date('2026-01-01T00:00:00Z');

const cases: [string, VisibilityFacts | undefined, Between, Visibility][] = [
  ['a finished, verified profile', finished, NO_BLOCKS, 'shown'],
  ['a member the viewer blocked', finished, { viewerBlocked: true, blockedViewer: false }, 'blockedByViewer'],
  [
    'a member who blocked the viewer',
    finished,
    { viewerBlocked: false, blockedViewer: true },
    'blocksViewer',
  ],
  ['blocks both ways', finished, { viewerBlocked: true, blockedViewer: true }, 'blocksViewer'],
  ['a suspended member', { ...finished, suspendedAt: when }, NO_BLOCKS, 'suspended'],
  ['a deleted account', { ...finished, deletedAt: when }, NO_BLOCKS, 'deleted'],
  ['no such member', undefined, NO_BLOCKS, 'deleted'],
  ['an unverified address', { ...finished, emailVerified: false }, NO_BLOCKS, 'unlisted'],
  ['an unfinished profile', { ...finished, storyLength: 12 }, NO_BLOCKS, 'unlisted'],
  ['a profile without a photo', { ...finished, photoKey: null }, NO_BLOCKS, 'unlisted'],
  [
    'a suspended member who blocked the viewer',
    { ...finished, suspendedAt: when },
    { viewerBlocked: false, blockedViewer: true },
    'suspended',
  ],
  [
    'an unfinished profile the viewer blocked',
    { ...finished, storyLength: 12 },
    { viewerBlocked: true, blockedViewer: false },
    'blockedByViewer',
  ],
];

describe('visibilityOf', () => {
  for (const [what, other, between, expected] of cases) {
    it(`${what}: ${expected}`, () => {
      expect(visibilityOf(other, between)).toBe(expected);
    });
  }
});

describe('may', () => {
  it('finds only shown members, names all but hidden ones, reaches nobody behind a block', () => {
    const table = Object.fromEntries(
      (['shown', 'unlisted', 'blockedByViewer', 'blocksViewer', 'suspended', 'deleted'] as const).map((v) => [
        v,
        [may(v, 'find'), may(v, 'name'), may(v, 'reach')],
      ]),
    );
    expect(table).toEqual({
      shown: [true, true, true],
      unlisted: [false, true, true],
      blockedByViewer: [false, true, false],
      // Shown as a deleted member is: nothing of theirs reaches the viewer.
      blocksViewer: [false, false, false],
      suspended: [false, false, false],
      deleted: [false, false, false],
    });
  });
});
