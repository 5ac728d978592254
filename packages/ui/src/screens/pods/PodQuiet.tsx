import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';
import type { Pod } from './PodActions.tsx';

// A pod gone quiet (no message for a month) asks each of its members once per quiet spell: keep it, or let it
// close (issue 34.2). The server decides when it is quiet and closes it (services/pods-quiet.ts).

/** On a member's card of a quiet pod they have not answered about yet: a question waits on its page. */
export function QuietMark({ pod }: { pod: Pod }) {
  const { t } = useTranslation(['pods']);
  if (!pod.quiet || pod.quiet.answer !== null) return null;
  return (
    <Badge color="yellow" variant="light" data-testid="pod-quiet-mark" style={{ flexShrink: 0 }}>
      {t('pods:card.quietMark')}
    </Badge>
  );
}

/**
 * On the page of a quiet pod, for its members: the question until they answer it; after "let it close",
 * that it closes unless someone keeps it (leaving stays possible); after "keep it", nothing.
 */
export function PodQuietQuestion({ pod, onClosed }: { pod: Pod; onClosed: () => void }) {
  const { t, i18n } = useTranslation(['pods']);
  const utils = trpc.useUtils();
  const answer = trpc.pods.quietAnswer.useMutation({
    onSuccess: async ({ closed }, { keep }) => {
      if (closed) void notify({ message: t('pods:quiet.closed', { name: pod.name }) });
      else if (keep) void notify({ message: t('pods:quiet.kept', { name: pod.name }) });
      await utils.pods.invalidate();
      if (closed) onClosed();
    },
    // E.g. someone wrote meanwhile: the pod is alive again, and the question goes with the refresh.
    onError: async (error) => {
      void notify({ message: i18n.t(errorKey(error)), color: 'red' });
      await utils.pods.invalidate();
    },
  });
  if (!pod.quiet || pod.quiet.answer === 'keep') return null;
  if (pod.quiet.answer === 'close')
    return (
      <Text size="sm" c="dimmed" data-testid="pod-quiet">
        {t('pods:quiet.closing')}
      </Text>
    );
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-label={t('pods:quiet.question')}
      data-testid="pod-quiet"
    >
      <Stack gap="sm">
        <Text>{t('pods:quiet.question')}</Text>
        <Group gap="sm">
          <Button
            loading={answer.isPending && answer.variables.keep}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ podId: pod.id, keep: true })}
          >
            {t('pods:quiet.keep')}
          </Button>
          <Button
            variant="default"
            loading={answer.isPending && !answer.variables.keep}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ podId: pod.id, keep: false })}
          >
            {t('pods:quiet.letClose')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
