import { resetPasswordFormSchema } from '@amiko/core';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { landingNotice } from '../../components/landingNotice.ts';

/**
 * /auth-action?mode=resetPassword&code=…: the new-password form (SPEC §2, §4). Without a code there is
 * nothing to reset: the page sends the visitor to the reset request page at once, where a new link can be
 * asked for (issue 18.8; the spec's /login, i.e. /auth, left them without a way on: docs/decisions.md).
 */
export default function ResetPasswordAction() {
  const [params] = useSearchParams();
  const code = params.get('code');
  if (params.get('mode') !== 'resetPassword' || !code) {
    return <Navigate to="/reset-password-request" replace />;
  }
  return <ResetPasswordForm code={code} />;
}

function ResetPasswordForm({ code }: { code: string }) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const reset = trpc.auth.resetPassword.useMutation({
    onSuccess: async () => {
      // Every session of the member ended with the reset (this browser's too, if it was theirs).
      await utils.auth.me.invalidate();
      // Said on the sign-in page until the member signs in or closes it (issue 30.10).
      await navigate('/auth', { replace: true, ...landingNotice('passwordReset') });
    },
  });
  const { form, submit, pending, formError } = useAppForm(resetPasswordFormSchema, reset, {
    initialValues: { password: '', confirmPassword: '' },
    input: (values) => ({ code, password: values.password }),
    // 'Passwords do not match.' on submit and, once typed, on the confirm field itself.
    validateInputOnChange: ['confirmPassword'],
  });
  return (
    <Container size={460} py="xl">
      <Paper withBorder p="lg" radius="md">
        <form noValidate onSubmit={submit}>
          <Stack>
            <Title order={1}>{t('resetPassword.title')}</Title>
            <Text size="sm" c="dimmed">
              {t('passwordRules')}
            </Text>
            {formError && <ErrorAlert data-testid="reset-error">{i18n.t(formError)}</ErrorAlert>}
            <PasswordField
              label={t('fields.newPassword')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <PasswordField
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              required
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" loading={pending} data-testid="reset-submit">
              {t('resetPassword.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
