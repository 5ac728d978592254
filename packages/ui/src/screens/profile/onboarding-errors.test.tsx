import type { RouterOutputs } from '@amiko/api';
import { STORY_MIN_LENGTH } from '@amiko/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import InterestsListScreen from './InterestsListScreen.tsx';
import { StoryForm } from './StoryForm.tsx';

// Issue 18.6: an onboarding error describes the value on screen, not the one of the last click.

/** The member's own profile as profile.mine answers it, with what these screens read. */
function ownProfile(overrides: Partial<RouterOutputs['profile']['mine']> = {}) {
  return {
    photoUrl: '/uploads/photo.webp',
    avatarUrl: '/uploads/photo.webp',
    interests: [],
    story: '',
    ...overrides,
  } as unknown as RouterOutputs['profile']['mine'];
}

const errorOf = () => screen.queryByRole('alert')?.textContent ?? null;
/** The story field's error, the text Mantine shows under the field (and links by aria-describedby). */
const storyErrorOf = () => document.querySelector('.mantine-Textarea-error')?.textContent ?? null;

describe('onboarding step 2: interests', () => {
  it('after "Select 7 more" the error counts down with each choice and is gone at ten', async () => {
    const { user } = renderWithApp(<InterestsListScreen />, {
      path: '/interests-list',
      api: {
        auth: { me: () => signedInMember({ hasPhoto: true, interestCount: 0, storyLength: 0 }) },
        profile: { mine: () => ownProfile({ interests: ['hiking', 'cooking', 'chess'] }) },
      },
    });
    const chips = await screen.findByRole('group', { name: 'Interests' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(errorOf()).toBe('Select 7 more');

    const unticked = within(chips)
      .getAllByRole('checkbox')
      .filter((box) => !(box as HTMLInputElement).checked);
    await user.click(unticked[0]!);
    expect(errorOf()).toBe('Select 6 more');
    for (const box of unticked.slice(1, 8)) await user.click(box);
    // Eleven chosen: nothing is missing any more, so nothing is wrong.
    expect(
      within(chips)
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked),
    ).toHaveLength(11);
    expect(errorOf()).toBeNull();
    expect(screen.getByTestId('interests-hint').textContent).toBe('11 interests selected');
  });
});

describe('onboarding step 3: the story', () => {
  for (const [language, texts] of [
    [
      'en',
      {
        finish: 'Finish',
        required: 'Your story is required.',
        tooShort: 'Your story must be at least 300 characters.',
        counter: (n: number) => `You need to write ${n} more characters.`,
      },
    ],
    [
      'de',
      {
        finish: 'Fertig',
        required: 'Deine Geschichte ist erforderlich.',
        tooShort: 'Deine Geschichte muss mindestens 300 Zeichen lang sein.',
        counter: (n: number) => `Du musst noch ${n} Zeichen schreiben.`,
      },
    ],
  ] as const) {
    it(`after an empty submit, "${texts.required}" becomes the 300-character message while typing (${language})`, async () => {
      const saved: string[] = [];
      const { user } = renderWithApp(
        <StoryForm initial="" submitLabel={texts.finish} onSaved={() => saved.push('saved')} />,
        {
          language,
          api: {
            profile: {
              saveSection: (input) => ownProfile({ story: (input.values as { story: string }).story }),
            },
          },
        },
      );
      await user.click(screen.getByRole('button', { name: texts.finish }));
      expect(storyErrorOf()).toBe(texts.required);

      const field = screen.getByTestId('story-input');
      await user.type(field, 'I moved here in spring.');
      expect(storyErrorOf()).toBe(texts.tooShort);
      expect(screen.getByTestId('story-counter').textContent).toBe(
        texts.counter(STORY_MIN_LENGTH - 'I moved here in spring.'.length),
      );

      await user.clear(field);
      expect(storyErrorOf()).toBe(texts.required);
      await user.click(field);
      await user.paste('x'.repeat(STORY_MIN_LENGTH));
      expect(storyErrorOf()).toBeNull();
      await user.click(screen.getByRole('button', { name: texts.finish }));
      await screen.findByRole('button', { name: texts.finish });
      await expect.poll(() => saved).toEqual(['saved']);
    });
  }
});
