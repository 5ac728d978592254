import type { PodMessageView, PodThreadPage, RouterInputs } from '@amiko/api';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { podOnItsPage } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import type { TestApi } from '../../test/trpc-double.ts';
import { PodChat } from './PodChat.tsx';

// Report a message from the pod's chat (issue 34.5): beside another member's message, a button named for
// its sender opens the one report dialog, which sends the report with the pod and the message. Nothing to
// report on Ben's own messages, on a meetup's card, or of a deleted account.

const pod = podOnItsPage({ myRole: 'member' });

const message = (id: number, senderId: string, body: string): PodMessageView => ({
  id,
  podId: 'p1',
  senderId,
  clientId: `c${id}`,
  body,
  createdAt: Date.now() - 60_000 + id,
  meetup: null,
});

const page: PodThreadPage = {
  messages: [
    message(1, 'ana', 'Buy cheap watches at example.com'),
    message(2, 'ben', 'Please stop, Ana.'),
    {
      ...message(3, 'ana', ''),
      clientId: 'meetup:m1',
      meetup: { id: 'm1', startsAt: Date.now(), cancelled: false },
    },
    message(4, 'carl', 'An old hello'),
    message(5, 'dora', 'Hello all!'),
  ],
  hasMore: false,
  senders: [
    { id: 'ana', name: 'Ana', avatarUrl: null, deleted: false },
    { id: 'ben', name: 'Ben', avatarUrl: null, deleted: false },
    { id: 'carl', name: '', avatarUrl: null, deleted: true },
    { id: 'dora', name: 'Dora', avatarUrl: null, deleted: false },
  ],
  reads: [],
  myReadUpTo: null,
};

function chatApi() {
  const reports: RouterInputs['pods']['report'][] = [];
  const api: TestApi = {
    pods: {
      messages: () => page,
      read: () => ({ upTo: null }),
      report: (input) => {
        reports.push(input);
        return { id: 'r1' };
      },
    },
    meetups: { ofPod: () => [] },
  };
  return { api, reports };
}

/** The message with this text, once Ben's chat shows it. */
async function bubble(text: string): Promise<HTMLElement> {
  const log = await screen.findByTestId('pod-messages');
  const messages = await within(log).findAllByTestId('message');
  const found = messages.find((m) => m.textContent?.includes(text));
  if (!found) throw new Error(`No message "${text}"`);
  return found;
}

beforeEach(() => localStorage.clear());

describe('reporting a message from a pod’s chat', { timeout: 30_000 }, () => {
  it('is offered beside other members’ messages only, and sends the report with the pod and the message', async () => {
    const { api, reports } = chatApi();
    const { user } = renderWithApp(<PodChat pod={pod} me="ben" />, { api, path: '/pods/p1' });
    const fromAna = await bubble('Buy cheap watches');
    const mine = await bubble('Please stop');
    const fromCarl = await bubble('An old hello');
    const fromDora = await bubble('Hello all!');
    expect(within(fromAna).getByRole('button', { name: 'Report message from Ana' })).toBeTruthy();
    expect(within(fromDora).getByRole('button', { name: 'Report message from Dora' })).toBeTruthy();
    expect(within(mine).queryByRole('button')).toBeNull();
    expect(within(fromCarl).queryByRole('button')).toBeNull();
    // Two to report in all: Ana's message and Dora's; not the meetup's card Ana proposed.
    expect(screen.getByText('Ana proposed a meetup')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Report message/ })).toHaveLength(2);

    // A real button: focused and pressed with Enter from the keyboard.
    within(fromAna).getByRole('button', { name: 'Report message from Ana' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report Ana' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ podId: 'p1', memberId: 'ana', messageId: 1, reason: 'spam' });
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('is named in German', async () => {
    const { api } = chatApi();
    renderWithApp(<PodChat pod={pod} me="ben" />, { api, path: '/pods/p1', language: 'de' });
    const fromAna = await bubble('Buy cheap watches');
    expect(within(fromAna).getByRole('button', { name: 'Nachricht von Ana melden' })).toBeTruthy();
  });
});
