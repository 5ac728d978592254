import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before something that cannot be taken back lightly (block, remove). Keyboard: Esc cancels. */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  error?: string | null;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text>{props.children}</Text>
      {props.error && (
        <Text c="red.8" mt="sm" role="alert">
          {props.error}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onClose}>
          {t('cancel')}
        </Button>
        <Button color={props.danger ? 'red.8' : undefined} onClick={props.onConfirm} loading={props.loading}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
