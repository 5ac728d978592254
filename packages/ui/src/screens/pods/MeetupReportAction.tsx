import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportDialog } from '../../components/ReportDialog.tsx';

type Person = { id: string; firstName: string };

/** A small "Report" beside someone on "Who came?" (issue 35.7); it opens MeetupReportDialog. */
export function MeetupReportButton({ person, onReport }: { person: Person; onReport: (p: Person) => void }) {
  const { t } = useTranslation(['meetups']);
  return (
    <Button
      variant="subtle"
      color="gray"
      size="compact-xs"
      onClick={() => onReport(person)}
      aria-label={t('meetups:after.reportLabel', { name: person.firstName })}
    >
      {t('meetups:after.report')}
    </Button>
  );
}

/**
 * The one report dialog, sent with the meetup, so the server checks that both were going and keeps the pod's
 * last messages as evidence. Rendered outside "Who came?"'s form: a form in a form would submit both.
 */
export function MeetupReportDialog(props: { meetupId: string; person: Person | null; onClose: () => void }) {
  return (
    <ReportDialog
      memberId={props.person?.id ?? ''}
      name={props.person?.firstName ?? ''}
      opened={props.person !== null}
      onClose={props.onClose}
      meetupId={props.meetupId}
    />
  );
}

/**
 * A meetup the member has answered "Who came?" for: nothing more is asked, but for the 14 days reports are
 * taken, whoever was there can still be reported (the form that offered it is gone once answered).
 */
export function MeetupReportCard(props: { meetupId: string; date: string; others: Person[] }) {
  const { t } = useTranslation(['meetups']);
  const [reporting, setReporting] = useState<Person | null>(null);
  return (
    <Card withBorder padding="sm" data-testid="meetup-after-answered">
      <Stack gap={6}>
        <Text fw={500}>{t('meetups:after.meetupOn', { date: props.date })}</Text>
        <Text size="sm" c="dimmed">
          {t('meetups:after.answered')}
        </Text>
        {props.others.map((other) => (
          <Group key={other.id} gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm">{other.firstName}</Text>
            <MeetupReportButton person={other} onReport={setReporting} />
          </Group>
        ))}
      </Stack>
      <MeetupReportDialog meetupId={props.meetupId} person={reporting} onClose={() => setReporting(null)} />
    </Card>
  );
}
