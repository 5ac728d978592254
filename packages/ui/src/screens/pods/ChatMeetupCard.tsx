import type { PodMessageView } from '@amiko/api';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { formatMessageTime } from '../messages/format.ts';
import { trpc } from '../../trpc.ts';
import { whenShort } from './meetup-dates.ts';

/**
 * A proposed meetup in the pod's chat (issue 35.1), compact: when, in the member's zone; the kind of place;
 * "3 of 8 going"; Going, and the way to its card in the Meetups section. What it shows of the meetup comes from
 * meetups.ofPod (the venue as the member may see it, the live counts); one that is no longer there and has
 * not begun was cancelled.
 */
export function ChatMeetupCard({
  message,
  meetup,
  proposer,
  mine,
}: {
  message: PodMessageView;
  meetup: NonNullable<PodMessageView['meetup']>;
  proposer: string;
  mine: boolean;
}) {
  const { t, i18n } = useTranslation(['meetups']);
  const utils = trpc.useUtils();
  const podId = message.podId;
  const list = trpc.meetups.ofPod.useQuery({ podId }, { retry: false });
  const rsvp = trpc.meetups.rsvp.useMutation({
    onSuccess: async () => utils.meetups.ofPod.invalidate({ podId }),
  });
  const view = list.data?.find((m) => m.id === meetup.id);
  // The time the card was first shown: a card that stays on screen across its start says so on the next visit.
  const [shownAt] = useState(() => Date.now());
  const begun = meetup.startsAt <= shownAt;
  // Not in the pod's upcoming meetups once they are read (usePodChat reads them again when a card arrives
  // live), and not begun: it was cancelled.
  const cancelled = meetup.cancelled || (!begun && !view && list.isSuccess && !list.isFetching);

  return (
    <Paper component="li" withBorder radius="md" p="sm" my={6} data-testid="chat-meetup-card">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {mine ? t('meetups:chat.proposedByMe') : t('meetups:chat.proposed', { name: proposer })}
          </Text>
          <Text size="xs" c="dimmed">
            {formatMessageTime(message.createdAt, i18n.language)}
          </Text>
        </Group>
        <Text fw={600} data-testid="chat-meetup-when">
          {whenShort(meetup.startsAt, i18n.language)}
        </Text>
        {cancelled ? (
          <Text size="sm" fw={500} data-testid="chat-meetup-state">
            {t('meetups:chat.cancelled')}
          </Text>
        ) : begun ? (
          <Text size="sm" data-testid="chat-meetup-state">
            {t('meetups:chat.begun')}
          </Text>
        ) : view ? (
          <>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light">{t(`meetups:kinds.${view.placeKind}`)}</Badge>
              <Text size="sm" data-testid="chat-meetup-going">
                {t('meetups:card.going', { going: view.going, capacity: view.capacity })}
              </Text>
              {view.myStatus === 'going' && (
                <Text size="sm" fw={500}>
                  {t('meetups:card.statusGoing')}
                </Text>
              )}
            </Group>
            <Group gap="xs" wrap="wrap">
              {view.myStatus !== 'going' && view.myStatus !== 'waitlist' && (
                <Button
                  size="compact-sm"
                  loading={rsvp.isPending}
                  onClick={() => rsvp.mutate({ meetupId: view.id, going: true })}
                >
                  {t('meetups:card.goingButton')}
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => document.getElementById('pod-meetups')?.scrollIntoView({ behavior: 'smooth' })}
              >
                {t('meetups:chat.show')}
              </Button>
            </Group>
          </>
        ) : null}
        {rsvp.error && <ErrorAlert>{i18n.t(errorKey(rsvp.error))}</ErrorAlert>}
      </Stack>
    </Paper>
  );
}
