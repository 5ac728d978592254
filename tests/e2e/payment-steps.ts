import { EARLY_ACCESS_LIMIT, PRICE_CENTS, PRICE_CURRENCY } from '@amiko/core';
import { newId } from '@amiko/db';
import { eq } from 'drizzle-orm';
import { expect, type Page } from '@playwright/test';
import type { AmikoProcess } from '../support/amiko-process.ts';
import type { TestMemberOptions } from '../support/members.ts';

// Steps of the payment journeys, shared with other journeys that pass through payment (messaging: an
// unpaid member's first message leads to /payment-info).

/** Stripe's settings emptied: the server runs payments in test mode, whatever the outer environment has. */
export const WITHOUT_STRIPE_KEYS = {
  STRIPE_SECRET_KEY: '',
  STRIPE_PUBLISHABLE_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STRIPE_API_BASE: '',
};

/** A member past onboarding who has neither paid nor early access (one of those after the first 500). */
export const UNPAID_MEMBER: TestMemberOptions = { access: 'none' };

/**
 * Takes every early-access place (the count the public number reads and places are granted from), so that
 * the next member is beyond early access.
 */
export async function takeAllEarlyAccessPlaces(amiko: AmikoProcess): Promise<void> {
  const { db, t } = amiko.db();
  await db
    .update(t.appCounters)
    .set({ value: EARLY_ACCESS_LIMIT })
    .where(eq(t.appCounters.name, 'earlyAccess'));
}

/** Picks a country in the payment form's country select. */
export async function chooseCountry(page: Page, name: string) {
  await page.getByRole('combobox', { name: /^Country/ }).fill(name);
  await page.getByRole('option', { name }).click();
}

/** On /payment-info in test mode: types one of Stripe's test cards and presses 'Pay 30.00 euro'. */
export async function payWithTestCard(page: Page, cardNumber: string) {
  await expect(page.getByTestId('test-mode-notice')).toContainText('Test mode — no real payment');
  await page.getByRole('textbox', { name: /^Card number/ }).fill(cardNumber);
  await page.getByRole('textbox', { name: /^Expiration date/ }).fill('12 / 40');
  await page.getByRole('textbox', { name: /^Security code/ }).fill('123');
  await chooseCountry(page, 'Germany');
  await page.getByRole('button', { name: 'Pay 30.00 euro' }).click();
}

/** On /payment-success: waits until the webhook's grant has arrived and the page shows it. */
export async function expectPaymentConfirmed(page: Page) {
  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your payment!' })).toBeVisible();
  await expect(page.getByTestId('payment-confirmed')).toHaveText(
    'Your payment is confirmed. Messaging is unlocked.',
  );
}

/** The signed-in member as the server's auth.me reports them, fetched by the page with its cookies. */
export async function sessionMember(page: Page): Promise<{ hasPaid: boolean; hasFreeAccess: boolean }> {
  return page.evaluate(async () => {
    const response = await fetch('/trpc/auth.me', { credentials: 'include' });
    const body = (await response.json()) as {
      result: { data: { hasPaid: boolean; hasFreeAccess: boolean } };
    };
    return body.result.data;
  });
}

/** On /messages with a conversation open: types a message and sends it with Enter. */
export async function sendMessage(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
}

/**
 * A payment the member started (pressed Pay) whose outcome has not arrived: what /payment-success waits for.
 * Stored as the server stores a started payment.
 */
export async function startedPayment(amiko: AmikoProcess, memberId: string): Promise<void> {
  const { db, t } = amiko.db();
  await db.insert(t.payments).values({
    id: newId(),
    memberId,
    stripePaymentIntentId: `pi_test_${newId()}`,
    amount: PRICE_CENTS,
    currency: PRICE_CURRENCY,
    status: 'created',
  });
}

/**
 * Records, from the page's first moment, whether a text was ever on screen (a redirect may take it away
 * before a test could look): read it with `everShown(page)`.
 */
export async function watchForText(page: Page, text: string): Promise<void> {
  await page.addInitScript((watched) => {
    const seen = () => document.body?.innerText.includes(watched) ?? false;
    const record = window as unknown as { __textShown?: boolean };
    record.__textShown = false;
    new MutationObserver(() => {
      if (!record.__textShown && seen()) record.__textShown = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, text);
}

export function everShown(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __textShown?: boolean }).__textShown === true);
}
