import type { PodMessageView, PodThreadPage, RouterInputs } from '@amiko/api';
import { screen, waitFor, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { podOnItsPage } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { apiError, type TestApi } from '../../test/trpc-double.ts';
import { PodChat } from './PodChat.tsx';

// A pod's chat keeps what Ben typed and has not sent (issue 34.4: drafts), as one-to-one chat does: under
// the pod's draft key, across leaving the pod's page and coming back; and a message refused for want of
// payment (issue 34.6) waits as the draft while the way leads to /payment-info, which remembers the pod to
// come back to. The app's router, caches and drafts are its own; only the API is a double.

const pod = podOnItsPage({ myRole: 'member' });
const DRAFT = 'amiko.draft:ben:pod:p1';
const RETURN = 'amiko.paymentReturn:ben';

const emptyPage: PodThreadPage = { messages: [], hasMore: false, senders: [], reads: [], myReadUpTo: null };

/** The pod's page with its chat, the Pods list to leave to, and the payment page the refusal leads to. */
function App() {
  return (
    <Routes>
      <Route
        path="/pods/p1"
        element={
          <>
            <Link to="/pods">All pods</Link>
            <PodChat pod={pod} me="ben" />
          </>
        }
      />
      <Route path="/pods" element={<Link to="/pods/p1">Back to the pod</Link>} />
      <Route
        path="/payment-info"
        element={
          <>
            <h1>Payment</h1>
            <Link to="/pods/p1">Back to the pod</Link>
          </>
        }
      />
    </Routes>
  );
}

/** Ben's sends, answered by `answer` (the server's message, or a refusal). */
function chatApi(answer: (input: RouterInputs['pods']['send']) => PodMessageView) {
  const sent: RouterInputs['pods']['send'][] = [];
  const api: TestApi = {
    pods: {
      messages: () => emptyPage,
      send: (input) => {
        sent.push(input);
        return { message: answer(input), created: true };
      },
      read: () => ({ upTo: null }),
    },
  };
  return { api, sent };
}

const box = () => screen.findByRole('textbox', { name: 'Message' });

beforeEach(() => localStorage.clear());

describe('a pod’s chat keeps drafts', { timeout: 30_000 }, () => {
  it('keeps what was typed across leaving the pod and coming back, and forgets it once sent', async () => {
    const { api, sent } = chatApi((input) => ({
      id: 1,
      podId: 'p1',
      senderId: 'ben',
      clientId: input.clientId,
      body: input.body,
      createdAt: Date.now(),
      meetup: null,
    }));
    const { user } = renderWithApp(<App />, { api, path: '/pods/p1' });
    await user.type(await box(), 'Saturday at the lake?');
    expect(localStorage.getItem(DRAFT)).toBe('Saturday at the lake?');

    await user.click(screen.getByRole('link', { name: 'All pods' }));
    await user.click(await screen.findByRole('link', { name: 'Back to the pod' }));
    expect(await box()).toHaveProperty('value', 'Saturday at the lake?');
    expect(sent).toEqual([]);

    await user.type(await box(), ' 10:00{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ podId: 'p1', body: 'Saturday at the lake? 10:00' });
    await within(screen.getByTestId('pod-messages')).findByText('Saturday at the lake? 10:00');
    expect(localStorage.getItem(DRAFT)).toBeNull();
  });

  it('keeps a message refused for want of payment as the draft and goes to the payment, to come back to the pod', async () => {
    const { api, sent } = chatApi(() => {
      throw apiError('payment:errors.paymentRequired', 'PAYMENT_REQUIRED', 402);
    });
    const { user } = renderWithApp(<App />, { api, path: '/pods/p1' });
    await user.type(await box(), 'Hello, pod!{Enter}');

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(localStorage.getItem(DRAFT)).toBe('Hello, pod!');
    expect(localStorage.getItem(RETURN)).toBe('pod:p1');
    // Back from the payment (PaymentSuccessScreen leads there by the remembered key): the message in the box.
    await user.click(screen.getByRole('link', { name: 'Back to the pod' }));
    expect(await box()).toHaveProperty('value', 'Hello, pod!');
    expect(await screen.findByTestId('pod-icebreakers')).toBeTruthy();
  });
});
