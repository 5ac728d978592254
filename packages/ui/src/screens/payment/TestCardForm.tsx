import { testCardSchema, type Country, type TestCardInput } from '@amiko/core';
import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translatedError, useAppForm } from '../../hooks/useAppForm.ts';
import { trpc } from '../../trpc.ts';
import { CountrySelect, PayButton, PaymentError } from './PaymentFormParts.tsx';

/** "4242424242424242" → "4242 4242 4242 4242", as people read card numbers. */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1240" → "12 / 40". */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * Test mode (no Stripe keys): the same card form with plain fields that take Stripe's test cards. The
 * server completes the payment through the webhook's own fulfilment; no real card is ever charged.
 */
export function TestCardForm() {
  const { t, i18n } = useTranslation('payment');
  const navigate = useNavigate();
  const client = trpc.useUtils().client;
  // The form's one request: the payment started (or the open one resumed), then paid with the test card.
  const pay = useMutation({
    mutationFn: async (card: TestCardInput) => {
      const started = await client.payments.start.mutate();
      if (!started.completed) {
        await client.payments.confirmTestPayment.mutate({
          ...card,
          paymentIntentId: started.paymentIntentId,
        });
      }
    },
    onSuccess: () => void navigate('/payment-success'),
  });
  const { form, submit, formError } = useAppForm(testCardSchema, pay, {
    initialValues: { cardNumber: '', expiry: '', cvc: '', country: null as Country | null },
    input: (values) => ({ ...values, country: values.country! }),
    fallbackError: 'payment:errors.unknown',
    // A declined card is said beside Pay (the server names the card number as its field).
    serverErrorsOnFields: false,
  });
  // Paid: the form stays shut while the success page loads.
  const processing = pay.isPending || pay.isSuccess;

  return (
    <form onSubmit={submit} noValidate data-testid="test-card-form">
      <Stack gap="md">
        <Alert
          color="yellow"
          variant="light"
          icon={<IconFlask aria-hidden="true" />}
          title={t('info.testMode.title')}
          styles={{ title: { color: 'var(--mantine-color-black)' } }}
          data-testid="test-mode-notice"
        >
          {t('info.testMode.text')}
        </Alert>
        <TextInput
          label={t('info.cardNumber')}
          placeholder={t('info.cardNumberPlaceholder')}
          inputMode="numeric"
          autoComplete="cc-number"
          required
          disabled={processing}
          {...form.getInputProps('cardNumber')}
          onChange={(e) => form.setFieldValue('cardNumber', formatCardNumber(e.currentTarget.value))}
        />
        <Group grow align="flex-start" gap="md">
          <TextInput
            label={t('info.expiry')}
            placeholder={t('info.expiryPlaceholder')}
            inputMode="numeric"
            autoComplete="cc-exp"
            required
            disabled={processing}
            {...form.getInputProps('expiry')}
            onChange={(e) => form.setFieldValue('expiry', formatExpiry(e.currentTarget.value))}
          />
          <TextInput
            label={t('info.cvc')}
            placeholder={t('info.cvcPlaceholder')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            required
            disabled={processing}
            {...form.getInputProps('cvc')}
          />
        </Group>
        <CountrySelect
          value={form.values.country}
          onChange={(country) => form.setFieldValue('country', country)}
          error={translatedError(i18n, form.errors.country)}
          disabled={processing}
        />
        <PaymentError message={formError && i18n.t(formError)} />
        <PayButton processing={processing} />
      </Stack>
    </form>
  );
}
