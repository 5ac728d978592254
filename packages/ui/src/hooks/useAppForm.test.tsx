import type { MeView } from '@amiko/api';
import { signInSchema } from '@amiko/core';
import { Button, PasswordInput, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { apiError, type TestApi } from '../test/trpc-double.ts';
import { trpc } from '../trpc.ts';
import { useAppForm } from './useAppForm.ts';

// The one form hook, on a form made for the test: the shared schema's messages and the server's refusals
// shown next to their fields in the member's language, and one request at a time.

function SignInForm() {
  const { i18n } = useTranslation();
  const signIn = trpc.auth.signIn.useMutation();
  const { form, submit, pending, formError } = useAppForm(signInSchema, signIn, {
    initialValues: { email: '', password: '' },
    fallbackError: 'settings:errors.saveFailed',
  });
  return (
    <form noValidate onSubmit={submit}>
      <TextInput label="Email" {...form.getInputProps('email')} />
      <PasswordInput label="Password" {...form.getInputProps('password')} />
      {formError && <p role="alert">{i18n.t(formError)}</p>}
      <Button type="submit" loading={pending}>
        Send
      </Button>
    </form>
  );
}

const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('useAppForm', () => {
  for (const [language, required] of [
    ['en', 'Email is required'],
    ['de', 'E-Mail-Adresse ist erforderlich'],
  ] as const) {
    it(`shows the schema's message translated, on its field, which takes focus (${language})`, async () => {
      const { user, calls } = renderWithApp(<SignInForm />, { language });
      await user.type(screen.getByLabelText('Password'), 'Amiko-test-1');
      await user.click(screen.getByRole('button', { name: 'Send' }));
      const email = screen.getByLabelText('Email');
      expect(email.getAttribute('aria-invalid')).toBe('true');
      expect(describedBy(email)).toContain(required);
      expect(document.activeElement).toBe(email);
      expect(calls).toEqual([]);
    });
  }

  it('checks a field when it loses focus, but leaves it to the submit when focus goes to the submit button', async () => {
    const { user } = renderWithApp(<SignInForm />, { language: 'en' });
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await user.click(email);
    await user.click(password);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // From the password field straight to Send: no error appears under the field before the submit, which
    // would move the button from under the pointer (issue 30.6); the submit then shows every field's error.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(describedBy(password)).toContain('Password is required');
    expect(describedBy(email)).toContain('Email is required');
  });

  it("puts the server's field error on its field, translated, and focuses it", async () => {
    const { user, calls } = renderWithApp(<SignInForm />, {
      language: 'de',
      api: {
        auth: {
          signIn: () => {
            throw apiError('auth:errors.wrongPassword', 'UNAUTHENTICATED', 401, { field: 'password' });
          },
        },
      },
    });
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Amiko-test-1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(describedBy(password)).toContain('Falsches Passwort.'));
    expect(document.activeElement).toBe(password);
    // A field error says it all: no message for the whole form.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual([
      { path: 'auth.signIn', input: { email: 'sam@example.com', password: 'Amiko-test-1' } },
    ]);
  });

  it('says a refusal that names no field for the whole form, the fallback for an unexplained one', async () => {
    let refusal: Error = apiError('auth:errors.accountSuspended', 'FORBIDDEN', 403);
    const { user } = renderWithApp(<SignInForm />, {
      api: {
        auth: {
          signIn: () => {
            throw refusal;
          },
        },
      },
    });
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Amiko-test-1');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This account is suspended.');
    // The server's answer to what it cannot explain (a bug, a database down): the form's own words.
    refusal = apiError('common:errors.unknown', 'INTERNAL', 500);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('An error occurred while saving. Please try again.'),
    );
  });

  it('takes no second press while the request runs', async () => {
    let answer: (member: MeView) => void = () => undefined;
    const api: TestApi = {
      auth: { signIn: () => new Promise<MeView>((resolve) => (answer = resolve)) },
    };
    const { user, calls } = renderWithApp(<SignInForm />, { api });
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'Amiko-test-1');
    const send = screen.getByRole('button', { name: 'Send' });
    await user.click(send);
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(true));
    // Enter in a field submits the form too: still one request.
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(calls).toHaveLength(1);
    answer(signedInMember());
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    expect(calls).toHaveLength(1);
  });
});
