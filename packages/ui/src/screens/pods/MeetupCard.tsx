import { catalogKey } from '@amiko/i18n';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';
import { MeetupActions } from './MeetupActions.tsx';
import { whenLong } from './meetup-dates.ts';
import { ownTimeZone } from './meetup-form-values.ts';
import type { Meetup } from './meetup-view.ts';

/**
 * One meetup of a pod as the member sees it (issue 35.1-3): when, in their own time zone (and in the
 * meetup's, when that reads differently); the kind of place and the area, or the venue and address (or the
 * link) once they are going; its language; how many are going; their answer or place on the waitlist; and
 * Going / Can't go; then its actions (MeetupActions). In lists of several pods' meetups (`showPod`), the
 * pod's name, linking to it.
 */
export function MeetupCard({ meetup, showPod = false }: { meetup: Meetup; showPod?: boolean }) {
  const { t, i18n } = useTranslation(['meetups', 'catalog']);
  const utils = trpc.useUtils();
  const rsvp = trpc.meetups.rsvp.useMutation({
    onSuccess: async (view) => {
      utils.meetups.ofPod.setData({ podId: view.podId }, (list) =>
        list?.map((m) => (m.id === view.id ? view : m)),
      );
      await utils.meetups.ofPod.invalidate({ podId: view.podId });
      await Promise.all([utils.meetups.find.invalidate(), utils.meetups.thisWeek.invalidate()]);
    },
  });
  const mine = whenLong(meetup.startsAt, ownTimeZone(), i18n.language);
  const theirs = whenLong(meetup.startsAt, meetup.timeZone, i18n.language);
  const online = meetup.placeKind === 'online';
  const going = meetup.myStatus === 'going';
  const full = meetup.going >= meetup.capacity;
  const answering = rsvp.isPending ? rsvp.variables.going : null;

  return (
    <Card component="li" withBorder padding="md" data-testid="meetup-card">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} size="h4" data-testid="meetup-when">
            {mine}
          </Title>
          <Group gap={6}>
            <Badge variant="light">{t(`meetups:kinds.${meetup.placeKind}`)}</Badge>
            {meetup.open && (
              <Badge variant="light" color="teal.9">
                {t('meetups:card.open')}
              </Badge>
            )}
          </Group>
        </Group>
        {showPod && (
          <Text size="sm" data-testid="meetup-pod">
            {t('meetups:card.ofPod')}{' '}
            <Anchor component={Link} to={`/pods/${meetup.podId}`}>
              {meetup.podName}
            </Anchor>
          </Text>
        )}
        {theirs !== mine && (
          <Text size="sm" c="dimmed" data-testid="meetup-local-time">
            {meetup.area
              ? t('meetups:card.localTime', { time: theirs, place: meetup.area })
              : t('meetups:card.zoneTime', { time: theirs, zone: meetup.timeZone.replace(/_/g, ' ') })}
          </Text>
        )}
        <Stack gap={2} data-testid="meetup-where">
          {going && online && meetup.onlineLink ? (
            <Anchor
              href={meetup.onlineLink}
              target="_blank"
              rel="noopener noreferrer"
              style={{ wordBreak: 'break-all' }}
            >
              {meetup.onlineLink}
            </Anchor>
          ) : going && meetup.venueName ? (
            <>
              <Text fw={500}>{meetup.venueName}</Text>
              <Text size="sm">{meetup.venueAddress}</Text>
            </>
          ) : online ? (
            <Text size="sm">{t('meetups:card.linkHidden')}</Text>
          ) : (
            <Text size="sm">{t('meetups:card.area', { place: meetup.area ?? '' })}</Text>
          )}
        </Stack>
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('meetups:card.language', { language: t(catalogKey('languages', meetup.language)) })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="meetup-going">
            {t('meetups:card.going', { going: meetup.going, capacity: meetup.capacity })}
          </Text>
          {meetup.waitlist > 0 && (
            <Text size="sm" c="dimmed">
              {t('meetups:card.waiting', { count: meetup.waitlist })}
            </Text>
          )}
          {meetup.proposedByMe && (
            <Text size="sm" c="dimmed">
              {t('meetups:card.proposedByMe')}
            </Text>
          )}
        </Group>
        <Text size="sm" fw={500} aria-live="polite" data-testid="meetup-status">
          {meetup.myStatus === 'going'
            ? t('meetups:card.statusGoing')
            : meetup.myStatus === 'waitlist' && meetup.waitlistPosition !== null
              ? t('meetups:card.waitlistPosition', { count: meetup.waitlistPosition, ordinal: true })
              : meetup.myStatus === 'cantGo'
                ? t('meetups:card.statusCantGo')
                : t('meetups:card.statusNone')}
        </Text>
        {full && meetup.myStatus !== 'going' && meetup.myStatus !== 'waitlist' && (
          <Text size="sm" c="dimmed">
            {t('meetups:card.full')}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            size="sm"
            variant={going || meetup.myStatus === 'waitlist' ? 'filled' : 'light'}
            aria-pressed={going || meetup.myStatus === 'waitlist'}
            loading={answering === true}
            disabled={answering === false}
            onClick={() => {
              if (!going && meetup.myStatus !== 'waitlist') rsvp.mutate({ meetupId: meetup.id, going: true });
            }}
          >
            {t('meetups:card.goingButton')}
          </Button>
          <Button
            size="sm"
            variant={meetup.myStatus === 'cantGo' ? 'filled' : 'default'}
            aria-pressed={meetup.myStatus === 'cantGo'}
            loading={answering === false}
            disabled={answering === true}
            onClick={() => {
              if (meetup.myStatus !== 'cantGo') rsvp.mutate({ meetupId: meetup.id, going: false });
            }}
          >
            {t('meetups:card.cantGoButton')}
          </Button>
        </Group>
        {rsvp.error && <ErrorAlert>{i18n.t(errorKey(rsvp.error))}</ErrorAlert>}
        <MeetupActions meetup={meetup} />
      </Stack>
    </Card>
  );
}
