import type { RouterInputs } from '@amiko/api';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meetupView, podOnItsPage } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { apiError, type TestApi } from '../../test/trpc-double.ts';
import type { Meetup } from './meetup-view.ts';
import { PodMeetups } from './PodMeetups.tsx';

// A meetup card's actions (issue 35.4, 35.7): "Add to calendar" downloads the meetup's .ics, "Tell a
// friend" sends the address and says so (or why not, the rate limit too), "Cancel meetup" only for whoever
// may, after a confirmation, and the card goes; `?propose=1` opens the form at once. In English and German.

const pod = podOnItsPage();

const meetup = (id: string, overrides: Partial<Meetup> = {}) =>
  meetupView(id, { myStatus: 'going', ...overrides });

describe('a meetup card’s actions', () => {
  it('links the calendar file, and offers Cancel meetup only to whoever may', async () => {
    const api: TestApi = {
      meetups: { ofPod: () => [meetup('m1', { mayCancel: true, proposedByMe: true }), meetup('m2')] },
    };
    renderWithApp(<PodMeetups pod={pod} />, { api });
    const [mine, other] = (await screen.findAllByTestId('meetup-card')) as [HTMLElement, HTMLElement];
    const calendar = within(mine).getByRole('link', { name: 'Add to calendar' });
    expect(calendar.getAttribute('href')).toBe('/meetups/m1/calendar.ics');
    expect(calendar.hasAttribute('download')).toBe(true);
    expect(within(mine).getByRole('button', { name: 'Cancel meetup' })).toBeTruthy();
    expect(within(other).queryByRole('button', { name: 'Cancel meetup' })).toBeNull();
    expect(within(other).getByRole('button', { name: 'Tell a friend' })).toBeTruthy();
  });

  it('cancels after a confirmation, and the card goes', async () => {
    let list = [meetup('m1', { mayCancel: true }), meetup('m2')];
    const cancelled: string[] = [];
    const api: TestApi = {
      meetups: {
        ofPod: () => list,
        cancel: ({ meetupId }) => {
          cancelled.push(meetupId);
          list = list.filter((m) => m.id !== meetupId);
          return undefined as never;
        },
      },
    };
    const { user } = renderWithApp(<PodMeetups pod={pod} />, { api });
    const [first] = (await screen.findAllByTestId('meetup-card')) as [HTMLElement];
    await user.click(within(first).getByRole('button', { name: 'Cancel meetup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this meetup?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(cancelled).toEqual([]);
    await user.click(within(first).getByRole('button', { name: 'Cancel meetup' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this meetup?' })).getByRole('button', {
        name: 'Cancel the meetup',
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('meetup-card')).toHaveLength(1));
    expect(cancelled).toEqual(['m1']);
  });

  it('tells a friend, and says why not when the server refuses', async () => {
    const told: RouterInputs['meetups']['tellFriend'][] = [];
    const api: TestApi = {
      meetups: {
        ofPod: () => [meetup('m1')],
        tellFriend: (input) => {
          if (told.length > 0) throw apiError('common:errors.tooManyRequests', 'RATE_LIMITED', 429);
          told.push(input);
          return undefined as never;
        },
      },
    };
    const { user } = renderWithApp(<PodMeetups pod={pod} />, { api });
    const card = await screen.findByTestId('meetup-card');
    await user.click(within(card).getByRole('button', { name: 'Tell a friend' }));
    let dialog = await screen.findByRole('dialog', { name: "Tell a friend where you'll be" });
    await user.type(within(dialog).getByLabelText(/Your friend's email address/), 'kari@example.org');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(told).toEqual([{ meetupId: 'm1', email: 'kari@example.org' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(card).getByRole('button', { name: 'Tell a friend' }));
    dialog = await screen.findByRole('dialog', { name: "Tell a friend where you'll be" });
    await user.type(within(dialog).getByLabelText(/Your friend's email address/), 'kari@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait and try again later.',
    );
    expect(told).toHaveLength(1);
  });

  it('opens the propose form at once with ?propose=1, in German', async () => {
    const api: TestApi = { meetups: { ofPod: () => [meetup('m1', { mayCancel: true })] } };
    renderWithApp(<PodMeetups pod={pod} />, { api, language: 'de', path: '/pods/p1?propose=1' });
    expect(await screen.findByRole('dialog', { name: 'Ein Treffen vorschlagen' })).toBeTruthy();
    const card = await screen.findByTestId('meetup-card');
    expect(within(card).getByRole('link', { name: 'Zum Kalender hinzufügen' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Jemandem Bescheid sagen' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Treffen absagen' })).toBeTruthy();
  });
});
