import { changePasswordFormSchema } from '@amiko/core';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings → Change Password: current, new and confirm; other devices are signed out afterwards. */
export default function ChangePasswordScreen() {
  const { t, i18n } = useTranslation(['settings', 'auth', 'common']);
  const change = trpc.account.changePassword.useMutation();
  const { form, submit, pending, formError } = useAppForm(changePasswordFormSchema, change, {
    initialValues: EMPTY,
    onSuccess: () => {
      form.reset();
    },
    fallbackError: 'settings:errors.passwordUpdateFailed',
    validateInputOnChange: ['confirmPassword'],
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack maw={480}>
        <Title order={2}>{t('changePassword.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('changePassword.intro')}
        </Text>
        {formError && <ErrorAlert data-testid="change-password-error">{i18n.t(formError)}</ErrorAlert>}
        {change.isSuccess && (
          <Alert color="green" role="status" data-testid="change-password-success">
            {t('changePassword.success')}
          </Alert>
        )}
        <PasswordField
          label={t('changePassword.currentPassword')}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          label={t('changePassword.newPassword')}
          description={t('auth:passwordRules')}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label={t('changePassword.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={pending} data-testid="change-password-submit">
            {t('changePassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
