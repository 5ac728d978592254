import { COMMON_ERRORS, COUNTRIES, type Country } from '@amiko/core';
import { catalogKey, type TranslationKey } from '@amiko/i18n';
import { Alert, Button, Loader, Select, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../errors.ts';

// The parts both card forms of /payment-info share: Stripe Elements (with keys) and test mode (without).

/** SPEC §8: a failed payment says 'An unknown error occurred.' unless the server said something better. */
export function paymentErrorKey(error: unknown): TranslationKey {
  const key = errorKey(error);
  return key === COMMON_ERRORS.unknown ? 'payment:errors.unknown' : key;
}

export function CountrySelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: Country | null;
  onChange: (country: Country | null) => void;
  error?: string | null | undefined;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation(['payment', 'catalog']);
  const data = useMemo(
    () =>
      COUNTRIES.map((id) => ({ value: id, label: t(catalogKey('countries', id)) })).sort((a, b) =>
        a.label.localeCompare(b.label, i18n.language),
      ),
    [t, i18n.language],
  );
  return (
    <Select
      label={t('info.country')}
      placeholder={t('info.countryPlaceholder')}
      data={data}
      value={value}
      onChange={(v) => onChange(v as Country | null)}
      searchable
      required
      autoComplete="country"
      error={error}
      disabled={disabled}
      data-testid="payment-country"
    />
  );
}

/** 'Pay 30.00 euro', then 'Processing...' while the payment runs. */
export function PayButton({ processing, disabled }: { processing: boolean; disabled?: boolean }) {
  const { t } = useTranslation('payment');
  return (
    <Button
      type="submit"
      size="md"
      fullWidth
      disabled={processing || disabled}
      leftSection={processing ? <Loader size={16} color="gray" aria-hidden="true" /> : null}
      data-testid="pay-button"
    >
      {processing ? t('info.processing') : t('info.pay')}
    </Button>
  );
}

/** A payment error: Stripe's own message for a declined card, else our translated text. */
export function PaymentError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden="true" />}
      role="alert"
      data-testid="payment-error"
    >
      {message}
    </Alert>
  );
}

export function SecureNote() {
  const { t } = useTranslation('payment');
  return (
    <Text size="sm" c="dimmed" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
      <IconLock size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      {t('info.secure')}
    </Text>
  );
}
