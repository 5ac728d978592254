import type { DirectoryFilters } from '@amiko/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { searchTestPlaces } from '../../test/fixtures.ts';
import { optionsOf } from '../../test/combobox.ts';
import { renderWithApp } from '../../test/render.tsx';
import { FilterPanel } from './FilterPanel.tsx';

function renderPanel() {
  const applied: DirectoryFilters[] = [];
  const view = renderWithApp(<FilterPanel onChange={(filters) => applied.push(filters)} />, {
    api: { places: { search: searchTestPlaces } },
  });
  const form = screen.getByRole('form', { name: 'Filters' });
  const field = (label: string) => within(form).getByLabelText<HTMLInputElement>(label);
  /** Types into the city field and picks the place named (issue 33: a place, never free text). */
  const pickCity = async (typed: string, option: string) => {
    const city = field('City');
    await view.user.type(city, typed);
    await view.user.click(await optionsOf(city).findByRole('option', { name: option }));
  };
  return { ...view, applied, form, field, pickCity };
}

describe('FilterPanel', () => {
  it('refuses an age outside 16–100 and a minimum above the maximum, with the texts of SPEC §5', async () => {
    const { user, applied, field, form } = renderPanel();
    const apply = within(form).getByRole('button', { name: 'Apply filters' });
    await user.clear(field('Min age'));
    await user.type(field('Min age'), '15');
    await user.click(apply);
    expect(screen.getByText('Min age must be between 16 and 100.')).toBeTruthy();
    await user.clear(field('Min age'));
    await user.type(field('Min age'), '60');
    await user.clear(field('Max age'));
    await user.type(field('Max age'), '40');
    await user.click(apply);
    expect(screen.queryByText('Min age must be between 16 and 100.')).toBeNull();
    expect(screen.getByText('Min age cannot be greater than Max age.')).toBeTruthy();
    expect(applied).toEqual([]);
  });

  it('applies what was chosen, and nothing for the whole age range or a city typed but not picked', async () => {
    const { user, applied, field, form, pickCity } = renderPanel();
    const apply = within(form).getByRole('button', { name: 'Apply filters' });
    await user.type(field('City'), 'Berl');
    await user.click(apply);
    expect(applied).toEqual([{}]);

    await user.clear(field('Min age'));
    await user.type(field('Min age'), '20');
    await user.clear(field('Max age'));
    await user.type(field('Max age'), '35');
    await pickCity('Berl', 'Berlin, Berlin, Germany');
    const gender = within(form).getByRole('combobox', { name: 'Gender' });
    await user.click(gender);
    await user.click(await optionsOf(gender).findByRole('option', { name: 'Female' }));
    await user.click(within(form).getByRole('switch', { name: 'New members only' }));
    await user.click(apply);
    expect(applied.at(-1)).toEqual({
      age: { minAge: 20, maxAge: 35 },
      gender: 'female',
      placeId: 2950159,
      newMembers: true,
    });
  });

  it('chooses interests by their labels and sends their ids', async () => {
    const { user, applied, form } = renderPanel();
    const interests = within(form).getByRole('combobox', { name: 'Search by interests' });
    await user.type(interests, 'Hik');
    await user.click(await optionsOf(interests).findByRole('option', { name: 'Hiking' }));
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(applied).toEqual([{ interests: ['hiking'] }]);
  });

  it('finds newcomers or the locals who welcome them, also in a city (issue 19.4, per place: issue 33)', async () => {
    const { user, applied, form, pickCity } = renderPanel();
    const apply = within(form).getByRole('button', { name: 'Apply filters' });
    const newInTown = within(form).getByRole('combobox', { name: 'New in town' });
    await user.click(newInTown);
    await user.click(await optionsOf(newInTown).findByRole('option', { name: 'Newcomers' }));
    await user.click(apply);
    await pickCity('hamb', 'Hamburg, Hamburg, Germany');
    await user.click(newInTown);
    await user.click(
      await optionsOf(newInTown).findByRole('option', { name: 'Locals who welcome newcomers' }),
    );
    await user.click(apply);
    expect(applied).toEqual([{ newInTown: 'newcomers' }, { newInTown: 'welcomers', placeId: 2911298 }]);

    await user.click(within(form).getByRole('button', { name: 'Reset' }));
    expect(applied.at(-1)).toEqual({});
    expect(newInTown).toHaveProperty('value', '');
  });

  it("looks within a distance of the city picked, or of the member's own (issue 33)", async () => {
    const { user, applied, form, pickCity } = renderPanel();
    const apply = within(form).getByRole('button', { name: 'Apply filters' });
    const distance = within(form).getByRole('combobox', { name: 'Distance' });
    await user.click(distance);
    await user.click(await optionsOf(distance).findByRole('option', { name: 'Within 25 km' }));
    expect(within(form).getByText('Around your own city')).toBeTruthy();
    await user.click(apply);
    await pickCity('Münch', 'Munich, Bavaria, Germany');
    await user.click(apply);
    await user.click(distance);
    await user.click(await optionsOf(distance).findByRole('option', { name: 'Within 100 km' }));
    await user.click(apply);
    expect(applied).toEqual([
      { withinKm: 25 },
      { withinKm: 25, near: 2867714 },
      { withinKm: 100, near: 2867714 },
    ]);
  });

  it('empties the form, its errors and the filters with Reset', async () => {
    const { user, applied, field, form, pickCity } = renderPanel();
    await user.clear(field('Min age'));
    await user.type(field('Min age'), '99');
    await user.clear(field('Max age'));
    await user.type(field('Max age'), '20');
    await pickCity('Gra', 'Graz, Styria, Austria');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('Min age cannot be greater than Max age.')).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Reset' }));
    expect(applied).toEqual([{}]);
    expect(screen.queryByText('Min age cannot be greater than Max age.')).toBeNull();
    expect(field('Min age')).toHaveProperty('value', '16');
    expect(field('Max age')).toHaveProperty('value', '100');
    expect(field('City')).toHaveProperty('value', '');
  });
});
