import { NEAR_ME_DISTANCES, type Interest, type MeetupFindScope, type MeetupsFindInput } from '@amiko/core';
import { Center, Container, Loader, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogSelect } from '../../components/CatalogSelect.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';
import { MeetupCard } from '../pods/MeetupCard.tsx';

/**
 * /pods/meetups (issue 35, item 8): open meetups this week near the member (within a distance they choose, and
 * online), their pods' meetups, or open ones of an interest; each card names its pod and answers Going or
 * Can't go (an outsider joins the meetup, not the pod).
 */
export default function MeetupsScreen() {
  const { t, i18n } = useTranslation(['meetups', 'common', 'pods']);
  const [scope, setScope] = useState<MeetupFindScope>('near');
  const [interest, setInterest] = useState<Interest | null>(null);
  const [distanceKm, setDistanceKm] = useState<NonNullable<MeetupsFindInput['distanceKm']>>(25);
  const found = trpc.meetups.find.useQuery(
    { scope, interest: interest ?? undefined, distanceKm: scope === 'near' ? distanceKm : undefined },
    { enabled: scope !== 'interest' || interest !== null, retry: false },
  );

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('meetups:page.title')}</Title>
        <SegmentedControl
          fullWidth
          value={scope}
          onChange={(value) => setScope(value as MeetupFindScope)}
          aria-label={t('meetups:page.title')}
          data={[
            { value: 'near', label: t('meetups:page.near') },
            { value: 'mine', label: t('meetups:page.mine') },
            { value: 'interest', label: t('meetups:page.interest') },
          ]}
        />
        {scope === 'near' && (
          <Select
            label={t('meetups:page.distance')}
            w={200}
            value={String(distanceKm)}
            onChange={(km) => setDistanceKm(Number(km) as typeof distanceKm)}
            data={NEAR_ME_DISTANCES.map((km) => ({
              value: String(km),
              label: t('pods:filters.withinKm', { km }),
            }))}
            allowDeselect={false}
          />
        )}
        {scope === 'interest' && (
          <CatalogSelect
            catalog="interests"
            label={t('meetups:page.interestLabel')}
            value={interest}
            onChange={(value) => setInterest(value as Interest | null)}
          />
        )}
        {scope === 'interest' && interest === null ? (
          <Text c="dimmed">{t('meetups:page.pickInterest')}</Text>
        ) : found.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('common:loading')} />
          </Center>
        ) : found.isError ? (
          <ErrorAlert onRetry={() => void found.refetch()}>{i18n.t(errorKey(found.error))}</ErrorAlert>
        ) : found.data.length === 0 ? (
          <Text c="dimmed">{t('meetups:page.empty')}</Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="found-meetups"
          >
            {found.data.map((meetup) => (
              <MeetupCard key={meetup.id} meetup={meetup} showPod />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
