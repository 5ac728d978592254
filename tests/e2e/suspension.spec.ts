import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './accessibility.ts';
import { expect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

// A member an operator suspends (`pnpm admin suspend`, the real command in its own process): the open app
// loses its session, and signing in again says why, in the member's language.

const ADMIN = fileURLToPath(new URL('../../apps/server/src/ops/admin.ts', import.meta.url));

function suspend(databaseUrl: string, member: string): Promise<number | null> {
  const child = spawn(process.execPath, [ADMIN, 'suspend', member, '--reason', 'journey', '--by', 'e2e'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.once('exit', resolve));
}

test.describe('a suspended member', () => {
  for (const [language, submit, text] of [
    ['en', 'Sign In', 'This account is suspended.'],
    ['de', 'Anmelden', 'Dieses Konto ist gesperrt.'],
  ] as const) {
    test(`is told "${text}" at sign-in (${language})`, async ({ page, context, amiko }) => {
      await useLanguage(page, language);
      const member = await signedInMember(amiko, context, { language });
      await page.goto('/profile');
      await expect(page.getByTestId('avatar-menu')).toBeVisible();

      expect(await suspend(amiko.database.url, member.email)).toBe(0);
      // The browser keeps its cookie; its session ended with the suspension, so /auth stays.
      await page.goto('/auth');
      await page.getByRole('textbox', { name: /^(Email|E-Mail)/ }).fill(member.email);
      await page.getByLabel(/^(Password|Passwort)(?! anzeigen)/).fill(member.password);
      await page.getByRole('button', { name: submit, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(text);
      await expect(page).toHaveURL(/\/auth/);
      await expectAccessible(page);
    });
  }
});
