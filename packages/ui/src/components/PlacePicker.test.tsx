import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchTestPlaces } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import { PLACE_SEARCH_DEBOUNCE_MS, PlacePicker, type PlaceChoice } from './PlacePicker.tsx';

function Field({ chosen }: { chosen: (PlaceChoice | null)[] }) {
  const [place, setPlace] = useState<PlaceChoice | null>(null);
  return (
    <PlacePicker
      label="City"
      value={place}
      onChange={(next) => {
        chosen.push(next);
        setPlace(next);
      }}
    />
  );
}

// The clock runs as it does (shouldAdvanceTime), and jumps over the pause that typing must make before the
// server is asked: waited in real time, the three pauses were two thirds of these tests' time.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});
const pauseTyping = () => act(() => vi.advanceTimersByTimeAsync(PLACE_SEARCH_DEBOUNCE_MS));

describe('PlacePicker', () => {
  it('is a combobox used with the keyboard alone: type, arrows, Enter, Escape (issue 33)', async () => {
    const chosen: (PlaceChoice | null)[] = [];
    const { user, calls } = renderWithApp(<Field chosen={chosen} />, {
      api: { places: { search: searchTestPlaces } },
    });
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.tab();
    expect(document.activeElement).toBe(input);
    await user.keyboard('Frank');
    await pauseTyping();
    // Typing pauses before the server is asked: one search for the whole word, not one per letter.
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual([
      'Frankfurt am Main, Hesse, Germany',
      'Frankfurt (Oder), Brandenburg, Germany',
    ]);
    expect(calls.filter((c) => c.path === 'places.search').map((c) => c.input)).toEqual([
      { query: 'Frank', limit: 8 },
    ]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 cities found'));
    // The best town is highlighted at once; ArrowDown moves to the next, Enter picks it.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosen.at(-1)?.id).toBe(2925535);
    expect((input as HTMLInputElement).value).toBe('Frankfurt (Oder)');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    // Escape closes the list without choosing; leaving the field keeps the town chosen before.
    await user.clear(input);
    expect(chosen.at(-1)).toBeNull();
    await user.keyboard('Gra');
    await pauseTyping();
    await screen.findByRole('option', { name: 'Graz, Styria, Austria' });
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(chosen.at(-1)?.id).toBe(2778067);
  });

  it('says so when no town has that name', async () => {
    const { user } = renderWithApp(<Field chosen={[]} />, { api: { places: { search: searchTestPlaces } } });
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'Atlantis');
    await pauseTyping();
    expect(
      await screen.findByText('No city found. Try another spelling, or a larger town nearby.'),
    ).toBeTruthy();
  });
});
