import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { deliverEvent, startStripeFake, type StripeFake } from '../support/stripe-fake.ts';
import { expectAccessible } from './accessibility.ts';
import { expect, test, useLanguage } from './fixtures.ts';
import { insertMember } from '../support/members.ts';
import { signedInMember } from './members.ts';
import {
  chooseCountry,
  everShown,
  expectPaymentConfirmed,
  payWithTestCard,
  sendMessage,
  sessionMember,
  startedPayment,
  takeAllEarlyAccessPlaces,
  UNPAID_MEMBER,
  watchForText,
  WITHOUT_STRIPE_KEYS,
} from './payment-steps.ts';
import { interceptStripeJs, stripeJsRecord } from './stripe-js-fake.ts';

/** Waits until /payment-success has asked the server once more whether the payment went through. */
async function nextStatusCheck(page: Page) {
  await page.waitForResponse((response) => /\/trpc\/[^?]*payments\.status/.test(response.url()));
}

test.describe('pricing', () => {
  // The worker's server: a handful of members, so early access is still open.
  const destinations = async (page: Page) => ({
    early: await page.getByTestId('pricing-earlyAccess').getByRole('link').getAttribute('href'),
    standard: await page.getByTestId('pricing-standardAccess').getByRole('link').getAttribute('href'),
  });

  test('shows both cards with what they include, and sends visitors to sign up', async ({ page }) => {
    await page.goto('/pricing');
    for (const [card, title, price] of [
      ['earlyAccess', 'Early Access', 'Free for the first 500 users'],
      ['standardAccess', 'Standard Access', '30 euros'],
    ] as const) {
      const section = page.getByTestId(`pricing-${card}`);
      await expect(section.getByRole('heading', { name: title })).toBeVisible();
      await expect(section).toContainText(price);
      await expect(section.getByRole('listitem')).toHaveText([
        'Community access',
        'Full profile customization',
        'Unlimited messaging',
      ]);
    }
    expect(await destinations(page)).toEqual({ early: '/auth?tab=signUp', standard: '/auth?tab=signUp' });
  });

  test('leads members by their access: free and paid to /community, others to pay', async ({
    page,
    context,
    amiko,
  }) => {
    await signedInMember(amiko, context, UNPAID_MEMBER);
    await page.goto('/pricing');
    expect(await destinations(page)).toEqual({ early: '/community', standard: '/payment-info' });

    for (const [access, card] of [
      ['free', 'earlyAccess'],
      ['paid', 'standardAccess'],
    ] as const) {
      const other = await context.browser()!.newContext();
      const otherPage = await other.newPage();
      await signedInMember(amiko, other, { access });
      await otherPage.goto(`${amiko.url}/pricing`);
      expect(await destinations(otherPage), access).toEqual({ early: '/community', standard: '/community' });
      await expect(otherPage.getByTestId(`pricing-${card}`)).toContainText('Your access');
      await other.close();
    }
  });

  test('shows a loading indicator while the member count loads, and reads in German', async ({ page }) => {
    await useLanguage(page, 'de');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/**meta.memberCount**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-loading')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Früher Zugang' })).toBeVisible();
    await expect(page.getByTestId('pricing-standardAccess')).toContainText('30 Euro');
  });
});

test.describe('paying in test mode (no Stripe keys)', () => {
  // A server of its own, with all 500 early-access places taken.
  let amiko: AmikoProcess;
  test.beforeAll(async () => {
    amiko = await spawnAmiko({ env: WITHOUT_STRIPE_KEYS });
    await takeAllEarlyAccessPlaces(amiko);
  });
  test.afterAll(() => amiko?.stop());

  test('beyond the first 500, the Free card offers nothing and only Standard Access leads to /payment-info', async ({
    page,
    context,
    browser,
  }) => {
    // Issue 18.2: the Free card says its places are gone, and its button is no way to the payment.
    const expectNoFreeAction = async (target: Page) => {
      const early = target.getByTestId('pricing-earlyAccess');
      await expect(early).toContainText('All early-access places are taken');
      await expect(early.getByRole('button', { name: 'No free places left' })).toBeDisabled();
      await expect(early.getByRole('link')).toHaveCount(0);
      await expect(target.getByRole('link', { name: 'Get Early Access' })).toHaveCount(0);
    };
    await signedInMember(amiko, context, UNPAID_MEMBER);
    await page.goto(`${amiko.url}/pricing`);
    await expectNoFreeAction(page);
    await page.getByRole('link', { name: 'Get Standard Access' }).click();
    await expect(page).toHaveURL(/\/payment-info$/);

    // A visitor is not sent to sign up for a free place either.
    const visitor = await browser.newPage();
    await visitor.goto(`${amiko.url}/pricing`);
    await expectNoFreeAction(visitor);
    await expect(visitor.getByRole('link', { name: 'Get Standard Access' })).toHaveAttribute(
      'href',
      '/auth?tab=signUp',
    );
    await visitor.close();
  });

  test('/payment-success thanks nobody who has no payment in progress: they go to /pricing', async ({
    page,
    context,
  }) => {
    // Issue 18.3: opened by hand, from Back or a bookmark, by a member who never paid.
    await watchForText(page, 'Thank you for your payment of 30 euros.');
    await signedInMember(amiko, context, UNPAID_MEMBER);
    await page.goto(`${amiko.url}/payment-success`);
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByTestId('pricing-standardAccess')).toBeVisible();
    expect(await everShown(page)).toBe(false);
    expect(await sessionMember(page)).toMatchObject({ hasPaid: false });
  });

  test('a member beyond the first 500 tries to message, lands on /payment-info, pays with 4242, then messages', async ({
    page,
    context,
  }) => {
    const stripeJs = await interceptStripeJs(page);
    const friend = await insertMember(amiko.db(), { name: 'Cleo' });
    const member = await signedInMember(amiko, context, UNPAID_MEMBER);

    // The first attempt to send leads to payment, and nothing is sent.
    await page.goto(`${amiko.url}/messages?with=${friend.id}`);
    await sendMessage(page, 'Hello Cleo!');
    await expect(page).toHaveURL(/\/payment-info$/);
    const { db, t } = amiko.db();
    expect(await db.select().from(t.messages).where(eq(t.messages.senderId, member.id))).toEqual([]);

    await payWithTestCard(page, '4242 4242 4242 4242');
    await expectPaymentConfirmed(page);
    await expect(page.getByRole('link', { name: 'Go to the community' })).toHaveAttribute(
      'href',
      '/community',
    );
    await expect(
      page.getByRole('link', { name: 'Questions about your payment? Contact us' }),
    ).toHaveAttribute('href', '/contact-us');
    expect(await sessionMember(page)).toMatchObject({ hasPaid: true });
    const [row] = await db.select().from(t.members).where(eq(t.members.id, member.id));
    expect(row?.hasPaid).toBe(true);

    // Paid: the message goes through now.
    await page.goto(`${amiko.url}/messages?with=${friend.id}`);
    await sendMessage(page, 'Hello Cleo!');
    await expect(page.getByTestId('message').filter({ hasText: 'Hello Cleo!' })).toBeVisible();
    await expect
      .poll(async () => (await db.select().from(t.messages).where(eq(t.messages.senderId, member.id))).length)
      .toBe(1);

    // /payment-info has nothing more to ask and sends the member on to the community.
    await page.goto(`${amiko.url}/payment-info`);
    await expect(page).toHaveURL(/\/community$/);
    // Test mode never loads Stripe.js.
    expect(stripeJs).toEqual([]);
  });

  test('the first message waits as a draft through the payment, and the member is led back to it', async ({
    page,
    context,
  }) => {
    // Issue 18.1: before, Back from /payment-info showed an empty box and /payment-success only offered the
    // community.
    const friend = await insertMember(amiko.db(), { name: 'Dora' });
    const member = await signedInMember(amiko, context, UNPAID_MEMBER);
    const composer = page.getByRole('textbox', { name: 'Message' });
    const text = 'Hello Dora! I moved to Lisbon last month and love hiking too.';

    // Before writing, the profile and the empty conversation say that messaging needs the payment.
    await page.goto(`${amiko.url}/profile-view/${friend.id}`);
    const onProfile = page.getByTestId('payment-needed');
    await expect(onProfile).toHaveText(
      'Sending messages needs the one-time payment of 30 euros. What you write is kept while you pay. See pricing',
    );
    await expect(onProfile.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
    await page.getByRole('link', { name: 'Message', exact: true }).click();
    await expect(page.getByTestId('thread-empty')).toBeVisible();
    await expect(
      page.getByTestId('payment-needed').getByRole('link', { name: 'See pricing' }),
    ).toHaveAttribute('href', '/pricing');

    // The typed text survives a reload, and pressing Enter leads to the payment with nothing sent.
    await composer.fill(text);
    await page.reload();
    await expect(composer).toHaveValue(text);
    await composer.press('Enter');
    await expect(page).toHaveURL(/\/payment-info$/);
    const { db, t } = amiko.db();
    expect(await db.select().from(t.messages).where(eq(t.messages.senderId, member.id))).toEqual([]);

    // Back, once the payment form shows: the message is still in the box.
    await expect(page.getByTestId('test-card-form')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/messages\\?with=${friend.id}$`));
    await expect(composer).toHaveValue(text);

    // Paid: the success page leads back to Dora, with the message in the box, ready to send.
    await page.goForward();
    await payWithTestCard(page, '4242 4242 4242 4242');
    await expectPaymentConfirmed(page);
    await page.getByRole('link', { name: 'Back to your conversation with Dora' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?with=${friend.id}$`));
    await expect(page.getByTestId('payment-needed')).toHaveCount(0);
    await expect(composer).toHaveValue(text);
    await composer.press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: text })).toBeVisible();
    await expect(composer).toHaveValue('');

    // Sent, the draft is gone: a reload shows an empty box.
    await page.reload();
    await expect(page.getByTestId('message').filter({ hasText: text })).toBeVisible();
    await expect(composer).toHaveValue('');
  });

  test('a declined card shows the error and grants nothing', async ({ page, context }) => {
    const member = await signedInMember(amiko, context, UNPAID_MEMBER);
    await page.goto(`${amiko.url}/payment-info`);
    await payWithTestCard(page, '4000 0000 0000 0002');
    await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/payment-info$/);
    await expect(page.getByRole('button', { name: 'Pay 30.00 euro' })).toBeEnabled();
    expect(await sessionMember(page)).toMatchObject({ hasPaid: false });
    const { db, t } = amiko.db();
    const [row] = await db.select().from(t.members).where(eq(t.members.id, member.id));
    expect(row?.hasPaid).toBe(false);
    // The success page, opened by hand, grants nothing either: with no payment in progress (the card was
    // declined) it has nothing to thank for and sends the member to pricing (issue 18.3).
    await watchForText(page, 'Thank you for your payment of 30 euros.');
    await page.goto(`${amiko.url}/payment-success`);
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByTestId('pricing-standardAccess')).toBeVisible();
    expect(await everShown(page)).toBe(false);
    expect(await sessionMember(page)).toMatchObject({ hasPaid: false });
  });

  test("checks the fields, and reads 'Processing...' while paying", async ({ page, context }) => {
    await signedInMember(amiko, context, UNPAID_MEMBER);
    await page.goto(`${amiko.url}/payment-info`);
    await page.getByRole('button', { name: 'Pay 30.00 euro' }).click();
    await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
    await expect(page.getByText("Your card's expiration date is incomplete.")).toBeVisible();
    await expect(page.getByText("Your card's security code is incomplete.")).toBeVisible();
    await expect(page.getByText('Please select your country.')).toBeVisible();

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/payments.confirmTestPayment**', async (route) => {
      await held;
      await route.continue();
    });
    await payWithTestCard(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('pay-button')).toHaveText('Processing...');
    await expect(page.getByTestId('pay-button')).toBeDisabled();
    release();
    await expectPaymentConfirmed(page);
  });
});

test.describe('accessibility of the payment screens', () => {
  test('pricing, payment and success pages have no WCAG 2 A/AA violations, also at 360 px', async ({
    page,
    context,
    amiko,
  }) => {
    const member = await signedInMember(amiko, context, UNPAID_MEMBER);
    await startedPayment(amiko, member.id); // /payment-success waits for it
    const check = async (path: string, ready: string) => {
      await page.goto(path);
      await page.getByTestId(ready).waitFor();
      await expectAccessible(page, { strict: true, label: path });
    };
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await check('/pricing', 'pricing-standardAccess');
      await check('/payment-info', 'test-card-form');
      await page.getByRole('button', { name: 'Pay 30.00 euro' }).click(); // with its error messages
      await expectAccessible(page, { strict: true, label: '/payment-info with errors' });
      await check('/payment-success', 'payment-waiting');
    }
  });
});

test.describe('paying with Stripe (keys configured)', () => {
  // Amiko's server talks to a local fake of Stripe's API; the browser gets a fake of Stripe.js.
  let fake: StripeFake;
  let amiko: AmikoProcess;
  test.beforeAll(async () => {
    fake = await startStripeFake();
    amiko = await spawnAmiko({ env: fake.env });
  });
  test.afterAll(async () => {
    await amiko?.stop();
    await fake?.stop();
  });

  test('loads Stripe.js with the configured key, pays through Elements, and waits for the webhook', async ({
    page,
    context,
  }) => {
    const stripeJs = await interceptStripeJs(page);
    const member = await signedInMember(amiko, context, UNPAID_MEMBER);
    await page.goto(`${amiko.url}/payment-info`);
    await expect(page.getByTestId('stripe-card-form')).toBeVisible();
    await expect(page.getByTestId('test-mode-notice')).toHaveCount(0);
    expect(stripeJs).toHaveLength(1);
    expect(stripeJs[0]).toMatch(/^https:\/\/js\.stripe\.com\//);
    const record = await stripeJsRecord(page);
    expect(record.key).toBe(fake.publishableKey);
    expect(record.locale).toBe('en');
    expect(record.elements.sort()).toEqual(['cardCvc', 'cardExpiry', 'cardNumber']);

    const cardNumber = page.locator('[data-fake-stripe="cardNumber"]');
    await cardNumber.fill('4000 0000 0000 0002');
    await page.locator('[data-fake-stripe="cardExpiry"]').fill('12 / 40');
    await page.locator('[data-fake-stripe="cardCvc"]').fill('123');
    await chooseCountry(page, 'Austria');
    await page.getByRole('button', { name: 'Pay 30.00 euro' }).click();
    // Stripe's own decline text.
    await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
    expect(await sessionMember(page)).toMatchObject({ hasPaid: false });

    await cardNumber.fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay 30.00 euro' }).click();
    await expect(page).toHaveURL(/\/payment-success$/);
    const [intent] = fake.intentsOf(member.id);
    expect(intent).toMatchObject({ amount: 3000, currency: 'eur' });
    expect((await stripeJsRecord(page)).confirmations).toEqual([
      { clientSecret: intent!.client_secret, number: '4000000000000002', country: 'AT' },
      { clientSecret: intent!.client_secret, number: '4242424242424242', country: 'AT' },
    ]);

    // Stripe took the money, but its webhook has not arrived: the page waits and says so, and still does
    // after it has asked the server again.
    await expect(page.getByTestId('payment-waiting')).toBeVisible();
    await nextStatusCheck(page);
    await expect(page.getByTestId('payment-waiting')).toBeVisible();
    expect(await sessionMember(page)).toMatchObject({ hasPaid: false });

    const delivered = await deliverEvent(amiko.url, fake.webhookSecret, fake.succeed(intent!.id));
    expect(delivered.body.outcome).toBe('granted');
    await expectPaymentConfirmed(page);
    expect(await sessionMember(page)).toMatchObject({ hasPaid: true });
  });
});
