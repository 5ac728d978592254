import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconHeartHandshake } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { errorKey } from '../../errors.ts';
import { useSession } from '../../hooks/useSession.ts';
import { forgetPaymentReturn, paymentReturn, podOfDraftKey } from '../../messaging/drafts.ts';
import { trpc } from '../../trpc.ts';

/** How often the page asks whether Stripe's webhook has granted access yet. */
const POLL_MS = 2000;
/** After this long without a confirmation the page says it takes longer than usual. */
const SLOW_MS = 45_000;

/**
 * /payment-success (SPEC §2): thanks for the 30 euro payment, a word about the community, a button to
 * /community and a link to /contact-us. It grants nothing: access comes only from Stripe's signed webhook,
 * so the page waits for it, says so, and shows the confirmation when it arrives. Only a member with a
 * payment in progress or granted is thanked; anyone else (Back, a bookmark) goes to /pricing (issue 18.3).
 */
export default function PaymentSuccessScreen() {
  const { t, i18n } = useTranslation('payment');
  const utils = trpc.useUtils();
  const status = trpc.payments.status.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.payment === 'inProgress' ? POLL_MS : false),
    staleTime: 0,
  });
  const granted = status.data?.payment === 'granted';
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    // The header and every screen read access from the session: refresh it once access arrives.
    if (granted) void utils.auth.me.invalidate();
  }, [granted, utils]);

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_MS);
    return () => clearTimeout(timer);
  }, []);

  if (status.isPending) return <FullPageLoader />;
  if (status.isError) {
    return (
      <Container size={600} py="xl">
        <ErrorAlert onRetry={() => void status.refetch()}>{i18n.t(errorKey(status.error))}</ErrorAlert>
      </Container>
    );
  }
  if (status.data.payment === 'none') return <Navigate to="/pricing" replace />;

  return (
    <Container size={600} py="xl">
      <Stack gap="lg" align="center" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden="true">
          <IconHeartHandshake size={40} />
        </ThemeIcon>
        <Title order={1}>{t('success.title')}</Title>
        <Text size="lg">{t('success.thanks')}</Text>
        <Text c="dimmed">{t('success.community')}</Text>

        <div role="status" aria-live="polite" style={{ width: '100%' }}>
          {granted ? (
            <Alert
              color="green"
              variant="light"
              icon={<IconCircleCheck aria-hidden="true" />}
              ta="left"
              data-testid="payment-confirmed"
            >
              {t('success.confirmed')}
            </Alert>
          ) : (
            <Alert color="blue" variant="light" ta="left" data-testid="payment-waiting">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Loader size="sm" aria-hidden="true" style={{ flexShrink: 0 }} />
                <Stack gap={4}>
                  <Text size="sm">{t('success.waiting')}</Text>
                  {slow && <Text size="sm">{t('success.slow')}</Text>}
                </Stack>
              </Group>
            </Alert>
          )}
        </div>

        {granted && <BackToConversation />}
        <Button component={Link} to="/community" size="md" variant={granted ? 'default' : 'filled'}>
          {t('success.toCommunity')}
        </Button>
        <Anchor component={Link} to="/contact-us">
          {t('success.contact')}
        </Anchor>
      </Stack>
    </Container>
  );
}

/**
 * The way back to the conversation whose first message led to the payment, where the draft waits in the box
 * (issue 18.1). Shown once the payment is granted; nothing when the payment did not start from a message.
 */
function BackToConversation() {
  const { t } = useTranslation('payment');
  const { member } = useSession();
  const me = member?.id ?? '';
  const [peerId] = useState(() => (me ? paymentReturn(me) : null));
  const podId = peerId === null ? null : podOfDraftKey(peerId);
  const peer = trpc.messages.open.useQuery(
    { with: peerId ?? '' },
    { enabled: peerId !== null && podId === null, retry: false },
  );
  const pod = trpc.pods.get.useQuery({ podId: podId ?? '' }, { enabled: podId !== null, retry: false });
  if (podId !== null) {
    if (!pod.data) return null;
    return (
      <Button
        component={Link}
        to={`/pods/${encodeURIComponent(podId)}`}
        size="md"
        onClick={() => forgetPaymentReturn(me)}
        data-testid="back-to-conversation"
      >
        {t('success.backToPod', { name: pod.data.name })}
      </Button>
    );
  }
  if (!peerId || !peer.data || peer.data.other.deleted) return null;
  return (
    <Button
      component={Link}
      to={`/messages?with=${encodeURIComponent(peerId)}`}
      size="md"
      onClick={() => forgetPaymentReturn(me)}
      data-testid="back-to-conversation"
    >
      {t('success.backToConversation', { name: peer.data.other.name })}
    </Button>
  );
}
