import { fileURLToPath } from 'node:url';
import { expect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

// Icebreakers (issue 19.3): in an empty conversation, a line about the town both members live in, lines from
// the interests both share; one click puts a line in the message box, the member edits and sends it.

const screenshots = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

test('an empty conversation offers first lines from shared interests; the member edits one and sends it', async ({
  browser,
  amiko,
}) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    reducedMotion: 'reduce',
  });
  await signedInMember(amiko, context, {
    name: 'Ana',
    interests: [
      'hiking',
      'cooking',
      'reading',
      'yoga',
      'gardening',
      'boardGames',
      'volunteering',
      'baking',
      'movies',
      'museums',
    ],
  });
  const bruno = await signedInMember(amiko, await browser.newContext(), {
    name: 'Bruno',
    interests: [
      'hiking',
      'cooking',
      'chess',
      'travel',
      'painting',
      'pets',
      'golf',
      'opera',
      'coffee',
      'history',
    ],
  });
  const page = await context.newPage();
  await page.goto(`/messages?with=${bruno.id}`);
  const offered = page.getByTestId('icebreakers');
  const lines = offered.getByRole('button');
  await expect(lines).toHaveCount(3);
  const texts = await lines.allTextContents();
  expect(texts.filter((l) => l.includes('“Hiking”') || l.includes('“Cooking”'))).toHaveLength(2);
  await page.screenshot({ path: `${screenshots}icebreakers.png` });

  // The same lines on every visit: chosen per pair, not at random.
  await page.reload();
  await expect(lines).toHaveCount(3);
  expect(await lines.allTextContents()).toEqual(texts);

  await lines.first().click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await expect(composer).toHaveValue(texts[0]!);
  await expect(page.getByTestId('message')).toHaveCount(0);
  await composer.press('End');
  await composer.pressSequentially(' 🙂');
  await composer.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: `${texts[0]} 🙂` })).toBeVisible();
  await expect(offered).toBeHidden();
  await context.close();
});

test('in German', async ({ browser, amiko }) => {
  const context = await browser.newContext();
  await signedInMember(amiko, context, {
    name: 'Jörg',
    language: 'de',
    interests: [
      'hiking',
      'cooking',
      'reading',
      'yoga',
      'gardening',
      'boardGames',
      'volunteering',
      'baking',
      'movies',
      'museums',
    ],
  });
  const mia = await signedInMember(amiko, await browser.newContext(), {
    name: 'Mia',
    interests: [
      'hiking',
      'chess',
      'travel',
      'painting',
      'pets',
      'golf',
      'opera',
      'coffee',
      'history',
      'fishing',
    ],
  });
  const page = await context.newPage();
  await useLanguage(page, 'de');
  await page.goto(`/messages?with=${mia.id}`);
  const lines = page.getByTestId('icebreakers').getByRole('button');
  await expect(lines).toHaveCount(3);
  await expect(lines.first()).toHaveText(/„Wandern“/);
  await expect(lines.nth(1)).toHaveText(/^Ich habe .+ in deinem Profil gesehen/);
  await context.close();
});

test('a newcomer writing to someone of their new town is offered a line about the town first', async ({
  browser,
  amiko,
}) => {
  const context = await browser.newContext();
  await signedInMember(amiko, context, {
    name: 'Nia',
    city: 'Hamburg',
    newInTown: 'newHere',
    newInTownMonth: '2026-09',
    interests: [
      'hiking',
      'cooking',
      'reading',
      'yoga',
      'gardening',
      'boardGames',
      'volunteering',
      'baking',
      'movies',
      'museums',
    ],
  });
  const lea = await signedInMember(amiko, await browser.newContext(), {
    name: 'Lea',
    city: 'hamburg',
    welcomesNewcomers: true,
    interests: [
      'hiking',
      'chess',
      'travel',
      'painting',
      'pets',
      'golf',
      'opera',
      'coffee',
      'history',
      'fishing',
    ],
  });
  const page = await context.newPage();
  await page.goto(`/messages?with=${lea.id}`);
  const lines = page.getByTestId('icebreakers').getByRole('button');
  await expect(lines).toHaveCount(3);
  // Lea's city as she wrote it.
  await expect(lines.first()).toHaveText(
    "I'm new in hamburg. What's one place you'd tell a newcomer not to miss?",
  );
  await expect(lines.nth(1)).toHaveText(/“Hiking”/);
  await context.close();
});
