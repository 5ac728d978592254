import { destinationAfterSignIn, signInSchema, signUpSchema, type UiLanguage } from '@amiko/core';
import { Anchor, Button, Container, Paper, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useAppForm } from '../../hooks/useAppForm.ts';
import { useSession } from '../../hooks/useSession.ts';
import { useSignedIn } from '../../hooks/useSignedIn.ts';
import { trpc } from '../../trpc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

type Tab = 'signIn' | 'signUp';

/**
 * /auth: sign in or sign up. Signed-in members do not stay here: they go where they belong (verification,
 * their onboarding step, the page they wanted, or the community).
 */
export default function AuthScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const { loading, member } = useSession();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'signUp' ? 'signUp' : 'signIn';
  const from = (location.state as { from?: string } | null)?.from ?? null;

  if (loading) return <FullPageLoader />;
  if (member) return <Navigate to={destinationAfterSignIn(member, from)} replace />;

  return (
    <Container size={460} py="xl">
      <Stack gap="xs" mb="lg" ta="center">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <Paper withBorder p="lg" radius="md">
        <Tabs
          value={tab}
          onChange={(value) =>
            setParams(value === 'signUp' ? { tab: 'signUp' } : {}, { replace: true, state: location.state })
          }
          keepMounted={false}
        >
          <Tabs.List grow aria-label={t('tabs.label')} mb="md">
            <Tabs.Tab value="signIn" data-testid="tab-sign-in">
              {t('tabs.signIn')}
            </Tabs.Tab>
            <Tabs.Tab value="signUp" data-testid="tab-sign-up">
              {t('tabs.signUp')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signIn">
            <SignInForm />
          </Tabs.Panel>
          <Tabs.Panel value="signUp">
            <SignUpForm />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Container>
  );
}

function SignInForm() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const signedIn = useSignedIn();
  const signIn = trpc.auth.signIn.useMutation();
  const { form, submit, pending, formError } = useAppForm(signInSchema, signIn, {
    initialValues: { email: '', password: '' },
    onSuccess: signedIn,
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        {formError && <ErrorAlert data-testid="auth-error">{i18n.t(formError)}</ErrorAlert>}
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={pending} data-testid="sign-in-submit">
          {t('signIn.submit')}
        </Button>
        <Anchor component={Link} to="/reset-password-request" size="sm" ta="center">
          {t('signIn.forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
}

function SignUpForm() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const signedIn = useSignedIn();
  const signUp = trpc.auth.signUp.useMutation();
  const { form, submit, pending, formError } = useAppForm(signUpSchema, signUp, {
    initialValues: { name: '', email: '', password: '' },
    input: (values) => ({
      ...values,
      language: (i18n.resolvedLanguage === 'de' ? 'de' : 'en') satisfies UiLanguage,
    }),
    onSuccess: signedIn,
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        {formError && <ErrorAlert data-testid="auth-error">{i18n.t(formError)}</ErrorAlert>}
        <TextInput label={t('fields.name')} autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('fields.password')}
          description={t('passwordRules')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={pending} data-testid="sign-up-submit">
          {t('signUp.submit')}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          {t('signUp.terms')}{' '}
          <Anchor component={Link} to="/privacy-policy" size="xs">
            {t('common:footer.privacyPolicy')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
