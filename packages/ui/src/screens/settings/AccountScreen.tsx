import { Alert, Button, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import { errorKey } from '../../errors.ts';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';
import { DeleteAccountForm } from './DeleteAccountForm.tsx';

/** Settings → Account Management: change the email address, delete the account (each in a modal). */
export default function AccountScreen() {
  const { t } = useTranslation(['settings', 'common']);
  const { member } = useSession();
  const [open, setOpen] = useState<'changeEmail' | 'delete' | null>(null);
  const close = () => setOpen(null);
  return (
    <Stack>
      <Title order={2}>{t('account.title')}</Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs" align="flex-start">
          <Title order={3} size="h4">
            {t('account.changeEmail.heading')}
          </Title>
          <Text data-testid="current-email">{t('account.currentEmail', { email: member?.email ?? '' })}</Text>
          <Text size="sm" c="dimmed">
            {t('account.changeEmail.text')}
          </Text>
          <Button variant="light" onClick={() => setOpen('changeEmail')} data-testid="open-change-email">
            {t('account.changeEmail.button')}
          </Button>
        </Stack>
      </Paper>
      <MyDataSection />
      <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
        <Stack gap="xs" align="flex-start">
          <Title order={3} size="h4">
            {t('account.delete.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.delete.text')}
          </Text>
          <Button
            color="red"
            variant="light"
            onClick={() => setOpen('delete')}
            data-testid="open-delete-account"
          >
            {t('account.delete.button')}
          </Button>
        </Stack>
      </Paper>
      <Modal
        opened={open === 'changeEmail'}
        onClose={close}
        title={t('account.changeEmail.title')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {open === 'changeEmail' && <ChangeEmailForm onDone={close} />}
      </Modal>
      <Modal
        opened={open === 'delete'}
        onClose={close}
        title={t('account.delete.title')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {open === 'delete' && <DeleteAccountForm onCancel={close} />}
      </Modal>
    </Stack>
  );
}

/** "Download my data": asks the server to prepare the archive; it arrives as a link by mail. */
function MyDataSection() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const request = trpc.account.requestDataExport.useMutation();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs" align="flex-start">
        <Title order={3} size="h4">
          {t('account.myData.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('account.myData.text')}
        </Text>
        {request.isSuccess ? (
          <Alert color="teal" data-testid="my-data-requested">
            {t('account.myData.requested')}
          </Alert>
        ) : (
          <Button variant="light" loading={request.isPending} onClick={() => request.mutate()}>
            {t('account.myData.button')}
          </Button>
        )}
        {request.error && (
          <Text c="red.8" size="sm" role="alert">
            {i18n.t(errorKey(request.error))}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
