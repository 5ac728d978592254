import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { apiError } from '../../test/trpc-double.ts';
import AuthScreen from './AuthScreen.tsx';

// The server refuses a suspended member's sign-in with FORBIDDEN and the key auth:errors.accountSuspended
// (tests/api/admin.test.ts); the form says it in the member's language.
describe('/auth: a suspended account', () => {
  for (const [language, labels, text] of [
    ['en', { email: /^Email/, password: /^Password/, submit: 'Sign In' }, 'This account is suspended.'],
    [
      'de',
      { email: /^E-Mail/, password: /^Passwort(?! anzeigen)/, submit: 'Anmelden' },
      'Dieses Konto ist gesperrt.',
    ],
  ] as const) {
    it(`says "${text}" when signing in (${language})`, async () => {
      const { user } = renderWithApp(<AuthScreen />, {
        language,
        api: {
          auth: {
            me: () => null,
            signIn: () => {
              throw apiError('auth:errors.accountSuspended', 'FORBIDDEN', 403);
            },
          },
        },
      });
      await user.type(await screen.findByLabelText(labels.email), 'sam@example.com');
      await user.type(screen.getByLabelText(labels.password), 'Amiko-test-1');
      await user.click(screen.getByRole('button', { name: labels.submit }));
      expect((await screen.findByRole('alert')).textContent).toBe(text);
    });
  }
});
