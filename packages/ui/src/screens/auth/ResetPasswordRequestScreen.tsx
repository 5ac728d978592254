import { resetPasswordRequestSchema } from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showRequestError, translatedInputProps } from '../../components/forms.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** /reset-password-request: mails a reset link. The answer does not tell whether the address has an account. */
export default function ResetPasswordRequestScreen() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zod4Resolver(resetPasswordRequestSchema),
    validateInputOnBlur: true,
  });
  const request = trpc.auth.requestPasswordReset.useMutation();
  return (
    <Container size={460} py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={1}>{t('resetRequest.title')}</Title>
          {request.isSuccess ? (
            <Alert color="green" role="status" data-testid="reset-request-sent">
              {t('resetRequest.sent')}
            </Alert>
          ) : (
            <form
              noValidate
              onSubmit={form.onSubmit((values) => {
                setFormError(null);
                request.mutate(values, { onError: (error) => setFormError(showRequestError(form, error)) });
              })}
            >
              <Stack>
                <Text>{t('resetRequest.intro')}</Text>
                {formError && <ErrorAlert data-testid="reset-request-error">{i18n.t(formError)}</ErrorAlert>}
                <TextInput
                  label={t('fields.email')}
                  type="email"
                  autoComplete="email"
                  required
                  {...translatedInputProps(form, i18n, 'email')}
                />
                <Button type="submit" loading={request.isPending}>
                  {t('resetRequest.submit')}
                </Button>
              </Stack>
            </form>
          )}
          <Anchor component={Link} to="/auth" size="sm">
            {t('resetRequest.backToSignIn')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
