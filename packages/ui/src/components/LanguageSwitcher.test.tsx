import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { signedInMember } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';

// Two parts of every public page's first load that are plain markup rather than Mantine's components, to
// keep that load under 100 KiB (issue 18.12): they must still behave as the components did.

describe('the language switcher', () => {
  it('is a radio group: EN/DE named in full, arrow keys switch, a member’s choice is saved', async () => {
    const saved: string[] = [];
    const { user } = renderWithApp(<LanguageSwitcher />, {
      api: {
        auth: { me: () => signedInMember({ language: 'en' }) },
        site: { setLanguage: ({ language }) => (saved.push(language), { language }) },
      },
    });
    const group = screen.getByRole('radiogroup', { name: 'Language' });
    const english = screen.getByRole('radio', { name: 'EN English' });
    const german = screen.getByRole('radio', { name: 'DE Deutsch' });
    expect(group.contains(english)).toBe(true);
    await waitFor(() => expect((english as HTMLInputElement).disabled).toBe(false));
    expect((english as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(saved).toEqual([]));

    english.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect((german as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole('radiogroup', { name: 'Sprache' })).toBeTruthy();
    await waitFor(() => expect(saved).toEqual(['de']));
  });
});

function Broken(): ReactNode {
  throw new Error('chunk failed');
}

describe('a screen that fails to load', () => {
  it('says so as an alert and offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithApp(
      <ScreenErrorBoundary>
        <Broken />
      </ScreenErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded');
    expect(alert.textContent).toContain('Please check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});
