import type { Page } from '@playwright/test';
import { spawnAmiko, type Mail } from '../support/amiko-process.ts';
import { insertMember } from '../support/members.ts';
import { expect, test, useLanguage } from './fixtures.ts';
import { signedInMember, signInContext } from './members.ts';

// Each flow of an account's life is a test of its own (a failure names the flow), on the worker's one
// server; the flows after sign-up start from a member put straight into the database.

// The flows do not depend on each other: CI may spread them over both workers (each with its one server),
// so that no single long test holds a worker while the other waits.
test.describe.configure({ mode: 'parallel' });

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
  test('sign up: the form checks its fields and the password, then asks to verify the address', async ({
    page,
    amiko,
  }) => {
    const email = `journey-${Date.now()}@example.com`;

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
    // A password made of the address's name is refused, and the member is told why (issue 18.7).
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`${email.split('@')[0]}-X!`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(
      page.getByText('The password is too weak. It contains your name or your email address.'),
    ).toBeVisible();
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
    await amiko.waitForMail(email, { subject: /verify/i });
  });

  test('verify: the link opened on another device verifies, and the first browser moves on by itself', async ({
    page,
    context,
    browser,
    amiko,
  }) => {
    const member = await signedInMember(amiko, context, {
      verified: false,
      onboarded: false,
      name: 'Journey Tester',
    });
    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { name: 'Verify your email address' })).toBeVisible();
    await page.getByRole('button', { name: 'Resend verification email' }).click();

    // Read the mail in the dev mailbox and open its link on "another device" (no session there).
    const verification = await amiko.waitForMail(member.email, { subject: /verify/i });
    const device = await browser.newContext({ baseURL: amiko.url });
    const other = await device.newPage();
    await other.goto('/dev/mail');
    await expect(other.getByText(`To ${member.email}`)).toBeVisible();
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
    // Not signed in there: the way on is signing in.
    await other.getByRole('link', { name: 'Go to Sign In' }).click();
    await expect(other).toHaveURL(/\/auth$/);
    await device.close();
  });

  test('sign in: a wrong password is refused, the right one opens the community', async ({ page, amiko }) => {
    const member = await insertMember(amiko.db(), ONBOARDED);
    await signIn(page, member.email, 'Wrong-pass-1');
    await expect(page.getByText('Incorrect password.')).toBeVisible();
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/community$/);
  });

  test('settings: the sections, and User Info checked and saved through the profile', async ({
    page,
    context,
    amiko,
  }) => {
    await signedInMember(amiko, context, { ...ONBOARDED, name: 'Journey Tester' });
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings\/user-info$/);
    const nav = page.getByRole('navigation', { name: 'Settings sections' });
    for (const section of [
      'User Info',
      'Change Password',
      'Blocked Users',
      'Notifications',
      'Privacy',
      'Account Management',
    ]) {
      await expect(nav.getByRole('link', { name: section })).toBeVisible();
    }
    await expect(page.getByLabel('Name')).toHaveValue('Journey Tester');
    await page.getByLabel('Phone number').fill('call me');
    // The city is a place, picked from what the server finds (issue 33).
    await page.getByRole('combobox', { name: 'City', exact: true }).fill('Leipz');
    await page.getByRole('option', { name: 'Leipzig, Saxony, Germany' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await page.getByLabel('Birthday').fill('2031-02-03');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Invalid birthdate')).toBeVisible();
    await page.getByLabel('Birthday').fill('1991-02-03');
    await page.getByLabel('Phone number').fill('+49 341 123456');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('user-info-saved')).toHaveText('Your information has been saved.');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'City', exact: true })).toHaveValue('Leipzig');
    await expect(page.getByLabel('Birthday')).toHaveValue('1991-02-03');
  });

  test('change password: this device stays signed in, the member’s other browser is signed out', async ({
    page,
    context,
    browser,
    amiko,
  }) => {
    const member = await insertMember(amiko.db(), ONBOARDED);
    await signInContext(amiko, context, member.id);
    const firstDevice = await browser.newContext({ baseURL: amiko.url });
    await signInContext(amiko, firstDevice, member.id);
    const first = await firstDevice.newPage();

    await page.goto('/settings');
    await page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Change Password' })
      .click();
    await page.getByLabel('Current password').fill(member.password);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(CHANGED_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${CHANGED_PASSWORD}!`);
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill(CHANGED_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByTestId('change-password-success')).toHaveText('Your password has been updated.');
    await first.goto('/settings/account');
    await expect(first).toHaveURL(/\/auth$/);
    await page.goto('/settings/account');
    await expect(page).toHaveURL(/\/settings\/account$/);
    await firstDevice.close();
  });

  test('sign out returns to /, and member pages then ask to sign in', async ({ page, context, amiko }) => {
    await signedInMember(amiko, context, ONBOARDED);
    await page.goto('/settings/account');
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(new RegExp(`^${amiko.url}/$`));
    await page.goto('/settings/account');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('reset the password by mail: the new password signs in, the old one no longer', async ({
    page,
    amiko,
  }) => {
    const member = await insertMember(amiko.db(), ONBOARDED);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/reset-password-request$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const before = Date.now();
    await page.getByLabel('Email').fill(member.email);
    await expect(page.getByLabel('Email')).toHaveValue(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('reset-request-sent')).toContainText(
      'If an account exists for this address',
    );
    const reset = await amiko.waitForMail(member.email, { subject: /reset/i, after: before - 1000 });
    await page.goto(linkIn(reset));
    await page.getByLabel('New password').fill(RESET_PASSWORD);
    await page.getByLabel('Confirm password').fill('Something-else-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm password').fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Your password has been reset.')).toBeVisible();

    await signIn(page, member.email, member.password);
    await expect(page.getByText('Incorrect password.')).toBeVisible();
    await signIn(page, member.email, RESET_PASSWORD);
    await expect(page).toHaveURL(/\/community$/);
  });

  test('change email: the password re-checked, a link to the new address, the old one told', async ({
    page,
    context,
    amiko,
  }) => {
    const member = await signedInMember(amiko, context, ONBOARDED);
    const newEmail = `moved-${Date.now()}@example.com`;
    await page.goto('/settings/account');
    await expect(page.getByTestId('current-email')).toHaveText(`Your email address: ${member.email}`);
    await page.getByRole('button', { name: 'Change Email' }).click();
    const changeEmail = page.getByRole('dialog', { name: 'Change Email' });
    await changeEmail.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-pass-1');
    await changeEmail.getByLabel('New email').fill(newEmail);
    await changeEmail.getByRole('button', { name: 'Send verification link' }).click();
    await expect(
      changeEmail.getByText('Authentication failed. Please check your credentials and try again.'),
    ).toBeVisible();
    await changeEmail.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
    await changeEmail.getByRole('button', { name: 'Send verification link' }).click();
    await expect(changeEmail.getByTestId('change-email-sent')).toContainText(
      `We have sent a verification link to ${newEmail}.`,
    );
    await changeEmail.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByTestId('current-email')).toHaveText(`Your email address: ${member.email}`);
    const confirm = await amiko.waitForMail(newEmail, { subject: /new email address/i });
    await page.goto(linkIn(confirm));
    // It says that the address was changed, not that the member may now sign in (issue 30.16).
    await expect(page.getByRole('heading', { name: 'Email address changed' })).toBeVisible();
    await expect(
      page.getByText('Your email address has been changed to the one this link was sent to.'),
    ).toBeVisible();
    await expect(page.getByText('You can now sign in')).toHaveCount(0);
    // Signed in: the page leads back to the settings, not to a sign-in the member does not need (18.8).
    await expect(page.getByRole('link', { name: 'Go to Sign In' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to your account settings' }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await amiko.waitForMail(member.email, { subject: /was changed/i });
    await expect(page.getByTestId('current-email')).toHaveText(`Your email address: ${newEmail}`);
  });

  test('delete the account: irreversible, the password re-checked', async ({ page, context, amiko }) => {
    const member = await signedInMember(amiko, context, ONBOARDED);
    await page.goto('/settings/account');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const deletion = page.getByRole('dialog', { name: 'Delete Account' });
    await expect(deletion.getByText('This cannot be undone.')).toBeVisible();
    await deletion.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await deletion.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(deletion.getByText('Incorrect password.')).toBeVisible();
    await deletion.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
    await deletion.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(page).toHaveURL(new RegExp(`^${amiko.url}/$`));
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await signIn(page, member.email, member.password);
    await expect(page.getByText('No user found with this email.')).toBeVisible();
  });

  test('action links: a reset form without a code leads to a new reset request; bad codes say so', async ({
    page,
    context,
    amiko,
  }) => {
    // Nothing to reset without a code: the page where a new link is asked for (issue 18.8).
    await page.goto('/auth-action?mode=resetPassword');
    await expect(page).toHaveURL(/\/reset-password-request$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
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
