import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { RELAXED_RATE_LIMITS } from '../support/server.ts';
import { spawnAmiko } from '../support/amiko-process.ts';
import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { expectAccessible, prepareVisitor } from './site-support.ts';

// SPEC §3 and §5: the contact and feedback forms validate like the server does, store what was sent, mail
// it to the team (TEAM_EMAIL), and say so when the server refuses (its rate limit, or no server at all).

const TEAM = 'team@amiko.local';

async function fillContact(
  page: Page,
  values: { name: string; email: string; subject: string; message: string },
) {
  await page.getByLabel('Name').fill(values.name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Subject').fill(values.subject);
  await page.getByLabel('Message').fill(values.message);
}

async function fillFeedback(page: Page, suggestions: string) {
  // Keyboard only: the rating's stars are radio buttons, usable once the page's app runs (the prerendered
  // form is disabled until then).
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeEnabled();
  await page.getByRole('radio', { name: '4 stars' }).focus();
  await page.keyboard.press('Space');
  await page.getByLabel('Type of feedback').selectOption({ label: 'Suggestion for improvement' });
  await page.getByLabel('What could we improve?').fill(suggestions);
  await page.getByLabel('What did you like?').fill('The kind people');
  await page.getByRole('radio', { name: 'Easy', exact: true }).check();
  await page.getByLabel('Additional comments').fill('Keep going!');
}

test.describe('contact form', () => {
  test('every field is required, the address must look like one; in German too', async ({ page }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Send message' }).click();
    const form = page.getByRole('form', { name: 'Contact us' });
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('This field is required');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
    await expect(page.getByLabel('Subject')).toHaveAccessibleDescription('This field is required');
    await expect(page.getByLabel('Message')).toHaveAccessibleDescription('This field is required');
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Email').fill('1ana@example.com');
    await page.getByLabel('Email').blur();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email format');
    await expectAccessible(page);
    await expect(form).toBeVisible();

    await page.goto('/contact-us?lng=de');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Dieses Feld ist erforderlich');
  });

  test('a visitor’s message is stored, mailed to the team, and thanked for', async ({ page, amiko }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/contact-us');
    const subject = `Hello from a journey ${Date.now()}`;
    await fillContact(page, {
      name: 'Ana Example',
      email: 'Ana@Example.com',
      subject,
      message: 'I just moved to Leipzig. Are there members nearby?',
    });
    await page.getByRole('button', { name: 'Send message' }).click();
    const success = page.getByTestId('contact-success');
    await expect(success.getByRole('heading', { name: 'Thank you for your message!' })).toBeFocused();
    await expect(success).toContainText('will answer you at ana@example.com');

    const { db, t } = amiko.db();
    const [row] = await db.select().from(t.contactMessages).where(eq(t.contactMessages.subject, subject));
    expect(row).toMatchObject({
      name: 'Ana Example',
      email: 'ana@example.com',
      memberId: null,
      language: 'en',
    });
    const mail = await amiko.waitForMail(TEAM, { subject: new RegExp(subject) });
    expect(mail.text).toContain('I just moved to Leipzig. Are there members nearby?');

    await success.getByRole('button', { name: 'Send another message' }).click();
    await expect(page.getByLabel('Subject')).toHaveValue('');
  });

  test('a member’s name and address are filled in, and their id is stored', async ({
    page,
    context,
    amiko,
  }) => {
    const member = await signedInMember(amiko, context, { name: 'Mara Member' });
    await prepareVisitor(page, { language: 'de' });
    await page.goto('/contact-us');
    await expect(page.getByLabel('Name')).toHaveValue('Mara Member');
    await expect(page.getByLabel('E-Mail')).toHaveValue(member.email);
    await page.getByLabel('Betreff').fill('Von einem Mitglied');
    await page.getByRole('textbox', { name: 'Nachricht' }).fill('Hallo Team!');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(page.getByTestId('contact-success')).toContainText('Danke für deine Nachricht!');
    const { db, t } = amiko.db();
    const [row] = await db
      .select()
      .from(t.contactMessages)
      .where(eq(t.contactMessages.subject, 'Von einem Mitglied'));
    expect(row).toMatchObject({ memberId: member.id, language: 'de' });
  });

  test('when the server refuses (its rate limit), the form says so and keeps the input', async ({ page }) => {
    const limited = await spawnAmiko({
      env: {
        RATE_LIMITS: JSON.stringify({
          ...RELAXED_RATE_LIMITS,
          'contact:ip': { max: 1, windowMs: 3_600_000 },
        }),
      },
    });
    try {
      await prepareVisitor(page, { language: 'en' });
      await page.goto(`${limited.url}/contact-us`);
      const values = { name: 'Ana', email: 'ana@example.com', subject: 'First', message: 'One' };
      await fillContact(page, values);
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByRole('button', { name: 'Send another message' }).click();
      await fillContact(page, { ...values, subject: 'Second' });
      await page.getByRole('button', { name: 'Send message' }).click();
      const error = page.getByTestId('form-error');
      await expect(error).toContainText('Error sending message. Please try again.');
      await expect(error).toContainText('Too many requests. Please wait and try again later.');
      await expect(page.getByLabel('Subject')).toHaveValue('Second');
      const rows = await limited.db().db.select().from(limited.db().t.contactMessages);
      expect(rows.map((r) => r.subject)).toEqual(['First']);
    } finally {
      await limited.stop();
    }
  });
});

test.describe('feedback form', () => {
  test('rating, type, suggestions, likes and ease are required; comments are not', async ({ page }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/feedback');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    const main = page.getByRole('main');
    await expect(main).toContainText('Please choose a rating from 1 to 5.');
    await expect(page.getByLabel('Type of feedback')).toHaveAccessibleDescription(
      'Please choose the type of your feedback.',
    );
    await expect(page.getByLabel('What could we improve?')).toHaveAccessibleDescription(
      'This field is required',
    );
    await expect(page.getByLabel('What did you like?')).toHaveAccessibleDescription('This field is required');
    await expect(main).toContainText('Please tell us how easy it was to connect.');
    await expect(page.getByLabel('Additional comments')).not.toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    // The five levels of SPEC §3, in order.
    await expect(
      page.getByRole('radiogroup', { name: 'How easy was it to connect with people?' }).getByRole('radio'),
    ).toHaveCount(5);
  });

  test('a visitor’s feedback is stored and mailed to the team', async ({ page, amiko }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/feedback');
    const suggestions = `More hiking groups ${Date.now()}`;
    await fillFeedback(page, suggestions);
    await page.getByRole('button', { name: 'Send feedback' }).click();
    const success = page.getByTestId('feedback-success');
    await expect(success.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeFocused();

    const { db, t } = amiko.db();
    const [row] = await db.select().from(t.feedback).where(eq(t.feedback.suggestions, suggestions));
    expect(row).toMatchObject({
      rating: 4,
      type: 'suggestionForImprovement',
      liked: 'The kind people',
      easeOfConnection: 'easy',
      comments: 'Keep going!',
      memberId: null,
      language: 'en',
    });
    const mail = await amiko.waitForMail(TEAM, {
      subject: /Feedback: Suggestion for improvement, rated 4 of 5/,
    });
    expect(mail.text).toContain(suggestions);
  });

  test('a member’s feedback keeps their id', async ({ page, context, amiko }) => {
    const member = await signedInMember(amiko, context);
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/feedback');
    const suggestions = `From a member ${Date.now()}`;
    await fillFeedback(page, suggestions);
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByTestId('feedback-success')).toBeVisible();
    const { db, t } = amiko.db();
    const [row] = await db.select().from(t.feedback).where(eq(t.feedback.suggestions, suggestions));
    expect(row?.memberId).toBe(member.id);
  });

  test('when the server is gone, the form says so and nothing is lost', async ({ page }) => {
    const doomed = await spawnAmiko();
    await prepareVisitor(page, { language: 'en' });
    await page.goto(`${doomed.url}/feedback`);
    await fillFeedback(page, 'Sent into the void');
    await doomed.stop();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    const error = page.getByTestId('form-error');
    await expect(error).toContainText('Error submitting feedback. Please try again.');
    await expect(error).toContainText('Amiko cannot be reached. Please check your connection.');
    await expect(page.getByLabel('What could we improve?')).toHaveValue('Sent into the void');
  });
});
