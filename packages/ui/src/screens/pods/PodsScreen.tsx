import { NEAR_ME_DISTANCES, type PodFilters } from '@amiko/core';
import { catalogKey, labelInSentence } from '@amiko/i18n';
import {
  Anchor,
  Button,
  Container,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CatalogSelect } from '../../components/CatalogSelect.tsx';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';
import { PodForm, type Started } from './PodForm.tsx';
import { PodList } from './PodList.tsx';
import { PodSuggestionCard, type Suggestion } from './PodSuggestion.tsx';

/** /pods: the member's pods, the pods on offer near them (or online, or anywhere), and starting one. */
export default function PodsScreen() {
  const { t, i18n } = useTranslation(['pods', 'common', 'catalog', 'meetups']);
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
            <Anchor component={Link} to="/pods/meetups" data-testid="meetups-link">
              {t('meetups:page.link')}
            </Anchor>
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
