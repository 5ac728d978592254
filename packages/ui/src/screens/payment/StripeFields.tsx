import type { Country } from '@amiko/core';
import { Box, Group, Input, Stack } from '@mantine/core';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type {
  StripeCardCvcElementChangeEvent,
  StripeCardExpiryElementChangeEvent,
  StripeCardNumberElementChangeEvent,
} from '@stripe/stripe-js';
import { useState, type ComponentType, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trpc } from '../../trpc.ts';
import { CountrySelect, PayButton, PaymentError, paymentErrorKey, SecureNote } from './PaymentFormParts.tsx';

type Field = 'cardNumber' | 'cardExpiry' | 'cardCvc';
type ChangeEvent =
  StripeCardNumberElementChangeEvent | StripeCardExpiryElementChangeEvent | StripeCardCvcElementChangeEvent;

const ELEMENT_OPTIONS = {
  style: {
    base: {
      fontSize: '16px',
      color: '#212529',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      '::placeholder': { color: '#6b7280' },
    },
    invalid: { color: '#c92a2a' },
  },
};

/** The card form inside Stripe's Elements: card number, expiry and CVC in Stripe's frames, the country in ours. */
export function StripeFields() {
  const { t, i18n } = useTranslation('payment');
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const start = trpc.payments.start.useMutation();
  const [country, setCountry] = useState<Country | null>(null);
  const [countryError, setCountryError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFieldChange = (field: Field) => (event: ChangeEvent) =>
    setFieldErrors((errors) => ({ ...errors, [field]: event.error?.message }));

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardNumberElement);
    if (!stripe || !card) return;
    if (!country) {
      setCountryError(t('errors.countryRequired'));
      return;
    }
    setError(null);
    setProcessing(true);
    try {
      const started = await start.mutateAsync();
      if (!started.completed) {
        const result = await stripe.confirmCardPayment(started.clientSecret!, {
          payment_method: { card, billing_details: { address: { country: country.toUpperCase() } } },
        });
        if (result.error) {
          // Stripe's own text for a declined or mistyped card (already in the member's language).
          const own = result.error.type === 'card_error' || result.error.type === 'validation_error';
          setError(own && result.error.message ? result.error.message : t('errors.unknown'));
          setProcessing(false);
          return;
        }
      }
      void navigate('/payment-success');
    } catch (failure) {
      setError(i18n.t(paymentErrorKey(failure)));
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={pay} noValidate data-testid="stripe-card-form">
      <Stack gap="md">
        <StripeField
          label={t('info.cardNumber')}
          element={CardNumberElement}
          error={fieldErrors.cardNumber}
          onChange={onFieldChange('cardNumber')}
          testId="card-number"
        />
        <Group grow align="flex-start" gap="md">
          <StripeField
            label={t('info.expiry')}
            element={CardExpiryElement}
            error={fieldErrors.cardExpiry}
            onChange={onFieldChange('cardExpiry')}
            testId="card-expiry"
          />
          <StripeField
            label={t('info.cvc')}
            element={CardCvcElement}
            error={fieldErrors.cardCvc}
            onChange={onFieldChange('cardCvc')}
            testId="card-cvc"
          />
        </Group>
        <CountrySelect
          value={country}
          onChange={(value) => {
            setCountry(value);
            setCountryError(null);
          }}
          error={countryError}
          disabled={processing}
        />
        <PaymentError message={error} />
        <PayButton processing={processing} disabled={!stripe} />
        <SecureNote />
      </Stack>
    </form>
  );
}

interface ElementProps {
  options?: typeof ELEMENT_OPTIONS;
  onChange?: (event: ChangeEvent) => void;
  onReady?: (element: { focus(): void }) => void;
}

/** One Stripe Element dressed as a Mantine input; its label focuses it. */
function StripeField({
  label,
  element: Element,
  error,
  onChange,
  testId,
}: {
  label: string;
  element: ComponentType<ElementProps>;
  error: string | undefined;
  onChange: (event: ChangeEvent) => void;
  testId: string;
}) {
  const [instance, setInstance] = useState<{ focus(): void } | null>(null);
  return (
    <Input.Wrapper label={label} error={error} required labelProps={{ onClick: () => instance?.focus() }}>
      <Box
        className="stripe-field"
        data-invalid={error ? true : undefined}
        data-testid={testId}
        style={{
          padding: '10px 12px',
          border: `1px solid var(--mantine-color-${error ? 'red-7' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-white)',
        }}
      >
        <Element options={ELEMENT_OPTIONS} onChange={onChange} onReady={setInstance} />
      </Box>
    </Input.Wrapper>
  );
}
