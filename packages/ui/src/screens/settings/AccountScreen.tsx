import { changeEmailSchema, deleteAccountSchema } from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notify } from '../../notify.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../components/PasswordField.tsx';
import { showRequestError, translatedInputProps } from '../../components/forms.ts';
import { setOnboardingStep } from '../../hooks/useOnboardingStep.ts';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';

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

/** Password re-check and the new address; the address changes once the mailed link is opened. */
function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation(['settings', 'auth', 'common']);
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', newEmail: '' },
    validate: zod4Resolver(changeEmailSchema),
    validateInputOnBlur: true,
  });
  const change = trpc.account.changeEmail.useMutation({
    onError: (error) => setFormError(showRequestError(form, error, 'settings:errors.emailUpdateFailed')),
  });
  if (change.isSuccess) {
    return (
      <Stack>
        <Alert color="green" role="status" data-testid="change-email-sent">
          {t('account.changeEmail.sent', { email: change.data.email })}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onDone}>{t('common:close')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        change.mutate(values);
      })}
    >
      <Stack>
        <Text size="sm">{t('account.changeEmail.intro')}</Text>
        {formError && <ErrorAlert data-testid="change-email-error">{i18n.t(formError)}</ErrorAlert>}
        <PasswordField
          label={t('account.changeEmail.password')}
          autoComplete="current-password"
          required
          data-autofocus
          {...translatedInputProps(form, i18n, 'password')}
        />
        <TextInput
          label={t('account.changeEmail.newEmail')}
          type="email"
          autoComplete="email"
          required
          {...translatedInputProps(form, i18n, 'newEmail')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={change.isPending} data-testid="change-email-submit">
            {t('account.changeEmail.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Irreversible: the password is checked again, then the member is signed out and back on the home page. */
function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t, i18n } = useTranslation(['settings', 'auth', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: zod4Resolver(deleteAccountSchema),
  });
  const remove = trpc.account.delete.useMutation({
    onSuccess: async () => {
      setOnboardingStep(null);
      queryClient.clear();
      utils.auth.me.setData(undefined, null);
      void notify({ color: 'green', message: t('account.delete.done') });
      await navigate('/', { replace: true });
    },
    onError: (error) => setFormError(showRequestError(form, error, 'settings:errors.deleteFailed')),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        remove.mutate(values);
      })}
    >
      <Stack>
        <Alert color="red" title={t('account.delete.title')}>
          {t('account.delete.warning')}
        </Alert>
        {formError && <ErrorAlert data-testid="delete-account-error">{i18n.t(formError)}</ErrorAlert>}
        <PasswordField
          label={t('account.delete.password')}
          autoComplete="current-password"
          required
          data-autofocus
          {...translatedInputProps(form, i18n, 'password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" color="red" loading={remove.isPending} data-testid="delete-account-submit">
            {t('account.delete.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
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
