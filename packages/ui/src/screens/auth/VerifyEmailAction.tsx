import { destinationAfterSignIn, nextOnboardingStep } from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import { Anchor, Button, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorKey } from '../../errors.ts';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

/** How long the verified page shows before a signed-in member is led on to their next onboarding step. */
const LEAD_ON_MS = 2_500;

/**
 * /auth-action?mode=verifyEmail&code=…: verifying, then 'Email Verified' or 'Something went wrong' (SPEC §2,
 * §4). The same page applies the link sent to a new address after an email change.
 */
export default function VerifyEmailAction() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const code = params.get('code');
  const utils = trpc.useUtils();
  const { member } = useSession();
  // The success page shows once the session has been read again (onSuccess is awaited), so it knows
  // whether the member is verified now and which onboarding step comes next.
  const verify = trpc.auth.verifyEmail.useMutation({ onSuccess: () => utils.auth.me.invalidate() });
  // A link is applied once, also when React runs effects twice in development.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!code || applied.current === code) return;
    applied.current = code;
    verify.mutate({ code });
  }, [code, verify]);
  // The page leads a signed-in member who still has onboarding to do on to its next step by itself, after
  // a moment to read that it worked (issue 30.1); its link is the way on for one who does not wait.
  const navigate = useNavigate();
  const leadOn =
    verify.isSuccess &&
    verify.data.purpose !== 'changeEmail' &&
    member?.emailVerified &&
    nextOnboardingStep(member)
      ? destinationAfterSignIn(member)
      : null;
  useEffect(() => {
    if (!leadOn) return;
    const timer = setTimeout(() => navigate(leadOn, { replace: true }), LEAD_ON_MS);
    return () => clearTimeout(timer);
  }, [leadOn, navigate]);

  if (code && (verify.isIdle || verify.isPending)) {
    return (
      <Center mih="50vh" role="status" aria-live="polite" data-testid="verify-loading">
        <Stack align="center">
          <Loader aria-hidden="true" />
          <Text>{t('verifyAction.verifying')}</Text>
        </Stack>
      </Center>
    );
  }

  if (verify.isSuccess) {
    const changed = verify.data.purpose === 'changeEmail';
    // The session was read again once the link was applied: a member who verified in the browser they use
    // goes straight on to the first onboarding step they have not done (or to the community); only a
    // visitor is sent to sign in.
    const next = member ? destinationAfterSignIn(member) : '/auth';
    const lines = changed
      ? [t('verifyAction.changedLine1'), t('verifyAction.changedLine2')]
      : [
          t('verifyAction.successLine1'),
          t('verifyAction.successLine2'),
          !member
            ? t('verifyAction.successLine3')
            : nextOnboardingStep(member)
              ? t('verifyAction.signedInNext')
              : t('verifyAction.signedInReady'),
        ];
    return (
      <Container size={520} py="xl">
        <Paper withBorder p="lg" radius="md" data-testid="verify-success">
          <Stack>
            <IconCircleCheck size={40} aria-hidden="true" color="var(--mantine-color-green-8)" />
            <Title order={1}>
              {changed ? t('verifyAction.changedTitle') : t('verifyAction.successTitle')}
            </Title>
            {lines.map((line) => (
              <Text key={line}>{line}</Text>
            ))}
            {!member ? (
              <Button component={Link} to="/auth">
                {t('verifyAction.toSignIn')}
              </Button>
            ) : changed ? (
              <Button component={Link} to="/settings/account">
                {t('verifyAction.toSettings')}
              </Button>
            ) : (
              <Button component={Link} to={next}>
                {nextOnboardingStep(member) ? t('verifyAction.toOnboarding') : t('verifyAction.toCommunity')}
              </Button>
            )}
          </Stack>
        </Paper>
      </Container>
    );
  }

  // No code in the link, or the code was refused.
  const message: TranslationKey = verify.isError
    ? errorKey(verify.error)
    : 'auth:errors.verificationLinkInvalid';
  return (
    <Container size={520} py="xl">
      <Paper withBorder p="lg" radius="md" data-testid="verify-error">
        <Stack>
          <IconAlertTriangle size={40} aria-hidden="true" color="var(--mantine-color-red-8)" />
          <Title order={1}>{t('verifyAction.errorTitle')}</Title>
          <Text role="alert">{i18n.t(message)}</Text>
          {member && !member.emailVerified && <ResendVerificationButton />}
          <Anchor component={Link} to="/auth">
            {t('verifyAction.toSignIn')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
