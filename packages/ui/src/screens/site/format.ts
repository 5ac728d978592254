import { PRICE_CENTS, PRICE_CURRENCY } from '@amiko/core';

/** The one-time price in the reader's language: "€30" in English, "30 €" in German. */
export function formatPrice(language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: PRICE_CURRENCY.toUpperCase(),
    minimumFractionDigits: 0,
  }).format(PRICE_CENTS / 100);
}
