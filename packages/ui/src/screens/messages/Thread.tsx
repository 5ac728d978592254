import type { MessageView, PeerView } from '@amiko/api';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import defaultAvatar from '../../assets/default-avatar.svg';
import { errorKey, messageKey } from '../../errors.ts';
import type { MessagingClient, OutboxEntry } from '../../messaging/client.ts';
import { withRead } from '../../messaging/thread-data.ts';
import { trpc } from '../../trpc.ts';
import { Composer } from './Composer.tsx';
import { formatMessageTime } from './format.ts';
import { ThreadActions } from './ThreadActions.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

interface Props {
  me: string;
  peer: PeerView;
  conversationId: string | null;
  blockedByMe: boolean;
  client: MessagingClient | null;
  /** On narrow screens the thread replaces the list; this goes back to it. */
  onBack?: () => void;
  onDeleted(): void;
}

const NEAR_BOTTOM_PX = 120;
const noEntries: OutboxEntry[] = [];
const noTyping = new Map<string, { memberId: string; until: number }>();
const noop = () => () => undefined;

/** One conversation: its messages (older ones load when scrolling up), read marks, typing, the composer. */
export function Thread({ me, peer, conversationId, blockedByMe, client, onBack, onDeleted }: Props) {
  const { t, i18n } = useTranslation(['messages', 'community', 'payment', 'common']);
  const utils = trpc.useUtils();
  const name = peer.deleted ? t('deletedMember') : peer.name;
  const thread = trpc.messages.thread.useQuery(
    { conversationId: conversationId ?? '' },
    // Live events keep the thread current (and older pages are merged into it): never refetch by itself.
    { enabled: conversationId !== null, staleTime: Infinity, refetchOnWindowFocus: false },
  );
  const messages = conversationId ? (thread.data?.messages ?? []) : [];
  const outbox = useSyncExternalStore(
    client?.outbox.subscribe ?? noop,
    client?.outbox.get ?? (() => noEntries),
  );
  const pending = outbox.filter((e) => e.to === peer.id);
  const failed = pending.findLast((e) => e.status === 'failed');
  const typingMap = useSyncExternalStore(
    client?.typing.subscribe ?? noop,
    client?.typing.get ?? (() => noTyping),
  );
  const typing = conversationId ? typingMap.get(conversationId) : undefined;
  const markRead = trpc.messages.markRead.useMutation();

  // Older messages, merged in front of the cached thread.
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<unknown>(null);
  const loadOlder = async () => {
    const first = messages[0];
    if (!conversationId || !first || loadingOlder || !thread.data?.hasMore) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = await utils.client.messages.thread.query({ conversationId, before: first.id });
      utils.messages.thread.setData({ conversationId }, (data) =>
        data
          ? {
              hasMore: page.hasMore,
              messages: [
                ...page.messages.filter((m) => !data.messages.some((d) => d.id === m.id)),
                ...data.messages,
              ],
            }
          : data,
      );
    } catch (error) {
      setOlderError(error);
    } finally {
      setLoadingOlder(false);
    }
  };

  // Reading: messages to me that I have on screen are marked read (the sender sees "Read").
  const unreadUpTo = messages.reduce(
    (max, m) => (m.recipientId === me && m.readAt === null ? Math.max(max, m.id) : max),
    0,
  );
  const markReadOverHttp = markRead.mutate;
  useEffect(() => {
    if (!conversationId || unreadUpTo === 0) return;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', mark);
      const event = { conversationId, readerId: me, upTo: unreadUpTo, readAt: Date.now() };
      utils.messages.thread.setData({ conversationId }, (data) => (data ? withRead(data, event) : data));
      utils.messages.conversations.setData(undefined, (list) =>
        list
          ? {
              ...list,
              conversations: list.conversations.map((c) =>
                c.id === conversationId ? { ...c, unreadCount: 0 } : c,
              ),
            }
          : list,
      );
      if (!client?.markRead(conversationId, unreadUpTo))
        markReadOverHttp({ conversationId, upTo: unreadUpTo });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [conversationId, unreadUpTo, me, client, utils, markReadOverHttp]);

  // Scrolling: start at the newest message, follow new ones when near the bottom, and keep the view still
  // when older messages are put in front.
  const viewport = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ first?: number; last?: number; height: number; count: number }>({
    height: 0,
    count: 0,
  });
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const before = previous.current;
    if (
      before.first !== undefined &&
      firstId !== undefined &&
      firstId < before.first &&
      lastId === before.last
    ) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (nearBottom.current || lastId !== before.last || pending.length !== before.count) {
      element.scrollTop = element.scrollHeight;
    }
    previous.current = { first: firstId, last: lastId, height: element.scrollHeight, count: pending.length };
  }, [firstId, lastId, pending.length, typing]);

  const lastMine = messages.findLast((m) => m.senderId === me);

  return (
    <Stack gap={0} h="100%" aria-label={t('thread.label', { name })} component="section">
      <Group
        px="sm"
        py="xs"
        gap="sm"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        {onBack && (
          <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label={t('thread.back')}>
            <IconArrowLeft aria-hidden="true" />
          </ActionIcon>
        )}
        <Avatar src={peer.avatarUrl ?? defaultAvatar} alt="" radius="xl" size={36} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          {peer.deleted ? (
            <Text fw={600} c="dimmed" truncate="end">
              {name}
            </Text>
          ) : (
            <Anchor
              component={Link}
              to={`/profile-view/${peer.id}`}
              fw={600}
              c="inherit"
              truncate="end"
              display="block"
            >
              {name}
            </Anchor>
          )}
          <Text size="xs" c="dimmed" h={16} aria-live="polite" data-testid="typing">
            {typing && typing.memberId === peer.id ? t('thread.typing', { name }) : ''}
          </Text>
        </Box>
        <ThreadActions
          peer={peer}
          name={name}
          conversationId={conversationId}
          blockedByMe={blockedByMe}
          onDeleted={onDeleted}
        />
      </Group>

      <ScrollArea
        style={{ flex: 1 }}
        viewportRef={viewport}
        type="auto"
        onScrollPositionChange={({ y }) => {
          const element = viewport.current;
          if (element) nearBottom.current = element.scrollHeight - element.clientHeight - y < NEAR_BOTTOM_PX;
          if (y < 40) void loadOlder();
        }}
      >
        <Stack gap={6} p="sm">
          {thread.data?.hasMore && (
            <Group justify="center">
              <Button variant="subtle" size="xs" onClick={() => void loadOlder()} loading={loadingOlder}>
                {t('thread.loadOlder')}
              </Button>
            </Group>
          )}
          {olderError !== null && <ErrorAlert>{i18n.t(errorKey(olderError))}</ErrorAlert>}
          {conversationId && thread.isPending ? (
            <Group justify="center" p="lg">
              <Loader size="sm" aria-label={t('common:loading')} />
            </Group>
          ) : thread.isError ? (
            <ErrorAlert title={t('thread.loadError')} onRetry={() => void thread.refetch()}>
              {i18n.t(errorKey(thread.error))}
            </ErrorAlert>
          ) : messages.length === 0 && pending.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" data-testid="thread-empty">
              {t('thread.empty', { name })}
            </Text>
          ) : null}
          <Box role="log">
            <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
              {messages.map((message) => (
                <Bubble
                  key={message.id}
                  message={message}
                  mine={message.senderId === me}
                  senderName={message.senderId === me ? t('thread.fromYou') : name}
                  status={
                    message.id === lastMine?.id
                      ? message.readAt
                        ? t('thread.read')
                        : t('thread.sent')
                      : null
                  }
                  time={formatMessageTime(message.createdAt, i18n.language)}
                />
              ))}
              {pending.map((entry) => (
                <Box component="li" key={entry.clientId} mb={6} data-testid="pending-message">
                  <Group justify="flex-end">
                    <Paper
                      px="sm"
                      py={6}
                      radius="lg"
                      bg="indigo.1"
                      maw="80%"
                      style={{ opacity: entry.status === 'failed' ? 0.7 : 1 }}
                    >
                      <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{entry.body}</Text>
                      <Group gap="xs" justify="flex-end" mt={2}>
                        <Text size="xs" c={entry.status === 'failed' ? 'red.8' : 'dimmed'}>
                          {entry.status === 'failed' ? t('thread.notSent') : t('thread.sending')}
                        </Text>
                        {entry.status === 'failed' && client && (
                          <>
                            <Button
                              variant="subtle"
                              size="compact-xs"
                              onClick={() => client.retry(entry.clientId)}
                            >
                              {t('thread.retry')}
                            </Button>
                            <Button
                              variant="subtle"
                              size="compact-xs"
                              color="gray"
                              onClick={() => client.discard(entry.clientId)}
                            >
                              {t('thread.discard')}
                            </Button>
                          </>
                        )}
                      </Group>
                    </Paper>
                  </Group>
                </Box>
              ))}
            </Box>
          </Box>
        </Stack>
      </ScrollArea>

      <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        {failed?.error && (
          <ErrorAlert mb="xs" data-testid="send-error">
            {i18n.t(messageKey(failed.error.message))}
          </ErrorAlert>
        )}
        {peer.deleted ? (
          <Text size="sm" c="dimmed">
            {t('thread.memberDeleted')}
          </Text>
        ) : blockedByMe ? (
          <Text size="sm" c="dimmed">
            {t('thread.blockedByMe')}{' '}
            <Anchor component={Link} to="/settings/blocked-users">
              {t('thread.manageBlocked')}
            </Anchor>
          </Text>
        ) : (
          <Composer
            disabled={client === null}
            onSend={(body) => client?.send(peer.id, body)}
            onTyping={() => conversationId && client?.typingIn(conversationId)}
          />
        )}
      </Box>
    </Stack>
  );
}

function Bubble({
  message,
  mine,
  senderName,
  status,
  time,
}: {
  message: MessageView;
  mine: boolean;
  senderName: string;
  status: string | null;
  time: string;
}) {
  return (
    <Box component="li" mb={6} data-testid="message" data-mine={mine}>
      <Group justify={mine ? 'flex-end' : 'flex-start'}>
        <Paper
          px="sm"
          py={6}
          radius="lg"
          bg={mine ? 'indigo.8' : 'gray.1'}
          c={mine ? 'white' : undefined}
          maw="80%"
        >
          <VisuallyHidden>{senderName}: </VisuallyHidden>
          <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="message-body">
            {message.body}
          </Text>
          <Text size="xs" c={mine ? 'white' : 'dimmed'} ta="right">
            {time}
          </Text>
        </Paper>
      </Group>
      {status && (
        <Text size="xs" c="dimmed" ta="right" data-testid="read-status">
          {status}
        </Text>
      )}
    </Box>
  );
}
