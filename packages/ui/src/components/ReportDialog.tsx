import { REPORT_REASONS, reportSchema, type ReportReason } from '@amiko/core';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppForm, type FormMutation } from '../hooks/useAppForm.ts';
import { notify } from '../notify.tsx';
import { trpc } from '../trpc.ts';

/** The form's fields, the same in the three reports; whom and where come from the props. */
const formSchema = reportSchema.pick({ reason: true, note: true });
type Report = { reason: ReportReason; note: string };

/**
 * Reporting a member: a reason and an optional note, sent to the team. The one dialog of every place a
 * member appears (the profile, the conversation's menu, the directory card), so a report says the same
 * everywhere. From a pod (`pod`), the report goes with the pod (and the message, if one was reported), and
 * the server keeps the pod's last messages as evidence; after a meetup (`meetupId`), too, naming the meetup.
 */
export function ReportDialog(props: {
  memberId: string;
  name: string;
  opened: boolean;
  onClose: () => void;
  pod?: { podId: string; messageId?: number };
  /** From "Who came?" after a meetup: the report names the meetup and keeps its pod's last messages. */
  meetupId?: string;
}) {
  const { t, i18n } = useTranslation(['common', 'profile', 'community', 'catalog']);
  const done = {
    onSuccess: () => {
      void notify({ message: t('community:report.done'), color: 'teal' });
      props.onClose();
    },
  };
  const memberReport = trpc.reports.create.useMutation(done);
  const podReport = trpc.pods.report.useMutation(done);
  const meetupReport = trpc.meetups.report.useMutation(done);
  const report: FormMutation<Report, unknown> = {
    isPending: (props.meetupId ? meetupReport : props.pod ? podReport : memberReport).isPending,
    mutate: ({ reason, note }, callbacks) => {
      const { memberId } = props;
      if (props.meetupId)
        meetupReport.mutate({ meetupId: props.meetupId, memberId, reason, note }, callbacks);
      else if (props.pod) podReport.mutate({ ...props.pod, memberId, reason, note }, callbacks);
      else memberReport.mutate({ memberId, reason, note }, callbacks);
    },
  };
  const { form, submit, pending, formError } = useAppForm(formSchema, report, {
    initialValues: { reason: null as ReportReason | null, note: '' },
    input: (values) => ({ reason: values.reason!, note: values.note }),
    onSuccess: () => form.reset(),
  });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('community:report.title', { name: props.name })}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Radio.Group
            label={t('community:report.reason')}
            // Checked when sent, not when focus leaves the group (moving between its radios does).
            {...form.getInputProps('reason', { withFocus: false })}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              {REPORT_REASONS.map((r) => (
                <Radio key={r} value={r} label={t(`community:report.reasons.${r}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('community:report.note')}
            {...form.getInputProps('note')}
            autosize
            minRows={3}
            maxLength={1000}
          />
          {formError && (
            <Text c="red.8" size="sm" role="alert">
              {i18n.t(formError)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('community:report.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
