import type { PeerView, PodMessageView, PodThreadPage } from '@amiko/api';
import { seenByCount } from '@amiko/core';
import { Box, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { appCodeOf, errorKey } from '../../errors.ts';
import { TYPING_SEND_INTERVAL_MS, type OutboxEntry } from '../../messaging/client.ts';
import { podDraftKey, readDraft, rememberPaymentReturn, saveDraft } from '../../messaging/drafts.ts';
import { useMessagingClient } from '../../messaging/useMessagingLive.ts';
import { trpc } from '../../trpc.ts';
import { Composer } from '../messages/Composer.tsx';
import { formatMessageTime } from '../messages/format.ts';
import { MessageBubble } from '../messages/MessageBubble.tsx';
import { PendingBubble } from '../messages/PendingBubble.tsx';
import { useScrollAnchor } from '../messages/useScrollAnchor.ts';
import { lastIdOf, pageWithMessages, pageWithRead } from './chat-cache.ts';
import type { Pod } from './PodActions.tsx';
import { PodIcebreakers } from './PodIcebreakers.tsx';

/** A typing indicator shows this long after the last "typing" event. */
const TYPING_SHOWS_MS = 4000;

/**
 * A pod's chat for its members (issue 34.4): the latest page and older ones on request, live messages,
 * replay after a reconnect, typing, "Seen by N" under the member's last message, the read mark moved while
 * the page is in front, and a draft kept across reloads and the way to the payment.
 */
export function PodChat({ pod, me }: { pod: Pod; me: string }) {
  const { id: podId, name: podName, members } = pod;
  const { t, i18n } = useTranslation(['pods', 'messages', 'common']);
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const client = useMessagingClient();
  const key = { podId };
  const page = trpc.pods.messages.useQuery(key, { staleTime: Infinity, refetchOnWindowFocus: false });
  const [pending, setPending] = useState<OutboxEntry[]>([]);
  const [typing, setTyping] = useState<Map<string, number>>(new Map());
  const [olderError, setOlderError] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** An icebreaker picked: put in the message box to edit. */
  const [suggestion, setSuggestion] = useState<{ text: string } | null>(null);

  const merge = useCallback(
    (messages: readonly PodMessageView[], senders: readonly PeerView[] = []) =>
      utils.pods.messages.setData({ podId }, (data) => data && pageWithMessages(data, messages, senders)),
    [utils, podId],
  );

  // Everything after the newest message held, page by page: after a reconnect, and for a message from
  // someone not named yet (a new member), whose name comes with the replay.
  const catchingUp = useRef(false);
  const catchUp = useCallback(async () => {
    if (catchingUp.current) return;
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
    const onMessage = (message: PodMessageView) => {
      if (message.podId !== podId) return;
      const known = utils.pods.messages.getData({ podId })?.senders.some((s) => s.id === message.senderId);
      merge([message]);
      if (!known) void catchUp();
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
      clientId: crypto.randomUUID(),
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

  const nameOf = (memberId: string) =>
    memberId === me
      ? t('pods:chat.you')
      : (page.data?.senders.find((s) => s.id === memberId)?.name ??
        members.find((m) => m.id === memberId)?.firstName ??
        '');
  const lastMine = page.data?.messages.findLast((m) => m.senderId === me);
  const typingNames = [...typing.keys()].map(nameOf).filter(Boolean);
  // As a conversation: starts at the newest, follows new ones near the bottom, stays put for older ones.
  const scroll = useScrollAnchor({
    firstId: page.data?.messages[0]?.id,
    lastId: page.data?.messages.at(-1)?.id,
    pendingCount: pending.length,
    changed: typingNames.length,
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="pod-chat">
      <Title order={2} size="h3" id="pod-chat">
        {t('pods:chat.title')}
      </Title>
      <Paper withBorder radius="md" p="sm">
        {page.isPending ? (
          <Center py="lg">
            <Loader size="sm" aria-label={t('common:loading')} />
          </Center>
        ) : page.isError ? (
          <ErrorAlert>{i18n.t(errorKey(page.error))}</ErrorAlert>
        ) : (
          <Stack gap="xs">
            {page.data.hasMore && (
              <Center>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={loadingOlder}
                  onClick={() => void loadOlder(page.data)}
                  data-testid="pod-older"
                >
                  {t('pods:chat.older')}
                </Button>
              </Center>
            )}
            {olderError && <ErrorAlert>{t('common:errors.network')}</ErrorAlert>}
            {page.data.messages.length === 0 && pending.length === 0 && (
              <Stack gap="sm" py="md">
                <Text c="dimmed" ta="center" data-testid="pod-chat-empty">
                  {t('pods:chat.empty', { name: podName })}
                </Text>
                <PodIcebreakers pod={pod} onPick={(text) => setSuggestion({ text })} />
              </Stack>
            )}
            <Box
              ref={scroll.viewport}
              onScroll={(event) => scroll.onScroll(event.currentTarget.scrollTop)}
              role="log"
              aria-label={t('pods:chat.log', { name: podName })}
              style={{ maxHeight: 'min(60dvh, 520px)', overflowY: 'auto' }}
              data-testid="pod-messages"
            >
              <Box component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                {page.data.messages.map((message) => {
                  const mine = message.senderId === me;
                  const seen =
                    mine && message.id === lastMine?.id ? seenByCount(page.data.reads, message) : 0;
                  return (
                    <MessageBubble
                      key={message.id}
                      message={message}
                      mine={mine}
                      senderName={nameOf(message.senderId)}
                      shownName={mine ? undefined : nameOf(message.senderId)}
                      status={
                        mine && message.id === lastMine?.id
                          ? seen > 0
                            ? t('pods:chat.seenBy', { count: seen })
                            : t('messages:thread.sent')
                          : null
                      }
                      time={formatMessageTime(message.createdAt, i18n.language)}
                    />
                  );
                })}
                {pending.map((entry) => (
                  <PendingBubble
                    key={entry.clientId}
                    entry={entry}
                    onRetry={() => {
                      const again = { ...entry, status: 'sending' as const, error: undefined };
                      setPending((current) =>
                        current.map((e) => (e.clientId === entry.clientId ? again : e)),
                      );
                      void attempt(again);
                    }}
                    onDiscard={() =>
                      setPending((current) => current.filter((e) => e.clientId !== entry.clientId))
                    }
                  />
                ))}
              </Box>
            </Box>
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="pod-typing" mih={20}>
              {typingNames.length > 0 ? t('messages:thread.typing', { name: typingNames.join(', ') }) : ''}
            </Text>
            <Composer
              disabled={false}
              onSend={send}
              onTyping={onTyping}
              suggestion={suggestion}
              initialText={initialDraft}
              onDraftChange={(text) => saveDraft(me, draftKey, text)}
            />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
