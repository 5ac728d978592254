import type { RouterInputs, RouterOutputs } from '@amiko/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { directoryCard, searchTestPlaces, signedInMember } from '../../test/fixtures.ts';
import { optionsOf } from '../../test/combobox.ts';
import { renderWithApp } from '../../test/render.tsx';
import CommunityScreen from './CommunityScreen.tsx';

type DirectoryInput = RouterInputs['community']['directory'];
type DirectoryPage = RouterOutputs['community']['directory'];

/** The directory: two pages of cards; any filter finds nobody. Remembers what it was asked. */
function directory() {
  const asked: DirectoryInput[] = [];
  const answer = (input: DirectoryInput): DirectoryPage => {
    asked.push(input);
    const limited = false;
    if (Object.keys(input.filters ?? {}).length > 0) return { items: [], nextCursor: null, limited };
    return input.cursor
      ? { items: [directoryCard('m3', 'Cleo Clark')], nextCursor: null, limited }
      : {
          items: [directoryCard('m1', 'Ana Alves'), directoryCard('m2', 'Dan Diaz')],
          nextCursor: 'p2',
          limited,
        };
  };
  return { asked, answer };
}

const cardNames = () => screen.getAllByTestId('member-card').map((card) => card.getAttribute('aria-label'));

describe('CommunityScreen', () => {
  it('lists members page by page, and asks for the filters applied', async () => {
    const { asked, answer } = directory();
    const { user } = renderWithApp(<CommunityScreen />, {
      api: {
        auth: { me: () => signedInMember() },
        community: { directory: answer },
        places: { search: searchTestPlaces },
      },
    });
    await screen.findByText('Ana Alves');
    expect(cardNames()).toEqual(['Ana Alves', 'Dan Diaz']);
    expect(asked[0]).toMatchObject({ filters: {}, sort: 'sharedInterests', limit: 20 });
    expect(asked[0]?.cursor ?? null).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByText('Cleo Clark');
    expect(cardNames()).toEqual(['Ana Alves', 'Dan Diaz', 'Cleo Clark']);
    expect(asked.at(-1)).toMatchObject({ cursor: 'p2' });
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();

    const filters = screen.getByRole('form', { name: 'Filters' });
    const city = within(filters).getByLabelText('City');
    await user.type(city, 'Graz');
    await user.click(await optionsOf(city).findByRole('option', { name: 'Graz, Styria, Austria' }));
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }));
    expect((await screen.findByTestId('directory-empty')).textContent).toBe(
      'No Users available for the filters you selected',
    );
    expect(asked.at(-1)).toMatchObject({ filters: { placeId: 2778067 }, sort: 'sharedInterests' });
    expect(asked.at(-1)?.cursor ?? null).toBeNull();

    await user.click(within(filters).getByRole('button', { name: 'Reset' }));
    await screen.findByText('Ana Alves');
    expect(asked.at(-1)).toMatchObject({ filters: {} });
    expect(asked.at(-1)?.cursor ?? null).toBeNull();
  });

  it('orders by newest members when asked, and hides and shows the filters keeping what was typed', async () => {
    const { asked, answer } = directory();
    const { user } = renderWithApp(<CommunityScreen />, {
      api: {
        auth: { me: () => signedInMember() },
        community: { directory: answer },
        places: { search: searchTestPlaces },
      },
    });
    await screen.findByText('Ana Alves');
    await user.click(screen.getByRole('radio', { name: 'Newest members' }));
    await screen.findByText('Ana Alves');
    expect(asked.at(-1)).toMatchObject({ sort: 'newest' });

    const city = screen.getByLabelText('City');
    await user.type(city, 'Graz');
    await user.click(await optionsOf(city).findByRole('option', { name: 'Graz, Styria, Austria' }));
    const toggle = screen.getByRole('button', { name: 'Hide filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    const show = screen.getByRole('button', { name: 'Show filters' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    await user.click(show);
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('Graz');
  });

  it('shows visitors the newest members without filters, and the way to sign in', async () => {
    const { asked, answer } = directory();
    renderWithApp(<CommunityScreen />, {
      api: { auth: { me: () => null }, community: { directory: answer } },
    });
    await screen.findByText('Ana Alves');
    expect(screen.getByTestId('visitor-note').textContent).toContain(
      'Sign in to use the filters and see full profiles.',
    );
    expect(screen.getByRole('link', { name: 'Sign In / Sign Up' }).getAttribute('href')).toBe(
      '/auth?tab=signUp',
    );
    expect(screen.queryByRole('form', { name: 'Filters' })).toBeNull();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ filters: {}, sort: 'newest', limit: 20 });
  });

  it('offers "Recently active" and shows the signs to a member who shows their own activity, not otherwise', async () => {
    const asked: DirectoryInput[] = [];
    const answer = (input: DirectoryInput): DirectoryPage => {
      asked.push(input);
      return {
        items: [
          { ...directoryCard('m1', 'Ana Alves'), activity: 'now' },
          { ...directoryCard('m2', 'Dan Diaz'), activity: 'week' },
          directoryCard('m3', 'Cleo Clark'),
        ],
        nextCursor: null,
        limited: false,
      };
    };
    const shown = renderWithApp(<CommunityScreen />, {
      api: {
        auth: { me: () => signedInMember() },
        community: { directory: answer },
        account: { privacy: () => ({ showActivity: true }) },
      },
    });
    await screen.findByText('Ana Alves');
    await shown.user.click(await screen.findByRole('radio', { name: 'Recently active' }));
    await screen.findByText('Ana Alves');
    expect(asked.at(-1)).toMatchObject({ sort: 'recentlyActive' });
    const sign = (name: string) =>
      within(screen.getByRole('article', { name })).queryByTestId('activity-sign')?.textContent ?? null;
    expect([sign('Ana Alves'), sign('Dan Diaz'), sign('Cleo Clark')]).toEqual([
      'Active now',
      'Active this week',
      null,
    ]);
    shown.unmount();

    renderWithApp(<CommunityScreen />, {
      api: {
        auth: { me: () => signedInMember() },
        community: { directory: answer },
        account: { privacy: () => ({ showActivity: false }) },
      },
    });
    await screen.findByRole('radio', { name: 'Newest members' });
    expect(screen.queryByRole('radio', { name: 'Recently active' })).toBeNull();
  });
});
