import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { spawnAmiko, type Mail } from '../support/amiko-process.ts';
import { ONBOARDED_INTERESTS } from '../support/members.ts';
import { expect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

const PASSWORD = 'Tangerine-Otter-42';
const CHANGED_PASSWORD = 'Quiet-Harbour-51';
const RESET_PASSWORD = 'Second-Lantern-77';
/**
 * A story long enough to finish onboarding (300 characters). tests/support's ONBOARDED_STORY has 295, so
 * its "onboarded" members are still sent to /user-story; these journeys pass this one instead.
 */
const STORY =
  'I moved to Leipzig last spring for a new job and knew nobody at all. I love long walks by the river, board games on rainy evenings, cooking food from home for new friends, and learning the language of my neighbours. I am looking for people who like to talk about books, try new cafés and go hiking at the weekend.';
const ONBOARDED = { story: STORY };

/** The /auth-action link in a mail. */
function linkIn(mail: Mail): string {
  const match = /https?:\/\/\S+\/auth-action\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no action link in "${mail.subject}"`);
  return match[0];
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('accounts', () => {
  test('sign up, verify, sign in, change password, sign out, reset, sign in, change email, delete', async ({
    page,
    browser,
    amiko,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const email = `journey-${stamp}@example.com`;
    const newEmail = `moved-${stamp}@example.com`;

    // Sign up, with the form's own checks first.
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('1journey@example');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Ab1!');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await page.getByLabel('Name').fill('Journey Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    // The mail was just sent: a resend now is too soon.
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByTestId('resend-error')).toHaveText(
      'Please wait at least a minute before resending.',
    );

    // Read the mail in the dev mailbox and open its link on "another device" (no session there).
    const verification = await amiko.waitForMail(email, { subject: /verify/i });
    const device = await browser.newContext({ baseURL: amiko.url });
    const other = await device.newPage();
    await other.goto('/dev/mail');
    await expect(other.getByText(`To ${email}`)).toBeVisible();
    await other
      .getByRole('link', { name: linkIn(verification) })
      .first()
      .click();
    await expect(other.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
    await expect(other.getByText('Your email address has been verified.')).toBeVisible();
    await expect(other.getByText('Thank you for confirming that it is yours.')).toBeVisible();
    await expect(other.getByText('You can now sign in and start meeting people')).toBeVisible();
    // The first browser notices by itself and moves on to onboarding.
    await expect(page).toHaveURL(/\/interests-list$/, { timeout: 15_000 });

    // Onboarding (photo, 10 interests, a story) belongs to the profile screens; this journey fills it in
    // directly in the database so that it does not depend on them.
    const database = amiko.db();
    await database.db
      .update(database.t.members)
      .set({ photoKey: 'journey-photo.webp', interests: [...ONBOARDED_INTERESTS], story: STORY })
      .where(eq(database.t.members.email, email));

    // Sign in on the other device: a wrong password first, then the right one.
    await other.getByRole('link', { name: 'Go to Sign In' }).click();
    await expect(other).toHaveURL(/\/auth$/);
    await signIn(other, email, 'Wrong-pass-1');
    await expect(other.getByText('Incorrect password.')).toBeVisible();
    await signIn(other, email, PASSWORD);
    await expect(other).toHaveURL(/\/community$/);

    // Settings: the navigation, User Info saved through the profile.
    await other.goto('/settings');
    await expect(other).toHaveURL(/\/settings\/user-info$/);
    const nav = other.getByRole('navigation', { name: 'Settings sections' });
    for (const section of [
      'User Info',
      'Change Password',
      'Blocked Users',
      'Notifications',
      'Account Management',
    ]) {
      await expect(nav.getByRole('link', { name: section })).toBeVisible();
    }
    await expect(other.getByLabel('Name')).toHaveValue('Journey Tester');
    await other.getByLabel('Phone number').fill('call me');
    await other.getByLabel('City').fill('Leipzig');
    await other.getByRole('button', { name: 'Save changes' }).click();
    await expect(other.getByText('Invalid phone number')).toBeVisible();
    await other.getByLabel('Birthday').fill('2031-02-03');
    await other.getByRole('button', { name: 'Save changes' }).click();
    await expect(other.getByText('Invalid birthdate')).toBeVisible();
    await other.getByLabel('Birthday').fill('1991-02-03');
    await other.getByLabel('Phone number').fill('+49 341 123456');
    await other.getByRole('button', { name: 'Save changes' }).click();
    await expect(other.getByTestId('user-info-saved')).toHaveText('Your information has been saved.');
    await other.reload();
    await expect(other.getByLabel('City')).toHaveValue('Leipzig');
    await expect(other.getByLabel('Birthday')).toHaveValue('1991-02-03');

    // Change the password: this device stays signed in, the first browser is signed out.
    await nav.getByRole('link', { name: 'Change Password' }).click();
    await other.getByLabel('Current password').fill(PASSWORD);
    await other.getByRole('textbox', { name: 'New password', exact: true }).fill(CHANGED_PASSWORD);
    await other.getByLabel('Confirm new password').fill(`${CHANGED_PASSWORD}!`);
    await expect(other.getByText('Passwords do not match.')).toBeVisible();
    await other.getByLabel('Confirm new password').fill(CHANGED_PASSWORD);
    await other.getByRole('button', { name: 'Update Password' }).click();
    await expect(other.getByTestId('change-password-success')).toHaveText('Your password has been updated.');
    await page.goto('/settings/account');
    await expect(page).toHaveURL(/\/auth$/);

    // Sign out returns to /.
    await other.getByTestId('avatar-menu').click();
    await other.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(other).toHaveURL(new RegExp(`^${amiko.url}/$`));
    await other.goto('/settings/account');
    await expect(other).toHaveURL(/\/auth$/);

    // Reset the password by mail.
    await other.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(other).toHaveURL(/\/reset-password-request$/);
    await expect(other.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const before = Date.now();
    await other.getByLabel('Email').fill(email);
    await expect(other.getByLabel('Email')).toHaveValue(email);
    await other.getByRole('button', { name: 'Send reset link' }).click();
    await expect(other.getByTestId('reset-request-sent')).toContainText(
      'If an account exists for this address',
    );
    const reset = await amiko.waitForMail(email, { subject: /reset/i, after: before - 1000 });
    await other.goto(linkIn(reset));
    await other.getByLabel('New password').fill(RESET_PASSWORD);
    await other.getByLabel('Confirm password').fill('Something-else-1');
    await other.getByRole('button', { name: 'Reset Password' }).click();
    await expect(other.getByText('Passwords do not match.')).toBeVisible();
    await other.getByLabel('Confirm password').fill(RESET_PASSWORD);
    await other.getByRole('button', { name: 'Reset Password' }).click();
    await expect(other).toHaveURL(/\/auth$/);
    await expect(other.getByText('Your password has been reset.')).toBeVisible();

    // Sign in with the new password.
    await signIn(other, email, CHANGED_PASSWORD);
    await expect(other.getByText('Incorrect password.')).toBeVisible();
    await signIn(other, email, RESET_PASSWORD);
    await expect(other).toHaveURL(/\/community$/);

    // Change the email address: password re-check, a link to the new address, the old one told.
    await other.goto('/settings/account');
    await expect(other.getByTestId('current-email')).toHaveText(`Your email address: ${email}`);
    await other.getByRole('button', { name: 'Change Email' }).click();
    const changeEmail = other.getByRole('dialog', { name: 'Change Email' });
    await changeEmail.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-pass-1');
    await changeEmail.getByLabel('New email').fill(newEmail);
    await changeEmail.getByRole('button', { name: 'Send verification link' }).click();
    await expect(
      changeEmail.getByText('Authentication failed. Please check your credentials and try again.'),
    ).toBeVisible();
    await changeEmail.getByRole('textbox', { name: 'Password', exact: true }).fill(RESET_PASSWORD);
    await changeEmail.getByRole('button', { name: 'Send verification link' }).click();
    await expect(changeEmail.getByTestId('change-email-sent')).toContainText(
      `We have sent a verification link to ${newEmail}.`,
    );
    await changeEmail.getByRole('button', { name: 'Close' }).last().click();
    await expect(other.getByTestId('current-email')).toHaveText(`Your email address: ${email}`);
    const confirm = await amiko.waitForMail(newEmail, { subject: /new email address/i });
    await other.goto(linkIn(confirm));
    await expect(other.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
    await amiko.waitForMail(email, { subject: /was changed/i });
    await other.goto('/settings/account');
    await expect(other.getByTestId('current-email')).toHaveText(`Your email address: ${newEmail}`);

    // Delete the account: irreversible, password re-checked.
    await other.getByRole('button', { name: 'Delete Account' }).click();
    const deletion = other.getByRole('dialog', { name: 'Delete Account' });
    await expect(deletion.getByText('This cannot be undone.')).toBeVisible();
    await deletion.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await deletion.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(deletion.getByText('Incorrect password.')).toBeVisible();
    await deletion.getByRole('textbox', { name: 'Password', exact: true }).fill(RESET_PASSWORD);
    await deletion.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(other).toHaveURL(new RegExp(`^${amiko.url}/$`));
    await expect(other.getByText('Your account has been deleted.')).toBeVisible();
    await signIn(other, newEmail, RESET_PASSWORD);
    await expect(other.getByText('No user found with this email.')).toBeVisible();
    await device.close();
  });

  test('action links: a reset form without a code goes to /auth; bad codes say so', async ({
    page,
    context,
    amiko,
  }) => {
    await page.goto('/auth-action?mode=resetPassword');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/auth-action?mode=resetPassword&code=not-a-code');
    await page.getByLabel('New password').fill(RESET_PASSWORD);
    await page.getByLabel('Confirm password').fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByTestId('reset-error')).toHaveText('Invalid or expired reset code.');

    // A bad verification link: no resend for visitors, a resend for signed-in unverified members.
    await page.goto('/auth-action?mode=verifyEmail&code=not-a-code');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(
      page.getByText(
        'The verification link is invalid or has expired. Please request a new verification email.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
    await page.goto('/auth-action?mode=verifyEmail');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();

    const member = await signedInMember(amiko, context, { verified: false, onboarded: false });
    await page.goto('/auth-action?mode=verifyEmail&code=not-a-code');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByRole('button', { name: 'Verification email sent' })).toBeDisabled();
    await amiko.waitForMail(member.email, { subject: /verify/i });
    // Signed in but unverified: /auth sends them to /verify-email.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/verify-email$/);
  });

  test('a signed-in member who opens /auth goes to the community', async ({ page, context, amiko }) => {
    await signedInMember(amiko, context, ONBOARDED);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/community$/);
  });

  test('the texts in German', async ({ page, context, amiko }) => {
    await useLanguage(page, 'de');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Registrieren' }).click();
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByText('Name ist erforderlich')).toBeVisible();
    await expect(page.getByText('E-Mail-Adresse ist erforderlich')).toBeVisible();
    await page.getByLabel('E-Mail').fill('1x@example');
    await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('kurz');
    await page.getByRole('button', { name: 'Registrieren' }).click();
    await expect(page.getByText('Ungültiges E-Mail-Format')).toBeVisible();
    await expect(page.getByText('Das Passwort muss mindestens 8 Zeichen lang sein')).toBeVisible();

    await page.goto('/auth-action?mode=verifyEmail&code=falsch');
    await expect(page.getByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeVisible();
    await page.goto('/auth-action?mode=resetPassword&code=falsch');
    await page.getByLabel('Neues Passwort').fill(RESET_PASSWORD);
    await page.getByLabel('Passwort bestätigen').fill('Anderes-Passwort-1');
    await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
    await expect(page.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
    await page.getByLabel('Passwort bestätigen').fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
    await expect(page.getByTestId('reset-error')).toHaveText(
      'Ungültiger oder abgelaufener Code zum Zurücksetzen.',
    );

    await signedInMember(amiko, context, ONBOARDED);
    await page.goto('/settings/user-info');
    await expect(page.getByRole('heading', { name: 'Persönliche Daten', level: 2 })).toBeVisible();
    await page.getByLabel('Telefonnummer').fill('abc');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(page.getByText('Ungültige Telefonnummer')).toBeVisible();
    await page.getByLabel('Geburtstag').fill('2030-01-01');
    await page.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(page.getByText('Ungültiges Geburtsdatum')).toBeVisible();
    await page.goto('/settings/account');
    await page.getByRole('button', { name: 'E-Mail ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'E-Mail ändern' });
    await dialog.getByRole('textbox', { name: 'Passwort', exact: true }).fill('Falsches-Passwort-1');
    await dialog.getByLabel('Neue E-Mail-Adresse').fill('neu@example.com');
    await dialog.getByRole('button', { name: 'Bestätigungslink senden' }).click();
    await expect(
      dialog.getByText(
        'Anmeldung fehlgeschlagen. Bitte überprüfe deine Zugangsdaten und versuche es erneut.',
      ),
    ).toBeVisible();
  });

  test('settings work at 360 px wide, with a select for the sections', async ({ page, context, amiko }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signedInMember(amiko, context, ONBOARDED);
    await page.goto('/settings/user-info');
    await expect(page.getByRole('navigation', { name: 'Settings sections' })).toBeHidden();
    await page
      .getByRole('combobox', { name: 'Settings sections' })
      .selectOption({ label: 'Account Management' });
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(page.getByRole('heading', { name: 'Account Management', level: 2 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('over the limit, the sign-in form says "Too many requests"', async ({ page }) => {
    const limited = await spawnAmiko({
      env: { RATE_LIMITS: JSON.stringify({ 'signIn:account': { max: 2, windowMs: 60_000 } }) },
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        await page.goto(`${limited.url}/auth`);
        await page.getByLabel('Email').fill('someone@example.com');
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-pass-1');
        await page.getByRole('button', { name: 'Sign In' }).click();
        await expect(
          page.getByText(
            i < 2 ? 'No user found with this email.' : 'Too many requests. Please wait and try again later.',
          ),
        ).toBeVisible();
      }
    } finally {
      await limited.stop();
    }
  });
});
