import type { PodUnreadState } from '@amiko/api';
import { NEAR_ME_DISTANCES, POD_UNREAD_COUNTED, type PodFilters } from '@amiko/core';
import { catalogKey, labelInSentence } from '@amiko/i18n';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CatalogSelect } from '../../components/CatalogSelect.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';
import { PodActions, type Pod } from './PodActions.tsx';
import { PodForm, type Started } from './PodForm.tsx';
import { QuietMark } from './PodQuiet.tsx';
import { PodSuggestionCard, type Suggestion } from './PodSuggestion.tsx';
import { PodSummary } from './PodSummary.tsx';

/** /pods: the member's pods, the pods on offer near them (or online, or anywhere), and starting one. */
export default function PodsScreen() {
  const { t, i18n } = useTranslation(['pods', 'common', 'catalog']);
  const navigate = useNavigate();
  // The start form is open: plain (true) or filled in from a suggestion.
  const [starting, setStarting] = useState<boolean | Suggestion>(false);
  const [filters, setFilters] = useState<PodFilters>({ where: 'anywhere' });
  const mine = trpc.pods.mine.useQuery();
  // Kept current by pod:unread (useMessagingLive); the header's dot reads the same.
  const unread = trpc.pods.unread.useQuery(undefined, { staleTime: 60_000 });
  const found = trpc.pods.find.useQuery(filters, { placeholderData: (previous) => previous });
  const set = (change: Partial<PodFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{t('pods:title')}</Title>
            <Text c="dimmed">{t('pods:intro')}</Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setStarting(true)}>
            {t('pods:start')}
          </Button>
        </Group>

        <PodSuggestionCard onStart={setStarting} />

        <Stack gap="sm" component="section" aria-labelledby="my-pods">
          <Title order={2} size="h3" id="my-pods">
            {t('pods:mine')}
          </Title>
          <PodList query={mine} empty={t('pods:noneOfMine')} testId="my-pods" unread={unread.data} />
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="found-pods">
          <Title order={2} size="h3" id="found-pods">
            {t('pods:found')}
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label={t('pods:filters.where')}
              value={filters.where ?? 'anywhere'}
              onChange={(where) => set({ where: where as PodFilters['where'] })}
              data={(['near', 'online', 'anywhere'] as const).map((value) => ({
                value,
                label: t(`pods:filters.${value}`),
              }))}
            />
            {filters.where === 'near' && (
              <Select
                aria-label={t('pods:filters.where')}
                w={170}
                value={String(filters.withinKm ?? 25)}
                onChange={(km) => set({ withinKm: Number(km) as PodFilters['withinKm'] })}
                data={NEAR_ME_DISTANCES.map((km) => ({
                  value: String(km),
                  label: t('pods:filters.withinKm', { km }),
                }))}
                allowDeselect={false}
              />
            )}
            <CatalogSelect
              catalog="interests"
              label={t('pods:filters.interest')}
              placeholder={t('pods:filters.any')}
              w={220}
              value={filters.interest ?? null}
              onChange={(interest) => set({ interest: (interest ?? undefined) as PodFilters['interest'] })}
            />
            <CatalogSelect
              catalog="languages"
              label={t('pods:filters.language')}
              placeholder={t('pods:filters.any')}
              w={200}
              value={filters.language ?? null}
              onChange={(language) => set({ language: (language ?? undefined) as PodFilters['language'] })}
            />
          </Group>
          <PodList
            query={found}
            empty={t('pods:empty')}
            testId="found-pods"
            onEmpty={
              <Button variant="light" onClick={() => setStarting(true)}>
                {t('pods:start')}
              </Button>
            }
          />
        </Stack>
      </Stack>
      <Modal
        opened={starting !== false}
        onClose={() => setStarting(false)}
        title={t('pods:form.title')}
        size="lg"
      >
        <PodForm
          suggestion={typeof starting === 'object' ? starting : undefined}
          onCancel={() => setStarting(false)}
          onStarted={({ pod, invited }: Started) => {
            if (invited !== null && typeof starting === 'object') {
              const interest = labelInSentence(t(catalogKey('interests', starting.interest)), i18n.language);
              void notify({
                message:
                  invited === 0
                    ? t('pods:suggestion.startedAlone')
                    : t('pods:suggestion.started', { count: invited, interest }),
              });
            }
            setStarting(false);
            void navigate(`/pods/${pod.id}`);
          }}
        />
      </Modal>
    </Container>
  );
}

interface PodQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: Pod[] | undefined;
  refetch: () => unknown;
}

/** A list of pods as cards, with its loading, failure and empty states. */
function PodList({
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
