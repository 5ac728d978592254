import { testCardSchema, type Country } from '@amiko/core';
import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFlask } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trpc } from '../../trpc.ts';
import { CountrySelect, PayButton, PaymentError, paymentErrorKey } from './PaymentFormParts.tsx';
import { messageKey } from '../../errors.ts';

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
  const start = trpc.payments.start.useMutation();
  const confirm = trpc.payments.confirmTestPayment.useMutation();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { cardNumber: '', expiry: '', cvc: '', country: null as Country | null },
    validate: zod4Resolver(testCardSchema),
  });
  const fieldError = (field: 'cardNumber' | 'expiry' | 'cvc' | 'country') => {
    const key = form.errors[field];
    return key ? i18n.t(messageKey(String(key))) : null;
  };

  const pay = form.onSubmit(async (values) => {
    setError(null);
    setProcessing(true);
    try {
      const started = await start.mutateAsync();
      if (!started.completed) {
        await confirm.mutateAsync({
          ...values,
          country: values.country!,
          paymentIntentId: started.paymentIntentId,
        });
      }
      void navigate('/payment-success');
    } catch (failure) {
      setError(i18n.t(paymentErrorKey(failure)));
      setProcessing(false);
    }
  });

  return (
    <form onSubmit={pay} noValidate data-testid="test-card-form">
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
          error={fieldError('cardNumber')}
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
            error={fieldError('expiry')}
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
            error={fieldError('cvc')}
          />
        </Group>
        <CountrySelect
          value={form.values.country}
          onChange={(country) => form.setFieldValue('country', country)}
          error={fieldError('country')}
          disabled={processing}
        />
        <PaymentError message={error} />
        <PayButton processing={processing} />
      </Stack>
    </form>
  );
}
