import type { PodMessageView, RouterInputs } from '@amiko/api';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meetupView } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import type { TestApi } from '../../test/trpc-double.ts';
import { ChatMeetupCard } from './ChatMeetupCard.tsx';
import type { Meetup } from './meetup-view.ts';

// A meetup's card in the pod's chat (issue 35.1): when in the member's own zone, the kind of place, how many
// are going, Going at once; a cancelled meetup's card says so, also when it has left the pod's list.

const startsAt = Date.UTC(new Date().getUTCFullYear() + 1, 5, 5, 19, 30);
const card = (cancelled = false): PodMessageView => ({
  id: 7,
  podId: 'p1',
  senderId: 'ana',
  clientId: 'meetup:m1',
  body: '',
  createdAt: Date.now(),
  meetup: { id: 'm1', startsAt, cancelled },
});

const meetup = (overrides: Partial<Meetup> = {}) => meetupView('m1', { startsAt, ...overrides });

const show = (message: PodMessageView, api: TestApi) =>
  renderWithApp(
    <ul>
      <ChatMeetupCard message={message} meetup={message.meetup!} proposer="Ana" mine={false} />
    </ul>,
    { api },
  );

describe('a meetup’s card in the pod’s chat', () => {
  it('shows when in the member’s zone, the kind of place and who is going, and answers Going', async () => {
    const answers: RouterInputs['meetups']['rsvp'][] = [];
    let view = meetup();
    const api: TestApi = {
      meetups: {
        ofPod: () => [view],
        rsvp: (input) => {
          answers.push(input);
          view = meetup({ myStatus: 'going', going: 4, venueName: 'Café Babalú' });
          return view;
        },
      },
    };
    const { user } = show(card(), api);
    expect(await screen.findByText('3 of 8 going')).toBeTruthy();
    expect(screen.getByText('Ana proposed a meetup')).toBeTruthy();
    expect(screen.getByText('Café')).toBeTruthy();
    const when = new Intl.DateTimeFormat('en', {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }).format(startsAt);
    expect(screen.getByTestId('chat-meetup-when').textContent).toBe(when);
    expect(screen.getByRole('button', { name: 'Show in Meetups' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Going' }));
    expect(await screen.findByText('4 of 8 going')).toBeTruthy();
    expect(answers).toEqual([{ meetupId: 'm1', going: true }]);
    expect(screen.getByText("You're going")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
  });

  it('says a cancelled meetup was cancelled, from the message or once it has left the pod’s list', async () => {
    const { unmount } = show(card(true), { meetups: { ofPod: () => [] } });
    expect((await screen.findByTestId('chat-meetup-state')).textContent).toBe('This meetup was cancelled.');
    unmount();
    show(card(false), { meetups: { ofPod: () => [] } });
    await waitFor(() =>
      expect(screen.getByTestId('chat-meetup-state').textContent).toBe('This meetup was cancelled.'),
    );
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
  });
});
