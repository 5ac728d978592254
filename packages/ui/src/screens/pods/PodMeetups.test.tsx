import type { RouterInputs } from '@amiko/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meetupView, podOnItsPage } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { apiError, type TestApi } from '../../test/trpc-double.ts';
import type { Meetup } from './meetup-view.ts';
import { PodMeetups } from './PodMeetups.tsx';

// A pod's meetups on its page (issue 35.1-3): the empty state and proposing one with its rules on their
// fields, the venue only once going, the waitlist place as an ordinal, the answer's loading state and a
// refusal in the member's language.

const pod = podOnItsPage();

describe('a pod’s meetups', () => {
  it('offers to propose one; the form says what each field needs and sends the wall-clock time', async () => {
    const proposed: RouterInputs['meetups']['propose'][] = [];
    let list: Meetup[] = [];
    const api: TestApi = {
      meetups: {
        ofPod: () => list,
        propose: (input) => {
          proposed.push(input);
          list = [
            meetupView('m1', { myStatus: 'going', venueName: 'Café Babalú', going: 1, proposedByMe: true }),
          ];
          return list[0]!;
        },
      },
    };
    const { user } = renderWithApp(<PodMeetups pod={pod} />, { api });
    expect(await screen.findByText('No meetup planned yet — propose one.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Propose a meetup' }));
    const form = await screen.findByRole('dialog', { name: 'Propose a meetup' });
    expect(within(form).getByText('Local time in Reykjavík')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Propose the meetup' }));
    expect(within(form).getByText('Choose a date and time.')).toBeTruthy();
    expect(within(form).getByText('Enter the name of the place.')).toBeTruthy();
    expect(within(form).getByText('Enter the address.')).toBeTruthy();
    expect(proposed).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/Date and time/), { target: { value: '2031-06-05T19:30' } });
    // Pasted, not typed: a keystroke each re-renders the whole form, seconds under jsdom on a loaded machine.
    await user.click(within(form).getByLabelText(/Name of the place/));
    await user.paste('Café Babalú');
    await user.click(within(form).getByLabelText(/^Address/));
    await user.paste('Skólavörðustígur 22');
    // A pod of 8 has room for 4 more: 12 at most.
    const extra = within(form).getByLabelText('Extra places for others');
    await user.clear(extra);
    await user.type(extra, '2');
    await user.click(within(form).getByRole('button', { name: 'Propose the meetup' }));
    await waitFor(() => expect(proposed).toHaveLength(1));
    expect(proposed[0]).toMatchObject({
      podId: 'p1',
      startsAt: '2031-06-05T19:30',
      placeKind: 'cafe',
      venueName: 'Café Babalú',
      venueAddress: 'Skólavörðustígur 22',
      language: 'en',
      extraPlaces: 2,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(await screen.findByText('Café Babalú')).toBeTruthy();
    expect(screen.getByTestId('meetup-status').textContent).toBe("You're going");
  });

  it('online: a link, and the time in the member’s own zone', async () => {
    const api: TestApi = { meetups: { ofPod: () => [] } };
    const { user } = renderWithApp(<PodMeetups pod={{ ...pod, place: null }} />, { api });
    await user.click(await screen.findByRole('button', { name: 'Propose a meetup' }));
    const form = await screen.findByRole('dialog', { name: 'Propose a meetup' });
    expect((within(form).getByLabelText(/^Where/) as HTMLSelectElement).value).toBe('online');
    expect(within(form).getByText(/^In your time zone/)).toBeTruthy();
    await user.click(within(form).getByLabelText(/Link for the online meetup/));
    await user.paste('http://meet.example');
    await user.click(within(form).getByRole('button', { name: 'Propose the meetup' }));
    expect(within(form).getByText('Enter a link that starts with https://.')).toBeTruthy();
    expect(within(form).queryByLabelText(/Name of the place/)).toBeNull();
  });

  it('shows the area until going, the waitlist place as an ordinal, and a refusal translated', async () => {
    let going = false;
    let answer: () => void = () => undefined;
    const api: TestApi = {
      meetups: {
        ofPod: () => [
          going
            ? meetupView('m1', {
                myStatus: 'going',
                going: 4,
                venueName: 'Café Babalú',
                venueAddress: 'Laugavegur 1',
              })
            : meetupView('m1'),
          meetupView('m2', { myStatus: 'waitlist', waitlistPosition: 2, going: 8, waitlist: 3 }),
          meetupView('m3', { myStatus: 'waitlist', waitlistPosition: 3, going: 8, waitlist: 3 }),
          meetupView('m4', { myStatus: 'waitlist', waitlistPosition: 11, going: 8, waitlist: 11 }),
          meetupView('m5', { going: 8 }),
        ],
        rsvp: async ({ meetupId }) => {
          if (meetupId === 'm5') throw apiError('meetups:errors.begun', 'CONFLICT', 409);
          await new Promise<void>((resolve) => (answer = resolve));
          going = true;
          return meetupView('m1', {
            myStatus: 'going',
            going: 4,
            venueName: 'Café Babalú',
            venueAddress: 'Laugavegur 1',
          });
        },
      },
    };
    const { user } = renderWithApp(<PodMeetups pod={pod} />, { api });
    const cards = await screen.findAllByTestId('meetup-card');
    const [first, , , , last] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByTestId('meetup-where').textContent).toBe(
      'In Reykjavík: the exact place is shown to those going',
    );
    expect(within(first).getByTestId('meetup-going').textContent).toBe('3 of 8 going');
    expect(cards.map((card) => within(card).getByTestId('meetup-status').textContent)).toEqual([
      "You haven't answered yet",
      'You are 2nd on the waitlist',
      'You are 3rd on the waitlist',
      'You are 11th on the waitlist',
      "You haven't answered yet",
    ]);
    expect(within(last).getByText('Full: answering Going puts you on the waitlist.')).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: 'Going' }));
    await waitFor(() =>
      expect(within(first).getByRole('button', { name: 'Going' }).getAttribute('data-loading')).toBe('true'),
    );
    expect(within(first).getByRole('button', { name: "Can't go" }).hasAttribute('disabled')).toBe(true);
    answer();
    await waitFor(() => expect(within(first).getByTestId('meetup-status').textContent).toBe("You're going"));
    expect(within(first).getByTestId('meetup-where').textContent).toBe('Café BabalúLaugavegur 1');
    expect(within(first).getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(last).getByRole('button', { name: 'Going' }));
    expect((await within(last).findByRole('alert')).textContent).toBe('This meetup has already begun.');
  });

  it('in German', async () => {
    const api: TestApi = {
      meetups: { ofPod: () => [meetupView('m1', { myStatus: 'waitlist', waitlistPosition: 2, going: 8 })] },
    };
    renderWithApp(<PodMeetups pod={pod} />, { api, language: 'de' });
    const card = await screen.findByTestId('meetup-card');
    expect(within(card).getByTestId('meetup-status').textContent).toBe(
      'Du stehst auf Platz 2 der Warteliste',
    );
    expect(within(card).getByTestId('meetup-going').textContent).toBe('8 von 8 kommen');
    expect(within(card).getByText('Auf Englisch')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Ich komme' })).toBeTruthy();
  });
});
