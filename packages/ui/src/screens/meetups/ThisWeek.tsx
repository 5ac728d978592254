import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc.ts';
import { MeetupCard } from '../pods/MeetupCard.tsx';

/** "This week" on the start page (issue 35, item 8): the meetups the member is going to; nothing when none. */
export default function ThisWeek() {
  const { t } = useTranslation('meetups');
  const week = trpc.meetups.thisWeek.useQuery(undefined, { retry: false });
  if (!week.data || week.data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="this-week" data-testid="this-week">
      <Title order={2} size="h3" id="this-week">
        {t('page.thisWeek')}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {week.data.map((meetup) => (
          <MeetupCard key={meetup.id} meetup={meetup} showPod />
        ))}
      </Stack>
    </Stack>
  );
}
