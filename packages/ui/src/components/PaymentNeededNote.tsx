import { canMessage } from '@amiko/core';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../hooks/useSession.ts';

/**
 * Said before a member without access writes (on a profile, in an empty conversation): messaging needs the
 * one-time payment, with the way to pricing (issue 18.1). Nothing for members who can message.
 */
export function PaymentNeededNote() {
  const { t } = useTranslation('payment');
  const { member } = useSession();
  if (!member || canMessage(member)) return null;
  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconLock size={18} aria-hidden="true" />}
      data-testid="payment-needed"
    >
      <Text size="sm">
        {t('notice.messagingNeedsPayment')}{' '}
        <Anchor component={Link} to="/pricing" size="sm" fw={600} c="indigo.9">
          {t('notice.toPricing')}
        </Anchor>
      </Text>
    </Alert>
  );
}
