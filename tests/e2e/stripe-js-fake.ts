import type { Page } from '@playwright/test';

// A stand-in for Stripe.js (https://js.stripe.com), which these machines cannot reach: served in place of
// the real script by intercepting the request, it offers what Amiko uses of it (Elements for card number,
// expiry and CVC, and confirmCardPayment) with plain inputs instead of Stripe's frames. It answers like
// Stripe's test mode: 4000 0000 0000 0002 is declined with Stripe's text, other numbers succeed. What the
// page asked of it is kept in window.__stripeFake for the test to check.

const FAKE_STRIPE_JS = `
(() => {
  const record = (window.__stripeFake = { key: null, locale: null, elements: [], confirmations: [] });
  window.Stripe = function Stripe(key) {
    record.key = key;
    const mounted = {};
    const typeOf = (what) => (typeof what === 'string' ? what : what && what.__elementType);
    const createElement = (type) => {
      const listeners = {};
      const emit = (name, event) => (listeners[name] || []).forEach((fn) => fn(event));
      let input = null;
      const element = {
        mount(target) {
          const node = typeof target === 'string' ? document.querySelector(target) : target;
          input = document.createElement('input');
          input.setAttribute('data-fake-stripe', type);
          input.setAttribute('aria-label', 'Stripe ' + type);
          input.style.cssText = 'border:0;width:100%;font-size:16px;outline:none';
          input.addEventListener('input', () =>
            emit('change', { elementType: type, empty: !input.value, complete: input.value.length > 2 }),
          );
          node.appendChild(input);
          record.elements.push(type);
          setTimeout(() => emit('ready', element));
        },
        on(name, fn) { (listeners[name] = listeners[name] || []).push(fn); return element; },
        off(name, fn) { listeners[name] = (listeners[name] || []).filter((f) => f !== fn); return element; },
        update() {},
        focus() { input && input.focus(); },
        blur() { input && input.blur(); },
        clear() { if (input) input.value = ''; },
        unmount() { input && input.remove(); },
        destroy() { input && input.remove(); delete mounted[type]; },
        value() { return input ? input.value : ''; },
      };
      mounted[type] = element;
      return element;
    };
    return {
      elements(options) {
        record.locale = options && options.locale;
        return { create: createElement, getElement: (what) => mounted[typeOf(what)] || null, update() {} };
      },
      createToken: async () => ({}),
      createPaymentMethod: async () => ({}),
      async confirmCardPayment(clientSecret, data) {
        const card = data.payment_method.card;
        const number = card.value().replace(/\\s/g, '');
        const country = data.payment_method.billing_details.address.country;
        record.confirmations.push({ clientSecret, number, country });
        if (number === '4000000000000002') {
          return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
        }
        return { paymentIntent: { id: clientSecret.split('_secret_')[0], status: 'succeeded' } };
      },
    };
  };
})();
`;

export interface StripeJsRecord {
  key: string | null;
  locale: string | null;
  elements: string[];
  confirmations: { clientSecret: string; number: string; country: string }[];
}

/**
 * Serves the fake for every request to js.stripe.com and returns the URLs that were requested (the test
 * can also check that none was).
 */
export async function interceptStripeJs(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route('https://js.stripe.com/**', async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS });
  });
  return requested;
}

export function stripeJsRecord(page: Page): Promise<StripeJsRecord> {
  return page.evaluate(() => (window as unknown as { __stripeFake: StripeJsRecord }).__stripeFake);
}
