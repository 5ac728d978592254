import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { podOnItsPage } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PodSummary } from './PodSummary.tsx';

// A pod at a glance (issue 34.2): how alive it is, with its next meetup once one is planned, in the member's
// own time zone and language; nothing about a meetup when none is.

const nextYear = new Date().getUTCFullYear() + 1;

describe('a pod’s summary', () => {
  it('shows when the pod next meets, in the member’s zone; nothing when no meetup is planned', async () => {
    const startsAt = Date.UTC(nextYear, 5, 5, 19, 30);
    const expected = new Intl.DateTimeFormat('en', {
      weekday: 'short',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
    }).format(startsAt);
    const { unmount } = renderWithApp(
      <PodSummary pod={podOnItsPage({ nextMeetup: { startsAt, timeZone: 'Atlantic/Reykjavik' } })} />,
    );
    expect((await screen.findByTestId('pod-next-meetup')).textContent).toBe(`Next meetup: ${expected}`);
    unmount();
    renderWithApp(<PodSummary pod={podOnItsPage()} />);
    expect(await screen.findByText('Quiet this week')).toBeTruthy();
    expect(screen.queryByTestId('pod-next-meetup')).toBeNull();
  });
});
