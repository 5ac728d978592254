import { REPORT_REASONS, type ReportReason } from '@amiko/core';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../errors.ts';
import { notify } from '../notify.tsx';
import { trpc } from '../trpc.ts';

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
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const done = {
    onSuccess: () => {
      void notify({ message: t('community:report.done'), color: 'teal' });
      setReason(null);
      setNote('');
      props.onClose();
    },
  };
  const memberReport = trpc.reports.create.useMutation(done);
  const podReport = trpc.pods.report.useMutation(done);
  const meetupReport = trpc.meetups.report.useMutation(done);
  const report = props.meetupId ? meetupReport : props.pod ? podReport : memberReport;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('community:report.title', { name: props.name })}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) {
            setMissingReason(true);
            return;
          }
          if (props.meetupId)
            meetupReport.mutate({ meetupId: props.meetupId, memberId: props.memberId, reason, note });
          else if (props.pod) podReport.mutate({ ...props.pod, memberId: props.memberId, reason, note });
          else memberReport.mutate({ memberId: props.memberId, reason, note });
        }}
      >
        <Stack>
          <Radio.Group
            label={t('community:report.reason')}
            value={reason}
            onChange={(value) => {
              setReason(value as ReportReason);
              setMissingReason(false);
            }}
            error={missingReason ? t('community:errors.reportReasonRequired') : undefined}
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
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={1000}
          />
          {report.error && (
            <Text c="red.8" size="sm" role="alert">
              {i18n.t(errorKey(report.error))}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={report.isPending}>
              {t('community:report.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
