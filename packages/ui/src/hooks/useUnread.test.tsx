import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '../test/fixtures.ts';
import { renderWithApp, testPlatform } from '../test/render.tsx';
import { useUnread } from './useUnread.ts';

// The count handed to the host (the tab title, the desktop's tray badge) is the server's from a page's
// first moment: the desktop's badge lives in the main process and outlasts a reload of the page, so a page
// that finds nothing unread must say 0 too, or the badge keeps the number it had before (issue 15.4).

function Probe() {
  useUnread();
  return null;
}

function hostCounts() {
  const counts: number[] = [];
  return {
    counts,
    platform: { ...testPlatform(), setUnreadCount: (count: number) => void counts.push(count) },
  };
}

describe('the unread count handed to the host', () => {
  it('is reported once known, 0 included, then on every change only', async () => {
    const { counts, platform } = hostCounts();
    let unreadConversations = 0;
    let unreadPods = 0;
    const { queryClient } = renderWithApp(<Probe />, {
      platform,
      api: {
        auth: { me: () => signedInMember() },
        messages: { unread: () => ({ hasUnread: unreadConversations > 0, unreadConversations }) },
        pods: { unread: () => ({ unreadPods, pods: [] }) },
      },
    });
    await waitFor(() => expect(counts).toEqual([0]));
    unreadConversations = 2;
    await queryClient.invalidateQueries();
    await waitFor(() => expect(counts).toEqual([0, 2]));
    await queryClient.invalidateQueries();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts).toEqual([0, 2]);
    // Pods with unread messages count beside conversations (issue 34).
    unreadPods = 1;
    await queryClient.invalidateQueries();
    await waitFor(() => expect(counts).toEqual([0, 2, 3]));
  });

  it('is 0 for a visitor, once the session is known', async () => {
    const { counts, platform } = hostCounts();
    renderWithApp(<Probe />, { platform, api: { auth: { me: () => null } } });
    await waitFor(() => expect(counts).toEqual([0]));
  });
});
