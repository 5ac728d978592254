import type { ConversationView, RouterOutputs } from '@amiko/api';
import type { NotificationSettings } from '@amiko/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../platform.tsx';
import { storedMessage } from '../test/fixtures.ts';
import { renderWithApp, testPlatform } from '../test/render.tsx';
import { startTestSocketServer, type TestSocketServer } from '../test/socket-double.ts';
import { apiError, type TestApi } from '../test/trpc-double.ts';
import LiveMessaging from './LiveMessaging.tsx';

// The notification privacy rule (issue 15): a message that comes live while Amiko is in the background
// brings a notification saying who wrote, and what only when the member turned on "Show message text in
// notifications". The app's own live client and hooks run against a real socket.io server; only the host
// (the Platform, which the browser or the desktop shell provides) records what it is asked to show.

type Notification = Parameters<Platform['notify']>[0];

const fromAna = storedMessage(1, 'ana', 'See you at ten by the lake.');

function conversationWithAna(): ConversationView {
  return {
    id: 'c',
    other: { id: 'ana', name: 'Ana Alves', avatarUrl: null, deleted: false },
    lastMessage: null,
    updatedAt: fromAna.createdAt,
    unreadCount: 1,
    blockedByMe: false,
  };
}

function listOf(conversations: ConversationView[]): RouterOutputs['messages']['conversations'] {
  return { conversations, cursor: 0 };
}

let server: TestSocketServer;
beforeEach(async () => {
  server = await startTestSocketServer(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

/**
 * Ben's live connection with Amiko in the background; Ana's message arrives live. Resolves with what the
 * host was asked to show once it was asked (or after a moment, with nothing).
 */
async function notificationsFor(
  api: TestApi,
  { language = 'en', focused = false }: { language?: 'en' | 'de'; focused?: boolean } = {},
) {
  vi.spyOn(document, 'hasFocus').mockReturnValue(focused);
  const notified: Notification[] = [];
  const platform: Platform = { ...testPlatform(server.url), notify: (n) => void notified.push(n) };
  const { queryClient } = renderWithApp(<LiveMessaging memberId="ben" />, { api, platform, language });
  // A failed settings request is tried again twice (the app's query retries) before the host is asked: at
  // once here, without React Query's back-off of 1 s and then 2 s, which is no part of what is tested.
  queryClient.setQueryDefaults([['account', 'notifications']], { retryDelay: 0 });
  await vi.waitFor(() => expect(server.sockets()).toHaveLength(1));
  server.sockets()[0]!.emit('message:new', fromAna);
  if (focused) await new Promise((resolve) => setTimeout(resolve, 300));
  // Up to 3 s for the socket's message and the two requests behind it on a busy machine (about 0.1 s alone).
  else await vi.waitFor(() => expect(notified).toHaveLength(1), { timeout: 3000 });
  return notified;
}

function api(
  settings: () => NotificationSettings,
  conversations: ConversationView[] = [conversationWithAna()],
): TestApi {
  return {
    account: { notifications: settings },
    messages: {
      conversations: () => listOf(conversations),
      unread: () => ({ hasUnread: true, unreadConversations: 1 }),
    },
  };
}

const textOff = () => ({ showMessageText: false, emailAboutMessages: 'instant' }) as const;
const textOn = () => ({ showMessageText: true, emailAboutMessages: 'instant' }) as const;

describe('a notification about a new message', () => {
  it('says who wrote and not what, by default, and opens the conversation', async () => {
    expect(await notificationsFor(api(textOff))).toEqual([
      { title: 'New message from Ana Alves', body: '', path: '/messages?with=ana' },
    ]);
  });

  it('carries the text when the member turned on "Show message text in notifications"', async () => {
    expect(await notificationsFor(api(textOn))).toEqual([
      {
        title: 'New message from Ana Alves',
        body: 'See you at ten by the lake.',
        path: '/messages?with=ana',
      },
    ]);
  });

  it('carries no text while the member’s choice cannot be read', async () => {
    let reads = 0;
    const failing = () => {
      reads += 1;
      throw apiError('common:errors.unknown', 'INTERNAL', 500);
    };
    expect(await notificationsFor(api(failing))).toEqual([
      { title: 'New message from Ana Alves', body: '', path: '/messages?with=ana' },
    ]);
    // Asked once and again twice, as the app retries.
    expect(reads).toBe(3);
  });

  it('says "New message" when the writer’s name is not known', async () => {
    expect(await notificationsFor(api(textOff, []))).toEqual([
      { title: 'New message', body: '', path: '/messages?with=ana' },
    ]);
  });

  it('names nobody the list shows as a deleted member (blocked the member, suspended, deleted)', async () => {
    // The server leaves such a member's name and photo out of the list (issue 28.6: visibilityOf).
    const hidden = {
      ...conversationWithAna(),
      other: { id: 'ana', name: '', avatarUrl: null, deleted: true },
    };
    expect(await notificationsFor(api(textOn, [hidden]))).toEqual([
      { title: 'New message', body: 'See you at ten by the lake.', path: '/messages?with=ana' },
    ]);
  });

  it('speaks German', async () => {
    expect(await notificationsFor(api(textOff), { language: 'de' })).toEqual([
      { title: 'Neue Nachricht von Ana Alves', body: '', path: '/messages?with=ana' },
    ]);
  });

  it('is not shown while Amiko has the focus', async () => {
    expect(await notificationsFor(api(textOn), { focused: true })).toEqual([]);
  });
});
