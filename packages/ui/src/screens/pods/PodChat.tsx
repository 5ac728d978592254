import { seenByCount } from '@amiko/core';
import { Box, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { Composer } from '../messages/Composer.tsx';
import { formatMessageTime } from '../messages/format.ts';
import { MessageBubble } from '../messages/MessageBubble.tsx';
import { PendingBubble } from '../messages/PendingBubble.tsx';
import { useScrollAnchor } from '../messages/useScrollAnchor.ts';
import type { Pod } from './PodActions.tsx';
import { PodIcebreakers } from './PodIcebreakers.tsx';
import { usePodChat } from './usePodChat.ts';
import { ChatMeetupCard } from './ChatMeetupCard.tsx';
import { PodMessageReportDialog, ReportMessageButton, type ReportedMessage } from './PodMessageReport.tsx';

/**
 * A pod's chat for its members (issue 34.4): the latest page and older ones on request, live messages,
 * typing, "Seen by N" under the member's last message, first lines for an empty chat, a report beside
 * another member's message (issue 34.5); the live side is usePodChat.
 */
export function PodChat({ pod, me }: { pod: Pod; me: string }) {
  const { id: podId, name: podName, members } = pod;
  const { t, i18n } = useTranslation(['pods', 'messages', 'common']);
  const {
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
  } = usePodChat(podId, me);
  /** An icebreaker picked: put in the message box to edit. */
  const [suggestion, setSuggestion] = useState<{ text: string } | null>(null);
  const [reported, setReported] = useState<ReportedMessage | null>(null);

  const nameOf = (memberId: string) =>
    memberId === me
      ? t('pods:chat.you')
      : (page.data?.senders.find((s) => s.id === memberId)?.name ??
        members.find((m) => m.id === memberId)?.firstName ??
        '');
  // A deleted account is gone: nothing of theirs to report, as in one-to-one chat.
  const deleted = (memberId: string) => page.data?.senders.find((s) => s.id === memberId)?.deleted;
  const lastMine = page.data?.messages.findLast((m) => m.senderId === me);
  const typingNames = [...typing.keys()].map(nameOf).filter(Boolean);
  // As a conversation: starts at the newest, follows new ones near the bottom, stays put for older ones.
  const { viewport, onScroll } = useScrollAnchor({
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
                <PodIcebreakers
                  pod={pod}
                  together={page.data.together}
                  onPick={(text) => setSuggestion({ text })}
                />
              </Stack>
            )}
            <Box
              ref={viewport}
              onScroll={(event) => onScroll(event.currentTarget.scrollTop)}
              role="log"
              aria-label={t('pods:chat.log', { name: podName })}
              style={{ maxHeight: 'min(60dvh, 520px)', overflowY: 'auto' }}
              data-testid="pod-messages"
            >
              <Box component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
                {page.data.messages.map((message) => {
                  const mine = message.senderId === me;
                  if (message.meetup)
                    return (
                      <ChatMeetupCard
                        key={message.id}
                        message={message}
                        meetup={message.meetup}
                        proposer={nameOf(message.senderId)}
                        mine={mine}
                      />
                    );
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
                      action={
                        mine || deleted(message.senderId) ? undefined : (
                          <ReportMessageButton
                            name={nameOf(message.senderId)}
                            onReport={() =>
                              setReported({
                                messageId: message.id,
                                memberId: message.senderId,
                                name: nameOf(message.senderId),
                              })
                            }
                          />
                        )
                      }
                    />
                  );
                })}
                {pending.map((entry) => (
                  <PendingBubble
                    key={entry.clientId}
                    entry={entry}
                    onRetry={() => retry(entry)}
                    onDiscard={() => discard(entry.clientId)}
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
              onDraftChange={keepDraft}
            />
          </Stack>
        )}
      </Paper>
      <PodMessageReportDialog podId={podId} reported={reported} onClose={() => setReported(null)} />
    </Stack>
  );
}
