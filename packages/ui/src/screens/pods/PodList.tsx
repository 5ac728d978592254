import type { PodUnreadState } from '@amiko/api';
import { POD_UNREAD_COUNTED } from '@amiko/core';
import { Anchor, Badge, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { PodActions, type Pod } from './PodActions.tsx';
import { QuietMark } from './PodQuiet.tsx';
import { PodSummary } from './PodSummary.tsx';

interface PodQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: Pod[] | undefined;
  refetch: () => unknown;
}

/** A list of pods as cards, with its loading, failure and empty states. */
export function PodList({
  query,
  empty,
  testId,
  onEmpty,
  unread,
}: {
  query: PodQuery;
  empty: string;
  testId: string;
  onEmpty?: ReactNode;
  /** The member's unread pods: a count on each of their pods with messages they have not read. */
  unread?: PodUnreadState;
}) {
  const { t, i18n } = useTranslation(['pods', 'common']);
  if (query.isPending)
    return (
      <Center py="lg">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  if (query.isError || !query.data)
    return <ErrorAlert onRetry={() => void query.refetch()}>{i18n.t(errorKey(query.error))}</ErrorAlert>;
  if (query.data.length === 0)
    return (
      <Stack align="flex-start" gap="xs" data-testid={`${testId}-empty`}>
        <Text c="dimmed">{empty}</Text>
        {onEmpty}
      </Stack>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid={testId}>
      {query.data.map((pod) => (
        <Card key={pod.id} withBorder padding="md" data-testid="pod-card">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Anchor component={Link} to={`/pods/${pod.id}`} fw={600} size="lg">
                {pod.name}
              </Anchor>
              <Group gap={6} wrap="nowrap">
                <QuietMark pod={pod} />
                <UnreadBadge count={unread?.pods.find((p) => p.podId === pod.id)?.unread ?? 0} />
              </Group>
            </Group>
            <PodSummary pod={pod} />
            <PodActions pod={pod} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** "3 new" on a pod with messages the member has not read ("100+ new" when the server stopped counting). */
function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation(['pods']);
  if (count === 0) return null;
  return (
    <Badge color="red" variant="filled" data-testid="pod-unread">
      {count >= POD_UNREAD_COUNTED
        ? t('pods:card.unreadMany', { count: POD_UNREAD_COUNTED })
        : t('pods:card.unread', { count })}
    </Badge>
  );
}
