import { COMMON_ERRORS, resetPasswordFormSchema } from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notify } from '../../notify.tsx';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/PasswordField.tsx';
import { translatedInputProps } from '../../components/forms.ts';
import { appCodeOf, errorKey, fieldErrorsOf } from '../../errors.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

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
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: zod4Resolver(resetPasswordFormSchema),
    // 'Passwords do not match.' on submit and, once typed, on the confirm field itself.
    validateInputOnChange: ['confirmPassword'],
    validateInputOnBlur: true,
  });
  const reset = trpc.auth.resetPassword.useMutation({
    onSuccess: async () => {
      // Every session of the member ended with the reset (this browser's too, if it was theirs).
      await utils.auth.me.invalidate();
      void notify({ color: 'green', message: t('resetPassword.success') });
      await navigate('/auth', { replace: true });
    },
    onError: (error) => {
      const password = fieldErrorsOf(error).password;
      if (password) form.setFieldError('password', password);
      else if (appCodeOf(error) === 'RATE_LIMITED' || errorKey(error) === 'auth:errors.invalidResetCode') {
        setFormError(errorKey(error));
      } else setFormError(COMMON_ERRORS.unknown);
    },
  });
  return (
    <Container size={460} py="xl">
      <Paper withBorder p="lg" radius="md">
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setFormError(null);
            reset.mutate({ code, password: values.password });
          })}
        >
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
              {...translatedInputProps(form, i18n, 'password')}
            />
            <PasswordField
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              required
              {...translatedInputProps(form, i18n, 'confirmPassword')}
            />
            <Button type="submit" loading={reset.isPending} data-testid="reset-submit">
              {t('resetPassword.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
