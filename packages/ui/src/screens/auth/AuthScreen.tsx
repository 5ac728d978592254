import { destinationAfterSignIn, signInSchema, signUpSchema, type UiLanguage } from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import { Anchor, Button, Container, Paper, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { PasswordField } from '../../components/PasswordField.tsx';
import { showRequestError, translatedInputProps } from '../../components/forms.ts';
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
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: zod4Resolver(signInSchema),
    validateInputOnBlur: true,
  });
  const signIn = trpc.auth.signIn.useMutation();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        signIn.mutate(values, {
          onSuccess: signedIn,
          onError: (error) => setFormError(showRequestError(form, error)),
        });
      })}
    >
      <Stack>
        {formError && <ErrorAlert data-testid="auth-error">{i18n.t(formError)}</ErrorAlert>}
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...translatedInputProps(form, i18n, 'email')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          required
          {...translatedInputProps(form, i18n, 'password')}
        />
        <Button type="submit" loading={signIn.isPending} data-testid="sign-in-submit">
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
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '' },
    validate: zod4Resolver(signUpSchema),
    validateInputOnBlur: true,
  });
  const signUp = trpc.auth.signUp.useMutation();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        const language = (i18n.resolvedLanguage === 'de' ? 'de' : 'en') satisfies UiLanguage;
        signUp.mutate(
          { ...values, language },
          {
            onSuccess: signedIn,
            onError: (error) => setFormError(showRequestError(form, error)),
          },
        );
      })}
    >
      <Stack>
        {formError && <ErrorAlert data-testid="auth-error">{i18n.t(formError)}</ErrorAlert>}
        <TextInput
          label={t('fields.name')}
          autoComplete="name"
          required
          {...translatedInputProps(form, i18n, 'name')}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...translatedInputProps(form, i18n, 'email')}
        />
        <PasswordField
          label={t('fields.password')}
          description={t('passwordRules')}
          autoComplete="new-password"
          required
          {...translatedInputProps(form, i18n, 'password')}
        />
        <Button type="submit" loading={signUp.isPending} data-testid="sign-up-submit">
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
