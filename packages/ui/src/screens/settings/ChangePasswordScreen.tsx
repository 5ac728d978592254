import { changePasswordFormSchema } from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../components/PasswordField.tsx';
import { showRequestError, translatedInputProps } from '../../components/forms.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings → Change Password: current, new and confirm; other devices are signed out afterwards. */
export default function ChangePasswordScreen() {
  const { t, i18n } = useTranslation(['settings', 'auth', 'common']);
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: zod4Resolver(changePasswordFormSchema),
    validateInputOnChange: ['confirmPassword'],
    validateInputOnBlur: true,
  });
  const change = trpc.account.changePassword.useMutation({
    onSuccess: () => form.reset(),
    onError: (error) => setFormError(showRequestError(form, error, 'settings:errors.passwordUpdateFailed')),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        change.reset();
        change.mutate(values);
      })}
    >
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
          {...translatedInputProps(form, i18n, 'currentPassword')}
        />
        <PasswordField
          label={t('changePassword.newPassword')}
          description={t('auth:passwordRules')}
          autoComplete="new-password"
          required
          {...translatedInputProps(form, i18n, 'newPassword')}
        />
        <PasswordField
          label={t('changePassword.confirmPassword')}
          autoComplete="new-password"
          required
          {...translatedInputProps(form, i18n, 'confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={change.isPending} data-testid="change-password-submit">
            {t('changePassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
