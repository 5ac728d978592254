import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { insertMember } from '../support/members.ts';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

// Pages a new member meets in their first hour (issue 30.10, 30.11, 30.13, 30.19): a confirmation that
// stays on the page they land on, a privacy policy that names every mail, a settings address that asks a
// visitor to sign in, and a German unsubscribe page that does not say "sign out".

// Each journey goes through several pages in two languages: with room for a machine shared with other work.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });
test.use({ actionTimeout: 20_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const TEXTS = {
  en: {
    email: 'Email',
    sendReset: 'Send reset link',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    reset: 'Reset Password',
    resetDone: 'Your password has been reset. Please sign in with your new password.',
    deleteButton: 'Delete Account',
    password: 'Password',
    deleteForGood: 'Delete my account for good',
    deleted: 'Your account has been deleted.',
    close: 'Close this notice',
    signInTab: 'Sign In',
  },
  de: {
    email: 'E-Mail',
    sendReset: 'Link zum Zurücksetzen senden',
    newPassword: 'Neues Passwort',
    confirmPassword: 'Passwort bestätigen',
    reset: 'Passwort zurücksetzen',
    resetDone: 'Dein Passwort wurde zurückgesetzt. Bitte melde dich mit deinem neuen Passwort an.',
    deleteButton: 'Konto löschen',
    password: 'Passwort',
    deleteForGood: 'Mein Konto endgültig löschen',
    deleted: 'Dein Konto wurde gelöscht.',
    close: 'Hinweis schließen',
    signInTab: 'Anmelden',
  },
} as const;

for (const language of ['en', 'de'] as const) {
  const text = TEXTS[language];

  test(`after a password reset, /auth says so until the member closes it (issue 30.10, ${language})`, async ({
    page,
    amiko,
  }) => {
    const member = await insertMember(amiko.db(), { language });
    await useLanguage(page, language);
    await page.goto('/reset-password-request');
    const before = Date.now();
    await page.getByLabel(text.email).fill(member.email);
    await page.getByRole('button', { name: text.sendReset }).click();
    const mail = await amiko.waitForMail(member.email, { subject: /./, after: before - 1000 });
    const link = /https?:\/\/\S+\/auth-action\?\S+/.exec(mail.text)![0];
    await page.goto(link);
    await page.getByLabel(text.newPassword).fill('Second-Lantern-77');
    await page.getByLabel(text.confirmPassword).fill('Second-Lantern-77');
    await page.getByRole('button', { name: text.reset }).click();
    await expect(page).toHaveURL(/\/auth$/);
    const notice = page.getByTestId('landing-notice');
    await expect(notice).toHaveText(text.resetDone);
    // A toast was gone after about 4 s: the notice is still there after 6, and after a reload.
    await page.waitForTimeout(6_000);
    await expect(notice).toBeVisible();
    await page.reload();
    await expect(notice).toHaveText(text.resetDone);
    await notice.getByRole('button', { name: text.close }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('tab', { name: text.signInTab })).toBeVisible();
  });

  test(`after deleting the account, the home page says so until the visitor closes it (issue 30.10, ${language})`, async ({
    page,
    context,
    amiko,
  }) => {
    const member = await signedInMember(amiko, context, { language });
    await useLanguage(page, language);
    await page.goto('/settings/account');
    await page.getByRole('button', { name: text.deleteButton }).click();
    const dialog = page.getByRole('dialog', { name: text.deleteButton });
    await dialog.getByRole('textbox', { name: text.password, exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: text.deleteForGood }).click();
    await expect(page).toHaveURL(new RegExp(`^${amiko.url}/$`));
    const notice = page.getByTestId('landing-notice');
    await expect(notice).toContainText(text.deleted);
    await page.waitForTimeout(6_000);
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: text.close }).click();
    await expect(notice).toHaveCount(0);
  });
}

test('the privacy policy names every mail Amiko sends, and pods, meetups, push and places, in English and German (issue 30.11)', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/privacy-policy');
  const policy = page.getByRole('article');
  for (const text of [
    'a notice to your previous address that it was changed',
    'the link to the copy of your data',
    'When someone writes to you while you are away from Amiko, we email you about it',
    'as one daily summary',
    'never contain the message itself',
    'the unsubscribe link',
    // and what came with pods, meetups, push and places (issues 31, 33-35)
    "the pod's last 50 messages",
    'Nobody is ever shown your answers',
    "contains a message's text only if you chose that there",
    'never an address or your exact location',
  ])
    await expect(policy).toContainText(text);

  await page.goto('/privacy-policy?lng=de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
  for (const text of [
    'einen Hinweis an deine bisherige Adresse, dass sie geändert wurde',
    'den Link zur Kopie deiner Daten',
    'Wenn dir jemand schreibt, während du nicht bei Amiko bist',
    'einmal täglich als Zusammenfassung',
    'enthalten aber nie die Nachricht selbst',
    'mit dem Link zum Abbestellen',
    'der letzten 50 Nachrichten des Pods',
    'Deine Antworten werden niemandem gezeigt',
    'den Text einer Nachricht enthält sie nur, wenn du das dort gewählt hast',
    'nie eine Adresse oder deinen genauen Standort',
  ])
    await expect(policy).toContainText(text);
});

test('any settings address sends a visitor to sign in; a member gets the not-found page (issue 30.13)', async ({
  page,
  browser,
  amiko,
}) => {
  for (const path of ['/settings/foo', '/settings/user-info/more']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
  const context = await browser.newContext({ baseURL: amiko.url });
  await signedInMember(amiko, context);
  const member = await context.newPage();
  await member.goto('/settings/foo');
  await expect(member).toHaveURL(/\/not-found$/);
  await context.close();
});

test('the German unsubscribe page says "Abbestellen", not "Abmelden" (issue 30.19)', async ({
  page,
  amiko,
}) => {
  const database = amiko.db();
  for (const [language, button, done] of [
    ['de', 'Abbestellen', 'Du hast die E-Mails abbestellt'],
    ['en', 'Unsubscribe', 'You are unsubscribed'],
  ] as const) {
    const member = await insertMember(database, { language });
    const key = randomBytes(24).toString('base64url');
    await database.db
      .update(database.t.members)
      .set({ unsubscribeKey: key })
      .where(eq(database.t.members.id, member.id));
    await page.goto(`/unsubscribe/messages?m=${member.id}&k=${key}`);
    await expect(page.getByRole('button', { name: button, exact: true })).toBeVisible();
    await expect(page.getByText('Abmelden')).toHaveCount(0);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByRole('heading', { name: done })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('abgemeldet');
  }
});
