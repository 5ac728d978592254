import type { PeerView, PodMessageEvent, PodMessageView, PodThreadPage } from '@amiko/api';
import { newClientId } from '@amiko/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { appCodeOf, errorKey } from '../../errors.ts';
import { TYPING_SEND_INTERVAL_MS, type OutboxEntry } from '../../messaging/client.ts';
import { podDraftKey, readDraft, rememberPaymentReturn, saveDraft } from '../../messaging/drafts.ts';
import { useMessagingClient } from '../../messaging/useMessagingLive.ts';
import { trpc } from '../../trpc.ts';
import { lastIdOf, pageWithMessages, pageWithRead } from './chat-cache.ts';

/** A typing indicator shows this long after the last "typing" event. */
const TYPING_SHOWS_MS = 4000;

/**
 * The live side of a pod's chat (PodChat shows it): the cached page kept current from the member's socket
 * and replayed after a reconnect or a return, who is typing, the read mark moved while the page is in front,
 * and sending (stored by the server before it is shown; a retry keeps its client id, so it never doubles),
 * with the draft kept across reloads and the way to the payment.
 */
export function usePodChat(podId: string, me: string) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const client = useMessagingClient();
  const page = trpc.pods.messages.useQuery({ podId }, { staleTime: Infinity, refetchOnWindowFocus: false });
  const [pending, setPending] = useState<OutboxEntry[]>([]);
  const [typing, setTyping] = useState<Map<string, number>>(new Map());
  const [olderError, setOlderError] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  const merge = useCallback(
    (messages: readonly PodMessageView[], senders: readonly PeerView[] = []) =>
      utils.pods.messages.setData({ podId }, (data) => data && pageWithMessages(data, messages, senders)),
    [utils, podId],
  );

  // Everything after the newest message held, page by page: after a reconnect, on coming back to a page
  // whose messages are cached (the live feed reaches this cache only while the chat is shown), and for a
  // message from someone not named yet (a new member), whose name comes with the replay.
  const catchingUp = useRef(false);
  const catchUp = useCallback(async () => {
    if (catchingUp.current || !utils.pods.messages.getData({ podId })) return;
    catchingUp.current = true;
    try {
      for (;;) {
        const after = lastIdOf(utils.pods.messages.getData({ podId }));
        const next = await utils.client.pods.sync.query({ podId, after });
        merge(next.messages, next.senders);
        if (!next.more) return;
      }
    } catch {
      // The next reconnect or message asks again.
    } finally {
      catchingUp.current = false;
    }
  }, [utils, podId, merge]);

  useEffect(() => {
    const socket = client?.socket;
    if (!socket) return;
    // The unread pods a message may carry are the messaging client's (client.ts).
    const onMessage = ({ unread: _unread, ...message }: PodMessageEvent) => {
      if (message.podId !== podId) return;
      const known = utils.pods.messages.getData({ podId })?.senders.some((s) => s.id === message.senderId);
      // A meetup's card: the pod's meetups are read again, for the card and the Meetups section.
      if (message.meetup) void utils.meetups.ofPod.invalidate({ podId });
      merge([message]);
      // A sender not seen yet: their name comes with the catch-up, and they may have joined meanwhile.
      if (!known) {
        void catchUp();
        void utils.pods.get.invalidate({ podId });
      }
      setTyping((current) => {
        if (!current.has(message.senderId)) return current;
        const next = new Map(current);
        next.delete(message.senderId);
        return next;
      });
    };
    const onRead = (event: { podId: string; readerId: string; upTo: number }) => {
      if (event.podId !== podId) return;
      utils.pods.messages.setData({ podId }, (data) => data && pageWithRead(data, event));
    };
    const onTyping = (event: { podId: string; memberId: string }) => {
      if (event.podId !== podId || event.memberId === me) return;
      setTyping((current) => new Map(current).set(event.memberId, Date.now() + TYPING_SHOWS_MS));
      setTimeout(
        () => setTyping((current) => new Map([...current].filter(([, until]) => until > Date.now()))),
        TYPING_SHOWS_MS + 50,
      );
    };
    const onConnect = () => void catchUp();
    void catchUp();
    socket.on('pod:message', onMessage);
    socket.on('pod:read', onRead);
    socket.on('pod:typing', onTyping);
    socket.on('connect', onConnect);
    return () => {
      socket.off('pod:message', onMessage);
      socket.off('pod:read', onRead);
      socket.off('pod:typing', onTyping);
      socket.off('connect', onConnect);
    };
  }, [client, podId, me, utils, merge, catchUp]);

  // The member's read mark follows the newest message while the page is in front of them.
  const newest = lastIdOf(page.data);
  const readUpTo = page.data?.myReadUpTo ?? 0;
  const markRead = trpc.pods.read.useMutation({
    onSuccess: ({ upTo }) => {
      if (upTo !== null)
        utils.pods.messages.setData({ podId }, (data) => data && { ...data, myReadUpTo: upTo });
    },
  });
  const { mutate: read, isPending: reading } = markRead;
  useEffect(() => {
    const readIfSeen = () => {
      if (newest > readUpTo && !reading && document.visibilityState === 'visible')
        read({ podId, upTo: newest });
    };
    readIfSeen();
    document.addEventListener('visibilitychange', readIfSeen);
    return () => document.removeEventListener('visibilitychange', readIfSeen);
  }, [newest, readUpTo, reading, read, podId]);

  const draftKey = podDraftKey(podId);
  const [initialDraft] = useState(() => readDraft(me, draftKey));
  const attempt = async (entry: OutboxEntry) => {
    try {
      const { message } = await utils.client.pods.send.mutate({
        podId,
        clientId: entry.clientId,
        body: entry.body,
      });
      merge([message]);
      setPending((current) => current.filter((e) => e.clientId !== entry.clientId));
    } catch (error) {
      if (appCodeOf(error) === 'PAYMENT_REQUIRED') {
        // As in one-to-one chat (SPEC §6): the message waits as the draft, and the payment leads back here.
        setPending((current) => current.filter((e) => e.clientId !== entry.clientId));
        saveDraft(me, draftKey, entry.body);
        rememberPaymentReturn(me, draftKey);
        void navigate('/payment-info');
        return;
      }
      const failed: OutboxEntry['error'] = {
        appCode: appCodeOf(error) ?? 'INTERNAL',
        message: errorKey(error),
      };
      setPending((current) =>
        current.map((e) => (e.clientId === entry.clientId ? { ...e, status: 'failed', error: failed } : e)),
      );
    }
  };
  const send = (body: string) => {
    const entry: OutboxEntry = {
      clientId: newClientId(),
      to: podId,
      body,
      createdAt: Date.now(),
      status: 'sending',
    };
    setPending((current) => [...current, entry]);
    void attempt(entry);
  };
  const lastTyping = useRef(0);
  const onTyping = () => {
    const now = Date.now();
    if (!client?.socket.connected || now - lastTyping.current < TYPING_SEND_INTERVAL_MS) return;
    lastTyping.current = now;
    client.socket.emit('pod:typing', { podId });
  };

  const loadOlder = async (data: PodThreadPage) => {
    const before = data.messages[0]?.id;
    if (before === undefined) return;
    setLoadingOlder(true);
    setOlderError(false);
    try {
      const older = await utils.client.pods.messages.query({ podId, before });
      utils.pods.messages.setData(
        { podId },
        (current) =>
          current && {
            ...pageWithMessages(current, older.messages, older.senders),
            hasMore: older.hasMore,
            reads: current.reads,
          },
      );
    } catch {
      setOlderError(true);
    } finally {
      setLoadingOlder(false);
    }
  };

  const retry = (entry: OutboxEntry) => {
    const again = { ...entry, status: 'sending' as const, error: undefined };
    setPending((current) => current.map((e) => (e.clientId === entry.clientId ? again : e)));
    void attempt(again);
  };
  const discard = (clientId: string) =>
    setPending((current) => current.filter((e) => e.clientId !== clientId));
  const keepDraft = (text: string) => saveDraft(me, draftKey, text);

  return {
    page,
    pending,
    typing,
    olderError,
    loadingOlder,
    initialDraft,
    keepDraft,
    send,
    retry,
    discard,
    onTyping,
    loadOlder,
  };
}
