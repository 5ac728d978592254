import type { PeerView } from '@amiko/api';
import { Button, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PaymentNeededNote } from '../../components/PaymentNeededNote.tsx';
import { errorKey } from '../../errors.ts';
import type { MessagingClient } from '../../messaging/client.ts';
import { onDraftRestored } from '../../messaging/drafts.ts';
import { trpc } from '../../trpc.ts';
import { MessageList } from './MessageList.tsx';
import { Icebreakers } from './Icebreakers.tsx';
import { ThreadFooter } from './ThreadFooter.tsx';
import { ThreadHeader } from './ThreadHeader.tsx';
import { usePendingMessages, useTyping } from './useLiveThreadState.ts';
import { useOlderMessages } from './useOlderMessages.ts';
import { useReadMarks } from './useReadMarks.ts';
import { useScrollAnchor } from './useScrollAnchor.ts';

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

/** Scrolled this close to the top, the older messages load. */
const LOAD_OLDER_PX = 40;

/** One conversation: its messages (older ones load when scrolling up), read marks, typing, the composer. */
export function Thread({ me, peer, conversationId, blockedByMe, client, onBack, onDeleted }: Props) {
  // The namespaces of the errors a thread can show (blocked, payment) load with it.
  const { t, i18n } = useTranslation(['messages', 'community', 'payment', 'common']);
  const name = peer.deleted ? t('deletedMember') : peer.name;
  const thread = trpc.messages.thread.useQuery(
    { conversationId: conversationId ?? '' },
    // Live events keep the thread current (and older pages are merged into it): never refetch by itself.
    { enabled: conversationId !== null, staleTime: Infinity, refetchOnWindowFocus: false },
  );
  const messages = conversationId ? (thread.data?.messages ?? []) : [];
  // An icebreaker the member picked, for the composer to take (a new object each time, so the same line
  // picked again fills the box again).
  const [suggestion, setSuggestion] = useState<{ text: string } | null>(null);
  // A message refused for want of payment goes back in the box, the way an icebreaker is put there.
  useEffect(
    () => onDraftRestored((peerId, text) => peerId === peer.id && setSuggestion({ text })),
    [peer.id],
  );
  const pending = usePendingMessages(client, peer.id, messages);
  const typing = useTyping(client, conversationId);
  const older = useOlderMessages(conversationId, thread.data);
  useReadMarks(conversationId, me, messages, client);
  const scroll = useScrollAnchor({
    firstId: messages[0]?.id,
    lastId: messages.at(-1)?.id,
    pendingCount: pending.length,
    changed: typing,
  });

  return (
    <Stack gap={0} h="100%" aria-label={t('thread.label', { name })} component="section">
      <ThreadHeader
        peer={peer}
        name={name}
        typing={typing?.memberId === peer.id}
        conversationId={conversationId}
        blockedByMe={blockedByMe}
        onBack={onBack}
        onDeleted={onDeleted}
      />

      <ScrollArea
        style={{ flex: 1 }}
        viewportRef={scroll.viewport}
        type="auto"
        onScrollPositionChange={({ y }) => {
          scroll.onScroll(y);
          if (y < LOAD_OLDER_PX) void older.loadOlder();
        }}
      >
        <Stack gap={6} p="sm">
          {thread.data?.hasMore && (
            <Group justify="center">
              <Button
                variant="subtle"
                size="xs"
                onClick={() => void older.loadOlder()}
                loading={older.loading}
              >
                {t('thread.loadOlder')}
              </Button>
            </Group>
          )}
          {older.error !== null && <ErrorAlert>{i18n.t(errorKey(older.error))}</ErrorAlert>}
          {conversationId && thread.isPending ? (
            <Group justify="center" p="lg">
              <Loader size="sm" aria-label={t('common:loading')} />
            </Group>
          ) : thread.isError ? (
            <ErrorAlert title={t('thread.loadError')} onRetry={() => void thread.refetch()}>
              {i18n.t(errorKey(thread.error))}
            </ErrorAlert>
          ) : messages.length === 0 && pending.length === 0 ? (
            <Stack gap="md" py="xl">
              <Text c="dimmed" ta="center" data-testid="thread-empty">
                {t('thread.empty', { name })}
              </Text>
              {!peer.deleted && !blockedByMe && <PaymentNeededNote />}
              {!peer.deleted && !blockedByMe && (
                <Icebreakers me={me} peerId={peer.id} onPick={(text) => setSuggestion({ text })} />
              )}
            </Stack>
          ) : null}
          <MessageList me={me} peerName={name} messages={messages} pending={pending} client={client} />
        </Stack>
      </ScrollArea>

      <ThreadFooter
        me={me}
        peer={peer}
        conversationId={conversationId}
        blockedByMe={blockedByMe}
        failed={pending.findLast((e) => e.status === 'failed')}
        client={client}
        suggestion={suggestion}
      />
    </Stack>
  );
}
