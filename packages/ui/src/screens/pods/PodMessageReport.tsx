import { ActionIcon } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ReportDialog } from '../../components/ReportDialog.tsx';

/** A message of another member being reported: the message, its sender, and the name to show. */
export interface ReportedMessage {
  messageId: number;
  memberId: string;
  name: string;
}

/**
 * The small flag beside another member's message in a pod's chat (issue 34.5: report a message from the
 * pod); a button of its own, so it is reached with the keyboard and named for screen readers.
 */
export function ReportMessageButton({ name, onReport }: { name: string; onReport: () => void }) {
  const { t } = useTranslation(['pods']);
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="md"
      onClick={onReport}
      aria-label={t('pods:chat.reportMessage', { name })}
      data-testid="report-message"
    >
      <IconFlag size={16} aria-hidden="true" />
    </ActionIcon>
  );
}

/**
 * The one report dialog, sent with the pod and the message: the server checks that the message is the
 * sender's in this pod, and keeps it with the pod's last messages as evidence.
 */
export function PodMessageReportDialog(props: {
  podId: string;
  reported: ReportedMessage | null;
  onClose: () => void;
}) {
  const { reported } = props;
  return (
    <ReportDialog
      memberId={reported?.memberId ?? ''}
      name={reported?.name ?? ''}
      opened={reported !== null}
      onClose={props.onClose}
      pod={{ podId: props.podId, ...(reported ? { messageId: reported.messageId } : {}) }}
    />
  );
}
