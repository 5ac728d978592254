import { resetPasswordRequestSchema } from '@amiko/core';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** /reset-password-request: mails a reset link. The answer does not tell whether the address has an account. */
export default function ResetPasswordRequestScreen() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const request = trpc.auth.requestPasswordReset.useMutation();
  const { form, submit, pending, formError } = useAppForm(resetPasswordRequestSchema, request, {
    initialValues: { email: '' },
  });
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
            <form noValidate onSubmit={submit}>
              <Stack>
                <Text>{t('resetRequest.intro')}</Text>
                {formError && <ErrorAlert data-testid="reset-request-error">{i18n.t(formError)}</ErrorAlert>}
                <TextInput
                  label={t('fields.email')}
                  type="email"
                  autoComplete="email"
                  required
                  {...form.getInputProps('email')}
                />
                <Button type="submit" loading={pending}>
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
