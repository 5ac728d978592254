import { Box, Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../messaging/client.ts';

/**
 * A message on its way: "Sending…", or "Not sent" with Retry and Discard (offered when there is a live
 * connection to retry on); a message refused for good (a block) offers no retry, which could never work.
 */
export function PendingBubble({
  entry,
  onRetry,
  onDiscard,
}: {
  entry: OutboxEntry;
  onRetry?: () => void;
  onDiscard?: () => void;
}) {
  const { t } = useTranslation('messages');
  const failed = entry.status === 'failed';
  return (
    <Box component="li" mb={6} data-testid="pending-message">
      <Group justify="flex-end">
        <Paper px="sm" py={6} radius="lg" bg="indigo.1" maw="80%" style={{ opacity: failed ? 0.7 : 1 }}>
          <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{entry.body}</Text>
          <Group gap="xs" justify="flex-end" mt={2}>
            <Text size="xs" c={failed ? 'red.8' : 'dimmed'}>
              {failed ? t('thread.notSent') : t('thread.sending')}
            </Text>
            {failed && onRetry && onDiscard && (
              <>
                {!entry.final && (
                  <Button variant="subtle" size="compact-xs" onClick={onRetry}>
                    {t('thread.retry')}
                  </Button>
                )}
                <Button variant="subtle" size="compact-xs" color="gray" onClick={onDiscard}>
                  {t('thread.discard')}
                </Button>
              </>
            )}
          </Group>
        </Paper>
      </Group>
    </Box>
  );
}
