import type { TranslationKey } from '@amiko/i18n';
import { Anchor, Button, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorKey } from '../../errors.ts';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

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
  const verify = trpc.auth.verifyEmail.useMutation({ onSuccess: () => utils.auth.me.invalidate() });
  // A link is applied once, also when React runs effects twice in development.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!code || applied.current === code) return;
    applied.current = code;
    verify.mutate({ code });
  }, [code, verify]);

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
    return (
      <Container size={520} py="xl">
        <Paper withBorder p="lg" radius="md" data-testid="verify-success">
          <Stack>
            <IconCircleCheck size={40} aria-hidden="true" color="var(--mantine-color-green-8)" />
            <Title order={1}>{t('verifyAction.successTitle')}</Title>
            <Text>{t('verifyAction.successLine1')}</Text>
            <Text>{t('verifyAction.successLine2')}</Text>
            <Text>{t('verifyAction.successLine3')}</Text>
            {/* Only a visitor is sent to sign in; a signed-in member (who just confirmed a new address,
                or verified in the browser they use) goes on where they are at home. */}
            {member ? (
              verify.data.purpose === 'changeEmail' ? (
                <Button component={Link} to="/settings/account">
                  {t('verifyAction.toSettings')}
                </Button>
              ) : (
                <Button component={Link} to="/community">
                  {t('verifyAction.toCommunity')}
                </Button>
              )
            ) : (
              <Button component={Link} to="/auth">
                {t('verifyAction.toSignIn')}
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
