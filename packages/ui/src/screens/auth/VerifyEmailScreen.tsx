import { destinationAfterSignIn } from '@amiko/core';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { useSignOut } from '../../hooks/useSignOut.ts';
import { trpc } from '../../trpc.ts';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

/**
 * /verify-email: where signed-in members wait until their address is verified. The page looks again every
 * few seconds, so a link opened in another tab or device moves this one on by itself.
 */
export default function VerifyEmailScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const { signOut } = useSignOut();
  const [checked, setChecked] = useState(false);
  const me = trpc.auth.me.useQuery(undefined, { refetchInterval: 5000, refetchOnWindowFocus: true });
  const member = me.data;

  if (!member) return <FullPageLoader />;
  if (member.emailVerified) return <Navigate to={destinationAfterSignIn(member)} replace />;

  return (
    <Container size={520} py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <IconMailCheck size={40} aria-hidden="true" color="var(--mantine-color-indigo-8)" />
          <Title order={1}>{t('verifyEmail.title')}</Title>
          <Text>{t('verifyEmail.text', { email: member.email })}</Text>
          <Alert color="blue">{t('common:errors.emailNotVerified')}</Alert>
          <Text size="sm" c="dimmed">
            {t('verifyEmail.checkSpam')}
          </Text>
          <ResendVerificationButton />
          <Button
            variant="default"
            loading={me.isFetching && checked}
            onClick={() => {
              setChecked(true);
              void me.refetch();
            }}
            data-testid="verified-continue"
          >
            {t('verifyEmail.continue')}
          </Button>
          {checked && !me.isFetching && (
            <Text size="sm" role="status" data-testid="still-unverified">
              {t('verifyEmail.stillUnverified')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('verifyEmail.wrongAddress')}{' '}
            <Anchor component="button" type="button" size="sm" onClick={signOut}>
              {t('common:nav.signOut')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
