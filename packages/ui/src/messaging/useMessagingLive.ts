import type { ConversationReadEvent, MessageView, RouterOutputs } from '@amiko/api';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePlatform, type Platform } from '../platform.tsx';
import { trpc } from '../trpc.ts';
import type { MessagingClient, MessagingHandlers } from './client.ts';
import {
  listHas,
  listWithMessage,
  listWithoutConversation,
  listWithRead,
  threadWithMessage,
  threadWithRead,
} from './cache.ts';
import { rememberPaymentReturn, restoreDraft } from './drafts.ts';

// Keeps the messaging caches (conversation list, threads, unread state) current from the live connection,
// and notifies the member of messages while Amiko is in the background. Mounted once, by the Layout, for
// every verified member on every page.

type Utils = ReturnType<typeof trpc.useUtils>;
/** A change of the text setting on another device reaches notifications here within this time. */
const NOTIFICATION_SETTINGS_STALE_MS = 60_000;
export type ConversationList = RouterOutputs['messages']['conversations'];

let current: MessagingClient | null = null;
const listeners = new Set<() => void>();
function setCurrent(client: MessagingClient | null) {
  current = client;
  for (const listener of listeners) listener();
}

/** The live messaging client of the signed-in member (null before it exists or after sign-out). */
export function useMessagingClient(): MessagingClient | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

function applyMessage(utils: Utils, me: string, message: MessageView) {
  const { conversationId } = message;
  utils.messages.thread.setData({ conversationId }, (thread) =>
    thread ? threadWithMessage(thread, message) : thread,
  );
  utils.messages.conversations.setData(undefined, (list) =>
    list ? listWithMessage(list, me, message) : list,
  );
  // A new conversation: its other member's name and photo come with the list.
  if (!listHas(utils.messages.conversations.getData(), conversationId))
    void utils.messages.conversations.invalidate();
  // The unread state follows from the server (with the message, or 'unread:changed'), never from counting here.
}

function applyRead(utils: Utils, me: string, event: ConversationReadEvent) {
  utils.messages.thread.setData({ conversationId: event.conversationId }, (thread) =>
    thread ? threadWithRead(thread, event) : thread,
  );
  utils.messages.conversations.setData(undefined, (list) => (list ? listWithRead(list, event) : list));
  if (event.readerId === me) void utils.messages.conversations.invalidate();
}

/**
 * A notification about a message: who wrote always; the text only when the member turned on "Show message
 * text in notifications" (or, while their choice is unknown, not).
 */
async function notifyAbout(
  { utils, platform, t }: { utils: Utils; platform: Platform; t: TFunction<'messages'> },
  message: MessageView,
) {
  const nameIn = (list: ConversationList | undefined) =>
    list?.conversations.find((c) => c.id === message.conversationId)?.other.name;
  // A first message's conversation is not in the list yet: the list is being fetched again for it.
  const [name, settings] = await Promise.all([
    nameIn(utils.messages.conversations.getData()) ??
      utils.messages.conversations.fetch().then(nameIn, () => undefined),
    utils.account.notifications
      .fetch(undefined, { staleTime: NOTIFICATION_SETTINGS_STALE_MS })
      .catch(() => null),
  ]);
  platform.notify({
    title: name ? t('notification.from', { name }) : t('notification.title'),
    body: settings?.showMessageText ? message.body : '',
    path: `/messages?${new URLSearchParams({ with: message.senderId })}`,
  });
}

/**
 * Connects the signed-in, verified member (`memberId`) to the live feed while mounted, and turns its
 * events into cache updates, notifications and the payment redirect.
 */
export function useMessagingLive(memberId: string | null) {
  const utils = trpc.useUtils();
  const platform = usePlatform();
  const navigate = useNavigate();
  const { t } = useTranslation('messages');
  // The handlers read the latest of these without reconnecting when they change.
  const latest = useRef({ utils, platform, navigate, t });
  useEffect(() => {
    latest.current = { utils, platform, navigate, t };
  });

  useEffect(() => {
    if (!memberId) return;
    const me = memberId;
    const handlers: MessagingHandlers = {
      message(message, source) {
        applyMessage(latest.current.utils, me, message);
        // In the background: another window or tab in front, or the desktop app's window in the tray.
        const unreadToMe = message.recipientId === me && message.readAt === null;
        if (source !== 'ack' && unreadToMe && !document.hasFocus()) void notifyAbout(latest.current, message);
      },
      read: (event) => applyRead(latest.current.utils, me, event),
      deleted(conversationId) {
        const { utils } = latest.current;
        utils.messages.conversations.setData(undefined, (list) =>
          list ? listWithoutConversation(list, conversationId) : list,
        );
        utils.messages.thread.setData({ conversationId }, undefined);
      },
      unreadCleared: () => void latest.current.utils.messages.unread.invalidate(),
      unread(state) {
        // The server's count replaces whatever a request still on its way would bring (an older count).
        const { utils } = latest.current;
        void utils.messages.unread.cancel();
        utils.messages.unread.setData(undefined, state);
      },
      podUnread(state) {
        const { utils } = latest.current;
        void utils.pods.unread.cancel();
        // The state after a pod message leaves the invitations out (it changes none): kept as they were.
        utils.pods.unread.setData(undefined, (had) => ({
          ...state,
          invitations: state.invitations ?? had?.invitations,
        }));
      },
      podMeetups(podId) {
        // The chat's cards, the pod's Meetups section, the Meetups page, "This week", and the pod's card with
        // its next meetup (those on screen).
        const { utils } = latest.current;
        void utils.meetups.ofPod.invalidate({ podId });
        void utils.pods.get.invalidate({ podId });
        void utils.pods.mine.invalidate();
        void utils.meetups.find.invalidate();
        void utils.meetups.thisWeek.invalidate();
      },
      podChanged(podId) {
        // The pod's page (members, free places, requests) and the Pods page's lists, where on screen.
        const { utils } = latest.current;
        void utils.pods.get.invalidate({ podId });
        void utils.pods.mine.invalidate();
        void utils.pods.find.invalidate();
        // An empty chat's first lines come from who is in it (its page's `together`): read them again. A
        // chat with messages offers none, and its page holds merged older pages a refetch would drop.
        if (utils.pods.messages.getData({ podId })?.messages.length === 0)
          void utils.pods.messages.invalidate({ podId });
      },
      connected(again) {
        // What changed before the connection was up (reads, deletions) is read again; new messages are
        // replayed, and the server sends the unread state on every connection.
        if (again) void latest.current.utils.messages.conversations.invalidate();
      },
      sessionEnded: () => void latest.current.utils.auth.me.invalidate(),
      paymentRequired(refused) {
        // The unsent message waits as the draft, and the success page leads back to it (issue 18.1).
        restoreDraft(me, refused.to, refused.body);
        rememberPaymentReturn(me, refused.to);
        void latest.current.navigate('/payment-info');
      },
    };
    // socket.io's client is loaded only for members, never on a visitor's first page.
    let client: MessagingClient | null = null;
    let cancelled = false;
    void import('./client.ts').then(({ createMessagingClient }) => {
      if (cancelled) return;
      client = createMessagingClient(latest.current.platform.apiBaseUrl, handlers);
      setCurrent(client);
      client.start();
    });
    return () => {
      cancelled = true;
      client?.stop();
      if (client && current === client) setCurrent(null);
    };
  }, [memberId]);
}
