import { z } from 'zod';
import { COUNTRIES } from '../catalogs.ts';

// The card form of /payment-info in test mode (no Stripe keys): plain fields that take Stripe's test card
// numbers. With Stripe keys the card fields are Stripe Elements and never reach Amiko; only the country
// is Amiko's own field in both modes.

export const paymentCountrySchema = z.enum(COUNTRIES, { error: 'payment:errors.countryRequired' });

/** "4242 4242 4242 4242" → "4242424242424242". */
export function cardDigits(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

/**
 * The Luhn checksum every card number carries (ISO/IEC 7812): from the right, every second digit doubled
 * (less 9 when over 9), the sum a multiple of 10. Stripe Elements checks it on the field (issue 30.20).
 */
export function hasValidLuhnChecksum(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM / YY", "MM/YY" or "MMYY" → { month, year } (year as 20YY), or null. */
export function parseCardExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card expires at the end of its expiry month. */
export function isCardExpired(expiry: { month: number; year: number }, now: Date = new Date()): boolean {
  const year = now.getUTCFullYear();
  return expiry.year < year || (expiry.year === year && expiry.month < now.getUTCMonth() + 1);
}

export const testCardSchema = z.object({
  cardNumber: z
    .string()
    .refine((v) => /^\d{12,19}$/.test(cardDigits(v)), {
      error: 'payment:errors.cardNumberIncomplete',
      abort: true,
    })
    .refine((v) => hasValidLuhnChecksum(cardDigits(v)), 'payment:errors.cardNumberInvalid'),
  expiry: z
    .string()
    .refine((v) => parseCardExpiry(v) !== null, { error: 'payment:errors.expiryIncomplete', abort: true })
    .refine((v) => !isCardExpired(parseCardExpiry(v)!), 'payment:errors.expiryPast'),
  cvc: z.string().refine((v) => /^\d{3,4}$/.test(v.trim()), 'payment:errors.cvcIncomplete'),
  country: paymentCountrySchema,
});
export type TestCardInput = z.input<typeof testCardSchema>;

/** Stripe's PaymentIntent ids, e.g. pi_3MtwBwLkdIwHu7ix28a3tqPa. */
export const paymentIntentIdSchema = z
  .string()
  .regex(/^pi_[A-Za-z0-9_]{1,120}$/, 'common:errors.invalidInput');

export const confirmTestPaymentSchema = testCardSchema.extend({ paymentIntentId: paymentIntentIdSchema });
