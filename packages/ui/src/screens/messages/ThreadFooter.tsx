import type { PeerView } from '@amiko/api';
import { Anchor, Box, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { messageKey } from '../../errors.ts';
import type { MessagingClient, OutboxEntry } from '../../messaging/client.ts';
import { readDraft, saveDraft } from '../../messaging/drafts.ts';
import { Composer } from './Composer.tsx';
import { useClosedTo } from './useLiveThreadState.ts';

/**
 * Below the conversation: why the last message was not sent, and the composer, or why there is none (the
 * other member deleted their account, or I blocked them).
 */
export function ThreadFooter({
  me,
  peer,
  conversationId,
  blockedByMe,
  failed,
  client,
  suggestion = null,
}: {
  me: string;
  peer: PeerView;
  conversationId: string | null;
  blockedByMe: boolean;
  /** The last message to this member that was not sent. */
  failed: OutboxEntry | undefined;
  client: MessagingClient | null;
  /** A line to put in the message box (an icebreaker), to edit before sending. */
  suggestion?: { text: string } | null;
}) {
  const { t, i18n } = useTranslation('messages');
  // What the member wrote here and has not sent (kept through the way to the payment, and a reload).
  const [draft] = useState(() => readDraft(me, peer.id));
  // Refused for good (a block): said once, and the box stays shut, since no message can go through (30.5).
  const closed = useClosedTo(client, peer.id);
  const refusal = closed ?? failed?.error;
  return (
    <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {refusal && (
        <ErrorAlert mb="xs" data-testid="send-error">
          {i18n.t(messageKey(refusal.message))}
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
          disabled={client === null || closed !== undefined}
          suggestion={suggestion}
          initialText={draft}
          onDraftChange={(text) => saveDraft(me, peer.id, text)}
          onSend={(body) => client?.send(peer.id, body)}
          onTyping={() => conversationId && client?.typingIn(conversationId)}
        />
      )}
    </Box>
  );
}
