import { Button } from '@mantine/core';
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
