import type { PeerView } from '@amiko/api';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { notify } from '../../notify.tsx';
import { IconBan, IconDots, IconFlag, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../errors.ts';
import { listWithBlocked, listWithoutConversation } from '../../messaging/cache.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { ReportDialog } from '../../components/ReportDialog.tsx';

interface Props {
  peer: PeerView;
  name: string;
  conversationId: string | null;
  blockedByMe: boolean;
  onDeleted(): void;
}

/**
 * The conversation's menu: block or report the other member, delete the conversation; each after a
 * confirmation (the report in the same dialog as on the profile).
 */
export function ThreadActions({ peer, name, conversationId, blockedByMe, onDeleted }: Props) {
  const { t, i18n } = useTranslation(['messages', 'community', 'common']);
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState<'block' | 'report' | 'delete' | null>(null);
  const close = () => setConfirming(null);

  const block = trpc.blocks.block.useMutation({
    onSuccess: async () => {
      close();
      void notify({ message: t('block.done', { name }) });
      utils.messages.conversations.setData(undefined, (list) =>
        list ? listWithBlocked(list, peer.id) : list,
      );
      await Promise.all([utils.messages.open.invalidate({ with: peer.id }), utils.blocks.list.invalidate()]);
    },
  });
  const remove = trpc.messages.delete.useMutation({
    onSuccess: (_data, { conversationId }) => {
      close();
      utils.messages.conversations.setData(undefined, (list) =>
        list ? listWithoutConversation(list, conversationId) : list,
      );
      utils.messages.thread.setData({ conversationId }, undefined);
      void utils.messages.unread.invalidate();
      void notify({ message: t('delete.done') });
      onDeleted();
    },
  });

  const canBlock = !blockedByMe && !peer.deleted;
  // A member who blocked may still report (often the reason for the block); a deleted account is gone.
  const canReport = !peer.deleted;
  if (!canBlock && !canReport && !conversationId) return null;

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('thread.options')}
            data-testid="thread-options"
          >
            <IconDots aria-hidden="true" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canBlock && (
            <Menu.Item
              leftSection={<IconBan size={16} aria-hidden="true" />}
              onClick={() => setConfirming('block')}
            >
              {t('block.action')}
            </Menu.Item>
          )}
          {canReport && (
            <Menu.Item
              leftSection={<IconFlag size={16} aria-hidden="true" />}
              onClick={() => setConfirming('report')}
            >
              {t('community:report.action')}
            </Menu.Item>
          )}
          {conversationId && (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setConfirming('delete')}
            >
              {t('delete.action')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>

      <ReportDialog memberId={peer.id} name={name} opened={confirming === 'report'} onClose={close} />

      <Modal
        opened={confirming === 'block'}
        onClose={close}
        title={t('block.title', { name })}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          <Text>{t('block.text', { name })}</Text>
          {block.error && <ErrorAlert>{i18n.t(errorKey(block.error))}</ErrorAlert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button
              color="red"
              loading={block.isPending}
              onClick={() => block.mutate({ memberId: peer.id })}
              data-testid="confirm-block"
            >
              {t('block.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={confirming === 'delete'}
        onClose={close}
        title={t('delete.title')}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          <Text>{t('delete.text')}</Text>
          {remove.error && <ErrorAlert>{i18n.t(errorKey(remove.error))}</ErrorAlert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => conversationId && remove.mutate({ conversationId })}
              data-testid="confirm-delete"
            >
              {t('delete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
