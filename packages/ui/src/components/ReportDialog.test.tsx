import type { RouterInputs } from '@amiko/api';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThreadActions } from '../screens/messages/ThreadActions.tsx';
import { directoryCard } from '../test/fixtures.ts';
import { renderWithApp } from '../test/render.tsx';
import type { TestApi } from '../test/trpc-double.ts';
import { MemberCard } from './MemberCard.tsx';

// Report from anywhere a member appears (issue 19.5): the directory card and the conversation's menu open
// the profile's report dialog, and it sends the same report.

type ReportInput = RouterInputs['reports']['create'];

function reportsApi() {
  const sent: ReportInput[] = [];
  const api: TestApi = {
    reports: {
      create: (input) => {
        sent.push(input);
        return { id: `r${sent.length}` };
      },
    },
  };
  return { sent, api };
}

async function fillAndSend(user: ReturnType<typeof renderWithApp>['user'], name: string) {
  const dialog = await screen.findByRole('dialog', { name: `Report ${name}` });
  await user.click(screen.getByRole('button', { name: 'Send report' }));
  expect(screen.getByText('Please choose a reason.')).toBeTruthy();
  await user.click(screen.getByRole('radio', { name: 'Fake profile' }));
  await user.type(screen.getByLabelText('Note for our team (optional)'), 'Photos from a stock site');
  await user.click(screen.getByRole('button', { name: 'Send report' }));
  await waitFor(() => expect(dialog.isConnected).toBe(false));
}

describe('report from anywhere', () => {
  it('from a directory card', async () => {
    const { sent, api } = reportsApi();
    const { user } = renderWithApp(<MemberCard member={directoryCard('m1', 'Ana Alves')} limited={false} />, {
      api,
    });
    await user.click(screen.getByRole('button', { name: 'Report Ana Alves' }));
    await fillAndSend(user, 'Ana Alves');
    expect(sent).toEqual([{ memberId: 'm1', reason: 'fakeProfile', note: 'Photos from a stock site' }]);
  });

  it('not from the cards visitors see (reports need an account)', () => {
    renderWithApp(<MemberCard member={directoryCard('m1', 'Ana Alves')} limited />);
    expect(screen.queryByRole('button', { name: 'Report Ana Alves' })).toBeNull();
  });

  it('from the conversation’s menu, also after blocking', async () => {
    const { sent, api } = reportsApi();
    const peer = { id: 'ana', name: 'Ana Alves', avatarUrl: null, deleted: false };
    const { user } = renderWithApp(
      <ThreadActions peer={peer} name="Ana" conversationId="c1" blockedByMe onDeleted={() => undefined} />,
      { api },
    );
    await user.click(screen.getByRole('button', { name: 'Conversation options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    await fillAndSend(user, 'Ana');
    expect(sent).toEqual([{ memberId: 'ana', reason: 'fakeProfile', note: 'Photos from a stock site' }]);
  });

  it('not about a deleted account (in German)', async () => {
    const peer = { id: 'ana', name: 'Deleted member', avatarUrl: null, deleted: true };
    const { user } = renderWithApp(
      <ThreadActions
        peer={peer}
        name="Deleted member"
        conversationId="c1"
        blockedByMe={false}
        onDeleted={() => undefined}
      />,
      { language: 'de' },
    );
    await user.click(screen.getByRole('button', { name: 'Optionen der Unterhaltung' }));
    await screen.findByRole('menuitem', { name: 'Unterhaltung löschen' });
    expect(screen.queryByRole('menuitem', { name: 'Melden' })).toBeNull();
  });
});
