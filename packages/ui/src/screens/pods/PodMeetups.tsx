import { Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';
import { MeetupCard } from './MeetupCard.tsx';
import { MeetupForm } from './MeetupForm.tsx';
import type { Pod } from './PodActions.tsx';

/**
 * A pod's meetups on its page, for its members (issue 35): the upcoming ones, soonest first, each with its
 * answer, and proposing one (at once with `?propose=1`).
 */
export function PodMeetups({ pod }: { pod: Pod }) {
  const { t, i18n } = useTranslation(['meetups', 'common']);
  const meetups = trpc.meetups.ofPod.useQuery({ podId: pod.id }, { retry: false });
  // `/pods/:podId?propose=1` ("Meet again?" after a meetup) opens the form at once; closing it drops the flag.
  const [params, setParams] = useSearchParams();
  const [proposing, setProposingState] = useState(params.get('propose') === '1');
  const setProposing = (open: boolean) => {
    setProposingState(open);
    if (!open && params.has('propose'))
      setParams(
        (p) => {
          p.delete('propose');
          return p;
        },
        { replace: true },
      );
  };
  const propose = (
    <Button variant="light" onClick={() => setProposing(true)}>
      {t('meetups:section.propose')}
    </Button>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="pod-meetups" data-testid="pod-meetups">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3" id="pod-meetups">
          {t('meetups:section.title')}
        </Title>
        {meetups.data && meetups.data.length > 0 && propose}
      </Group>
      {meetups.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={t('common:loading')} />
        </Center>
      ) : meetups.isError ? (
        <ErrorAlert onRetry={() => void meetups.refetch()}>{i18n.t(errorKey(meetups.error))}</ErrorAlert>
      ) : meetups.data.length === 0 ? (
        <Group gap="sm" wrap="wrap">
          <Text c="dimmed">{t('meetups:section.empty')}</Text>
          {propose}
        </Group>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {meetups.data.map((meetup) => (
            <MeetupCard key={meetup.id} meetup={meetup} />
          ))}
        </Stack>
      )}
      <Modal opened={proposing} onClose={() => setProposing(false)} title={t('meetups:form.title')} size="lg">
        <MeetupForm
          pod={pod}
          onCancel={() => setProposing(false)}
          onProposed={() => {
            setProposing(false);
            void notify({ message: t('meetups:notices.proposed') });
          }}
        />
      </Modal>
    </Stack>
  );
}
