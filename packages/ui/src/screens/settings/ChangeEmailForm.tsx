import { changeEmailSchema } from '@amiko/core';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { trpc } from '../../trpc.ts';

/** Password re-check and the new address; the address changes once the mailed link is opened. */
export function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation(['settings', 'auth', 'common']);
  const change = trpc.account.changeEmail.useMutation();
  const { form, submit, pending, formError } = useAppForm(changeEmailSchema, change, {
    initialValues: { password: '', newEmail: '' },
    fallbackError: 'settings:errors.emailUpdateFailed',
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
    <form noValidate onSubmit={submit}>
      <Stack>
        <Text size="sm">{t('account.changeEmail.intro')}</Text>
        {formError && <ErrorAlert data-testid="change-email-error">{i18n.t(formError)}</ErrorAlert>}
        <PasswordField
          label={t('account.changeEmail.password')}
          autoComplete="current-password"
          required
          data-autofocus
          {...form.getInputProps('password')}
        />
        <TextInput
          label={t('account.changeEmail.newEmail')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('newEmail')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="change-email-submit">
            {t('account.changeEmail.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
