import type { MessageView } from '@amiko/api';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessagingClient, OutboxEntry } from '../../messaging/client.ts';
import { formatMessageTime } from './format.ts';
import { MessageBubble } from './MessageBubble.tsx';
import { PendingBubble } from './PendingBubble.tsx';

/**
 * The conversation as a log: the stored messages in order, "Sent"/"Read" under my last one, then the
 * messages still on their way.
 */
export function MessageList({
  me,
  peerName,
  messages,
  pending,
  client,
}: {
  me: string;
  peerName: string;
  messages: readonly MessageView[];
  pending: readonly OutboxEntry[];
  client: MessagingClient | null;
}) {
  const { t, i18n } = useTranslation('messages');
  const lastMine = messages.findLast((m) => m.senderId === me);
  return (
    <Box role="log">
      <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {messages.map((message) => (
          <MessageBubble
            key={message.id}
            message={message}
            mine={message.senderId === me}
            senderName={message.senderId === me ? t('thread.fromYou') : peerName}
            status={
              message.id === lastMine?.id ? (message.readAt ? t('thread.read') : t('thread.sent')) : null
            }
            time={formatMessageTime(message.createdAt, i18n.language)}
          />
        ))}
        {pending.map((entry) => (
          <PendingBubble
            key={entry.clientId}
            entry={entry}
            onRetry={client ? () => client.retry(entry.clientId) : undefined}
            onDiscard={client ? () => client.discard(entry.clientId) : undefined}
          />
        ))}
      </Box>
    </Box>
  );
}
