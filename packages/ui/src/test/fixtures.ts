import type { MessageView, RouterOutputs } from '@amiko/api';

// Typed API answers for component tests: the shapes the real router returns, filled with plain values.

type Me = NonNullable<RouterOutputs['auth']['me']>;
type DirectoryCard = RouterOutputs['community']['directory']['items'][number];

/** A verified, paying member (auth.me). */
export function signedInMember(overrides: Partial<Me> = {}): Me {
  return {
    id: 'ben',
    name: 'Ben Baker',
    email: 'ben@example.com',
    emailVerified: true,
    hasPaid: true,
    hasFreeAccess: false,
    language: 'en',
    avatarUrl: null,
    hasPhoto: false,
    interestCount: 5,
    storyLength: 120,
    ...overrides,
  };
}

export function directoryCard(id: string, name: string): DirectoryCard {
  return {
    id,
    name,
    avatarUrl: null,
    city: null,
    age: 30,
    interests: [],
    moreInterests: 0,
    sharedInterests: 0,
    activity: null,
    newInTown: null,
  };
}

/** A stored message of conversation "c" between Ana and Ben. */
export function storedMessage(
  id: number,
  from: 'ana' | 'ben',
  body = `Message ${id}`,
  readAt: number | null = null,
): MessageView {
  return {
    id,
    conversationId: 'c',
    senderId: from,
    recipientId: from === 'ana' ? 'ben' : 'ana',
    clientId: `client-${id}`,
    body,
    createdAt: Date.UTC(2025, 4, 1, 12, id),
    readAt,
  };
}
