import { Center, Group, Loader } from '@mantine/core';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { StripeFields } from './StripeFields.tsx';

/**
 * Stripe Elements: the card fields live in Stripe's frames, so card data never touches Amiko. Stripe.js
 * is loaded from Stripe with the publishable key the server configured.
 */
export function StripeCardForm({ publishableKey }: { publishableKey: string }) {
  const { t, i18n } = useTranslation('payment');
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    // @stripe/stripe-js adds Stripe's script to the page as soon as it is imported: imported here, on
    // demand, Stripe.js is fetched only when keys are configured (never in test mode).
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then(
        (loaded) => current && (loaded ? setStripe(loaded) : setFailed(true)),
        (error: unknown) => {
          console.error('Stripe.js could not be loaded', error);
          if (current) setFailed(true);
        },
      );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  if (failed) {
    return (
      <ErrorAlert
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      >
        {t('errors.formNotLoaded')}
      </ErrorAlert>
    );
  }
  if (!stripe) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Group gap="xs">
          <Loader size="sm" aria-hidden="true" />
          {t('info.loadingForm')}
        </Group>
      </Center>
    );
  }
  return (
    <Elements stripe={stripe} options={{ locale: (i18n.resolvedLanguage ?? 'en') as StripeElementLocale }}>
      <StripeFields />
    </Elements>
  );
}
