import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';

// Report from anywhere a member appears (issue 19.5): from the conversation's menu and from the directory
// card, with the profile's dialog; each report reaches the team's table.

const screenshots = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

async function report(page: Page, name: string, reason: string, note: string, screenshot?: string) {
  const dialog = page.getByRole('dialog', { name: `Report ${name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByLabel('Note for our team (optional)').fill(note);
  if (screenshot) await page.screenshot({ path: `${screenshots}${screenshot}` });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Our team will look into it.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a member reports from the conversation’s menu and from a directory card', async ({
  browser,
  amiko,
}) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    reducedMotion: 'reduce',
  });
  const ana = await signedInMember(amiko, context, { name: 'Ana' });
  const bruno = await signedInMember(amiko, await browser.newContext(), { name: 'Bruno', city: 'Hamburg' });
  const page = await context.newPage();

  await page.goto(`/messages?with=${bruno.id}`);
  await page.getByRole('button', { name: 'Conversation options' }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  await report(page, 'Bruno', 'Harassment or threats', 'From the chat', 'report-from-chat.png');

  await page.goto('/community');
  // Other journeys on this worker's server may have a Bruno too: this one lives in Hamburg.
  const card = page.getByRole('article', { name: 'Bruno' }).filter({ hasText: 'Hamburg' });
  await card.getByRole('button', { name: 'Report Bruno' }).click();
  await report(page, 'Bruno', 'Fake profile', 'From the directory');

  const { db, t } = amiko.db();
  const rows = await db.select().from(t.reports).where(eq(t.reports.reporterId, ana.id));
  expect(rows.map((r) => [r.reportedId, r.reason, r.note]).sort()).toEqual(
    [
      [bruno.id, 'harassment', 'From the chat'],
      [bruno.id, 'fakeProfile', 'From the directory'],
    ].sort(),
  );
  await context.close();
});
