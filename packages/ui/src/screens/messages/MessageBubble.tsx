import { Box, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One stored message: mine on the right, theirs on the left; the sender named for screen readers, and to
 * the eye too with `shownName` (a pod's chat, where several write). `action` goes beside the bubble (a
 * pod's "Report message").
 */
export function MessageBubble({
  message,
  mine,
  senderName,
  shownName,
  status,
  time,
  action,
}: {
  message: { body: string };
  mine: boolean;
  senderName: string;
  shownName?: string;
  /** "Sent" or "Read" under the last message I sent, else null. */
  status: string | null;
  time: string;
  action?: ReactNode;
}) {
  return (
    <Box component="li" mb={6} data-testid="message" data-mine={mine}>
      <Group justify={mine ? 'flex-end' : 'flex-start'} gap={4} wrap="nowrap">
        <Paper
          px="sm"
          py={6}
          radius="lg"
          bg={mine ? 'indigo.8' : 'gray.1'}
          c={mine ? 'white' : undefined}
          maw="80%"
        >
          {shownName ? (
            <Text size="xs" fw={700} data-testid="message-sender">
              {shownName}
              <VisuallyHidden>: </VisuallyHidden>
            </Text>
          ) : (
            <VisuallyHidden>{senderName}: </VisuallyHidden>
          )}
          <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="message-body">
            {message.body}
          </Text>
          <Text size="xs" c={mine ? 'white' : 'dimmed'} ta="right">
            {time}
          </Text>
        </Paper>
        {action}
      </Group>
      {status && (
        <Text size="xs" c="dimmed" ta="right" data-testid="read-status">
          {status}
        </Text>
      )}
    </Box>
  );
}
