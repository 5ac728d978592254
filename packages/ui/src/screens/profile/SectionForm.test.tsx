import type { ProfileFields, ProfileSectionInput } from '@amiko/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { SectionForm } from './SectionForm.tsx';

// A member whose typed city matched no place (issue 33): the sentence names the city they typed.
const profile = {
  city: 'Hamburg',
  place: null,
  placeId: null,
  newInTown: null,
  newInTownMonth: null,
  welcomesNewcomers: false,
} as ProfileFields & { city: string; place: null };

describe('SectionForm', () => {
  it('saves new in town with a month picked as month and year, and shows the sentence (issue 19.4)', async () => {
    const saved: ProfileSectionInput[] = [];
    const { user } = renderWithApp(<SectionForm section="newInTown" profile={profile} />, {
      api: {
        auth: { me: () => null },
        profile: {
          saveSection: (input: ProfileSectionInput) => {
            saved.push(input);
            return { ...profile, ...input.values } as never;
          },
        },
      },
    });
    await user.click(screen.getByRole('combobox', { name: 'New in town' }));
    await user.click(await screen.findByRole('option', { name: "I'm new here" }));
    await user.click(screen.getByRole('combobox', { name: 'Since (or from) which month: month' }));
    await user.click(await screen.findByRole('option', { name: 'March' }));
    await user.click(screen.getByRole('combobox', { name: 'Since (or from) which month: year' }));
    // The month came with this year; picking this year again keeps it.
    const year = String(new Date().getFullYear());
    await user.click(await screen.findByRole('option', { name: year }));
    expect(screen.getByTestId('new-in-town').textContent).toBe(`I'm new in Hamburg since March ${year}`);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      section: 'newInTown',
      values: { placeId: null, newInTown: 'newHere', newInTownMonth: `${year}-03`, welcomesNewcomers: false },
    });
  });
});
