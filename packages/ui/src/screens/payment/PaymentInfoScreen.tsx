import { canMessage } from '@amiko/core';
import {
  Alert,
  Anchor,
  Card,
  Center,
  Container,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { errorKey } from '../../errors.ts';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import { StripeCardForm } from './StripeCardForm.tsx';
import { TestCardForm } from './TestCardForm.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** Mantine's error red (red.6) is below AA contrast on white; the card form uses a darker one. */
const AA_ERROR_COLOR = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/**
 * /payment-info (SPEC §2): the one-time payment of 30 euros. With Stripe keys the card fields are Stripe
 * Elements; without them (development, demos) the same form runs in a clearly labelled test mode.
 * Members who can already message have nothing to pay and go straight to the community.
 */
export default function PaymentInfoScreen() {
  const { t, i18n } = useTranslation(['payment', 'common']);
  const { member } = useSession();
  const hasAccess = member !== null && canMessage(member);
  const config = trpc.payments.config.useQuery(undefined, { enabled: !hasAccess, staleTime: Infinity });

  if (hasAccess) return <Navigate to="/community" replace />;

  return (
    <Container size={520} py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('info.title')}</Title>
          <Text c="dimmed">{t('info.summary')}</Text>
        </Stack>
        <Card withBorder shadow="sm" padding="lg" radius="lg" style={AA_ERROR_COLOR}>
          {config.isPending ? (
            <Center py="xl" role="status" aria-live="polite">
              <Loader aria-hidden="true" />
              <VisuallyHidden>{t('info.loadingForm')}</VisuallyHidden>
            </Center>
          ) : config.error ? (
            <ErrorAlert onRetry={() => void config.refetch()}>{i18n.t(errorKey(config.error))}</ErrorAlert>
          ) : config.data.mode === 'stripe' && config.data.publishableKey ? (
            <StripeCardForm publishableKey={config.data.publishableKey} />
          ) : config.data.mode === 'test' ? (
            <TestCardForm />
          ) : (
            <Alert color="orange" variant="light" role="alert">
              {t('errors.unavailable')}{' '}
              <Anchor component={Link} to="/contact-us">
                {t('common:footer.contactUs')}
              </Anchor>
            </Alert>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
