import { catalogKey } from '@amiko/i18n';
import { Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconMessages, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import type { Pod } from './PodActions.tsx';
import { whenShort } from './meetup-dates.ts';

/** What a pod is about: its interests, or a language café's two languages and the level it welcomes. */
export function usePodTopic(pod: Pod): string {
  const { t } = useTranslation(['pods', 'catalog']);
  if (pod.kind === 'languageCafe' && pod.languages.length === 2 && pod.level) {
    return t('pods:card.cafe', {
      first: t(catalogKey('languages', pod.languages[0]!)),
      second: t(catalogKey('languages', pod.languages[1]!)),
      level: pod.level.toUpperCase(),
    });
  }
  return pod.interests.map((id) => t(catalogKey('interests', id))).join(' · ');
}

/**
 * A pod at a glance, on its card and its page: what it is about, where, the languages it speaks, the first
 * names and photos of its members, how many places are free, and how alive it is (messages this week, and
 * when it next meets, in the member's own time zone).
 */
export function PodSummary({ pod }: { pod: Pod }) {
  const { t, i18n } = useTranslation(['pods', 'catalog']);
  const topic = usePodTopic(pod);
  const languages = pod.languages.map((id) => t(catalogKey('languages', id))).join(', ');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {topic}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          {pod.place ? (
            <IconMapPin size={14} aria-hidden="true" />
          ) : (
            <IconWorld size={14} aria-hidden="true" />
          )}
          <Text size="sm" c="dimmed">
            {pod.place ? pod.place.label : t('pods:card.online')}
          </Text>
        </Group>
        {pod.kind === 'interests' && (
          <Text size="sm" c="dimmed">
            {t('pods:card.speaks', { languages })}
          </Text>
        )}
        <Badge variant="light" color={pod.freePlaces > 0 ? 'teal.9' : 'gray'}>
          {pod.freePlaces > 0 ? t('pods:card.freePlaces', { count: pod.freePlaces }) : t('pods:card.full')}
        </Badge>
        {pod.joinRule === 'ask' && (
          <Text size="xs" c="dimmed">
            {t('pods:card.askToJoin')}
          </Text>
        )}
        <Group gap={4} wrap="nowrap">
          <IconMessages size={14} aria-hidden="true" />
          <Text size="sm" c="dimmed" data-testid="pod-activity">
            {pod.messagesThisWeek > 0
              ? t('pods:card.messagesThisWeek', { count: pod.messagesThisWeek })
              : t('pods:card.quietThisWeek')}
          </Text>
        </Group>
        {pod.nextMeetup && (
          <Group gap={4} wrap="nowrap">
            <IconCalendarEvent size={14} aria-hidden="true" />
            <Text size="sm" c="dimmed" data-testid="pod-next-meetup">
              {t('pods:card.nextMeetup', {
                when: whenShort(pod.nextMeetup.startsAt, i18n.language),
              })}
            </Text>
          </Group>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" aria-label={t('pods:card.members', { count: pod.members.length })}>
        <Avatar.Group>
          {pod.members.map((member) => (
            <Tooltip key={member.id} label={member.firstName} withArrow>
              <MemberAvatar src={member.avatarUrl} alt={member.firstName} size="sm" />
            </Tooltip>
          ))}
        </Avatar.Group>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {pod.members.map((member) => member.firstName).join(', ')}
        </Text>
      </Group>
    </Stack>
  );
}
