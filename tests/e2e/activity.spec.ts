import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { insertMember } from '../support/members.ts';
import { expectAccessible } from './accessibility.ts';
import { expect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

// "Who is around" (issue 19.2) in the browser: cards and profiles show "Active now/today/this week", the
// directory orders by recent activity, and Settings → Privacy's "Show when I'm active" hides it both ways.

const screenshots = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A town of this file's own (a place of the gazetteer, issue 33): its id, and its name as typed. */
interface Town {
  id: number;
  name: string;
}
const HALLSTATT: Town = { id: 2776943, name: 'Hallstatt' };
const LONGYEARBYEN: Town = { id: 2729907, name: 'Longyearbyen' };

/** The directory filtered to one town (other journeys on this server add members elsewhere). */
async function directoryOf(page: Page, town: Town) {
  await page.goto('/community');
  // Wide screens open the filters at once, narrow ones behind a button.
  const toggle = page.getByRole('button', { name: /(Show|Hide) filters|Filter (anzeigen|ausblenden)/ });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const field = page
    .getByRole('form', { name: /Filters|Filter/ })
    .getByRole('combobox', { name: /^(City|Stadt)$/ });
  await field.fill(town.name);
  await page.getByRole('option', { name: new RegExp(`^${town.name},`) }).click();
  await page.getByRole('button', { name: /Apply filters|Filter anwenden/ }).click();
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

// Three members' browsers and the directory's first build on a worker's server: room for a loaded machine.
test.describe.configure({ timeout: 120_000 });

test('cards and profiles show a coarse activity sign, "Recently active" orders by it, and "Show when I\'m active" hides it both ways', async ({
  browser,
  amiko,
}) => {
  const city = HALLSTATT;
  const database = amiko.db();
  const joined = (days: number) => ago(days * 24 * 60 * MINUTE);
  // Joined in this order: "Newest members" would list Nils first.
  await insertMember(database, {
    name: 'Nora Now',
    placeId: city.id,
    city: null,
    lastActiveAt: ago(MINUTE),
    createdAt: joined(9),
  });
  await insertMember(database, {
    name: 'Theo Today',
    placeId: city.id,
    city: null,
    lastActiveAt: ago(180 * MINUTE),
    createdAt: joined(8),
  });
  await insertMember(database, {
    name: 'Wanda Week',
    placeId: city.id,
    city: null,
    lastActiveAt: ago(3 * 24 * 60 * MINUTE),
    createdAt: joined(7),
  });
  await insertMember(database, { name: 'Nils Never', placeId: city.id, city: null, createdAt: joined(1) });

  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    reducedMotion: 'reduce',
  });
  await signedInMember(amiko, context, { name: 'Vera', city: 'Elsewhere' });
  const page = await context.newPage();
  await directoryOf(page, city);
  await expect(card(page, 'Nils Never')).toBeVisible();
  await page.getByText('Recently active', { exact: true }).click();
  await expect(page.getByTestId('member-card').getByRole('heading')).toHaveText([
    'Nora Now',
    'Theo Today',
    'Wanda Week',
    'Nils Never',
  ]);
  await expect(card(page, 'Nora Now').getByTestId('activity-sign')).toHaveText('Active now');
  await expect(card(page, 'Theo Today').getByTestId('activity-sign')).toHaveText('Active today');
  await expect(card(page, 'Wanda Week').getByTestId('activity-sign')).toHaveText('Active this week');
  await expect(card(page, 'Nils Never').getByTestId('activity-sign')).toHaveCount(0);
  await page.screenshot({ path: `${screenshots}activity.png` });

  await card(page, 'Nora Now')
    .getByRole('link', { name: /View Profile/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nora Now' })).toBeVisible();
  await expect(page.getByTestId('activity-sign')).toHaveText('Active now');

  // Paula uses Amiko (her requests stamp her activity), so Vera sees her as active now.
  const paulaContext = await browser.newContext();
  await signedInMember(amiko, paulaContext, {
    name: 'Paula Private',
    placeId: city.id,
    city: null,
    createdAt: joined(20),
  });
  const paula = await paulaContext.newPage();
  await paula.goto('/settings/privacy');
  await expect(paula.getByRole('heading', { name: 'Privacy' })).toBeVisible();
  const showActivity = paula.getByRole('switch', { name: "Show when I'm active" });
  await expect(showActivity).toBeChecked();
  await expectAccessible(paula, { label: 'settings/privacy' });
  await directoryOf(page, city);
  await expect(card(page, 'Paula Private').getByTestId('activity-sign')).toHaveText('Active now');

  // Off: her sign is gone for Vera, and she sees nobody's (nor the "Recently active" order).
  await showActivity.click();
  await expect(paula.getByText('Privacy settings saved.')).toBeVisible();
  await expect(showActivity).not.toBeChecked();
  await page.reload();
  await directoryOf(page, city);
  await expect(card(page, 'Nora Now').getByTestId('activity-sign')).toHaveText('Active now');
  await expect(card(page, 'Paula Private')).toBeVisible();
  await expect(card(page, 'Paula Private').getByTestId('activity-sign')).toHaveCount(0);
  await directoryOf(paula, city);
  await expect(card(paula, 'Nora Now')).toBeVisible();
  await expect(paula.getByTestId('activity-sign')).toHaveCount(0);
  await expect(paula.getByText('Recently active', { exact: true })).toHaveCount(0);

  // Back on: both ways again.
  await paula.goto('/settings/privacy');
  await showActivity.click();
  await expect(showActivity).toBeChecked();
  await directoryOf(paula, city);
  await expect(card(paula, 'Nora Now').getByTestId('activity-sign')).toHaveText('Active now');
  await page.reload();
  await directoryOf(page, city);
  await expect(card(page, 'Paula Private').getByTestId('activity-sign')).toHaveText('Active now');
  await paulaContext.close();
  await context.close();
});

test('in German, with the privacy section reachable from the settings menu', async ({ browser, amiko }) => {
  const city = LONGYEARBYEN;
  await insertMember(amiko.db(), {
    name: 'Jana Jetzt',
    placeId: city.id,
    city: null,
    lastActiveAt: ago(MINUTE),
  });
  const context = await browser.newContext();
  await signedInMember(amiko, context, { name: 'Jörg', language: 'de' });
  const page = await context.newPage();
  await useLanguage(page, 'de');
  await page.goto('/settings/user-info?lng=de');
  await page.getByTestId('settings-nav').getByRole('link', { name: 'Privatsphäre' }).click();
  await expect(page).toHaveURL(/\/settings\/privacy$/);
  await expect(page.getByRole('switch', { name: 'Zeigen, wann ich aktiv bin' })).toBeChecked();
  await directoryOf(page, city);
  await expect(card(page, 'Jana Jetzt').getByTestId('activity-sign')).toHaveText('Gerade aktiv');
  await expect(page.getByText('Zuletzt aktiv', { exact: true })).toBeVisible();
  await context.close();
});
