import type { Ack, ClientToServerEvents, MessageView, PeerView, RouterOutputs } from '@amiko/api';
import { screen, waitFor, within } from '@testing-library/react';
import { useSyncExternalStore, type ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import LiveMessaging from '../../messaging/LiveMessaging.tsx';
import { useMessagingClient } from '../../messaging/useMessagingLive.ts';
import { storedMessage } from '../../test/fixtures.ts';
import { renderWithApp, testPlatform } from '../../test/render.tsx';
import {
  startTestSocketServer,
  type TestServerSocket,
  type TestSocketServer,
} from '../../test/socket-double.ts';
import { apiError, type TestApi } from '../../test/trpc-double.ts';
import { Thread } from './Thread.tsx';

// The thread as Ben sees his conversation with Ana: the app's own live messaging client connects to a
// socket.io server that stores what Ben sends when the test says so; the thread's pages come from the API.

type SendInput = Parameters<ClientToServerEvents['message:send']>[0];
interface Send {
  input: SendInput;
  ack(result: Ack<MessageView>): void;
}

const ana: PeerView = { id: 'ana', name: 'Ana Alves', avatarUrl: null, deleted: false };

let server: TestSocketServer;
let sends: Send[];
let reads: { conversationId: string; upTo?: number }[];
let typing: string[];
let nextId: number;

beforeEach(async () => {
  sends = [];
  reads = [];
  typing = [];
  nextId = 100;
  server = await startTestSocketServer((socket) => {
    socket.on('message:send', (input, ack) => void sends.push({ input, ack }));
    socket.on('conversation:read', (input) => void reads.push(input));
    socket.on('typing', ({ conversationId }) => void typing.push(conversationId));
  });
});
afterEach(() => server.close());

/** The server stores the send: Ben's message, with the next id. */
function store({ input, ack }: Send): MessageView {
  const message: MessageView = {
    ...storedMessage(nextId++, 'ben', input.body),
    clientId: input.clientId,
  };
  ack({ ok: true, data: message });
  return message;
}

function peerSocket(): TestServerSocket {
  const [socket] = server.sockets();
  if (!socket) throw new Error('Ben is not connected');
  return socket;
}

type ThreadProps = Omit<ComponentProps<typeof Thread>, 'client'>;

/** The live connection as the app keeps it (LiveMessaging), and the thread with its client once shown. */
function LiveThread({ showThread, ...props }: ThreadProps & { showThread: boolean }) {
  const client = useMessagingClient();
  const connected = useSyncExternalStore(
    client?.connection.subscribe ?? (() => () => undefined),
    client?.connection.get ?? (() => false),
  );
  return (
    <>
      <LiveMessaging memberId={props.me} />
      {connected && <span data-testid="connected" />}
      {showThread && <Thread {...props} client={client} />}
    </>
  );
}

/** Connects Ben, then opens his conversation with Ana (`peer`, by default). */
async function openThread(api: TestApi, props: Partial<ThreadProps> = {}) {
  const threadProps: ThreadProps = {
    me: 'ben',
    peer: ana,
    conversationId: 'c',
    blockedByMe: false,
    onDeleted: () => undefined,
    ...props,
  };
  const view = renderWithApp(<LiveThread {...threadProps} showThread={false} />, {
    api,
    platform: testPlatform(server.url),
  });
  await screen.findByTestId('connected');
  view.rerender(<LiveThread {...threadProps} showThread />);
  const section = await screen.findByRole('region', { name: 'Conversation with Ana Alves' });
  const composer = () => within(section).getByRole('textbox', { name: 'Message' });
  return { ...view, section, composer };
}

const bodies = () => screen.queryAllByTestId('message-body').map((body) => body.textContent);

function threadApi(messages: MessageView[], hasMore = false): TestApi {
  return { messages: { thread: () => ({ messages, hasMore }) } };
}

/** Ana's profile as Ben sees it, as far as the icebreakers read it: her interests and those both have. */
function anaProfile(interests: string[], sharedInterests: string[]) {
  return {
    id: 'ana',
    name: 'Ana Alves',
    interests,
    sharedInterests,
  } as unknown as RouterOutputs['profile']['view'];
}

describe('Thread', () => {
  it('offers icebreakers in an empty conversation: a click puts the line in the box to edit, nothing is sent', async () => {
    const api: TestApi = {
      ...threadApi([]),
      profile: { view: () => anaProfile(['hiking', 'cooking', 'chess'], ['hiking', 'cooking']) },
    };
    const { user, composer } = await openThread(api);
    const offered = await screen.findByTestId('icebreakers');
    const lines = within(offered).getAllByRole('button');
    expect(lines).toHaveLength(3);
    const texts = lines.map((line) => line.textContent);
    // The interest in quotation marks, never the sentence's subject (issue 30.18: plural interests read right).
    expect(texts.filter((l) => l?.includes('“Hiking”') || l?.includes('“Cooking”'))).toHaveLength(2);
    expect(texts.filter((l) => l?.includes('“Chess” on your profile'))).toHaveLength(1);

    await user.click(lines[0]!);
    expect(composer()).toHaveProperty('value', texts[0]);
    expect(document.activeElement).toBe(composer());
    expect(sends).toEqual([]);
    await user.type(composer(), ' :){Enter}');
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]?.input.body).toBe(`${texts[0]} :)`);
  });

  it('offers none when the two have no interests to talk about', async () => {
    await openThread({ ...threadApi([]), profile: { view: () => anaProfile([], []) } });
    await screen.findByTestId('thread-empty');
    expect(screen.queryByTestId('icebreakers')).toBeNull();
  });

  it('shows the conversation, says whether Ana read Ben’s last message, and marks hers read', async () => {
    await openThread(
      threadApi([
        storedMessage(1, 'ana', 'Hi Ben!'),
        storedMessage(2, 'ben', 'Hi Ana', 5000),
        storedMessage(3, 'ben', 'How are you?'),
        storedMessage(4, 'ana', 'Fine, thanks'),
      ]),
    );
    await screen.findByText('Fine, thanks');
    expect(bodies()).toEqual(['Hi Ben!', 'Hi Ana', 'How are you?', 'Fine, thanks']);
    // "Sent" or "Read" only under Ben's last message.
    expect(screen.getAllByTestId('read-status').map((s) => s.textContent)).toEqual(['Sent']);
    const mine = screen.getAllByTestId('message').map((m) => m.getAttribute('data-mine'));
    expect(mine).toEqual(['false', 'true', 'true', 'false']);
    await waitFor(() => expect(reads).toEqual([{ conversationId: 'c', upTo: 4 }]));

    peerSocket().emit('conversation:read', { conversationId: 'c', readerId: 'ana', upTo: 3, readAt: 9000 });
    await screen.findByText('Read');
    expect(screen.getAllByTestId('read-status').map((s) => s.textContent)).toEqual(['Read']);
  });

  it('shows Ben’s message as sending until the server stores it, then as sent', async () => {
    const { user, composer } = await openThread(threadApi([storedMessage(1, 'ana', 'Hi Ben!')]));
    await user.type(composer(), 'Hello Ana{Enter}');

    const pending = await screen.findByTestId('pending-message');
    expect(pending.textContent).toContain('Hello Ana');
    expect(pending.textContent).toContain('Sending…');
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(sends[0]?.input).toMatchObject({ to: 'ana', body: 'Hello Ana' });
    expect(typing).toEqual(['c']);

    store(sends[0]!);
    await screen.findByText('Sent');
    expect(bodies()).toEqual(['Hi Ben!', 'Hello Ana']);
    expect(screen.queryByTestId('pending-message')).toBeNull();
  });

  it('says why a message was not sent, sends it again on request, and removes another', async () => {
    const { user, composer } = await openThread(threadApi([]));
    expect((await screen.findByTestId('thread-empty')).textContent).toBe(
      'No messages yet. Say hello to Ana Alves!',
    );

    await user.type(composer(), 'First try{Enter}');
    await waitFor(() => expect(sends).toHaveLength(1));
    sends[0]!.ack({ ok: false, error: { appCode: 'RATE_LIMITED', message: 'messages:errors.tooFast' } });
    const failed = await screen.findByTestId('pending-message');
    expect(within(failed).getByText('Not sent')).toBeTruthy();
    expect((await screen.findByTestId('send-error')).textContent).toContain(
      'You are sending messages very quickly. Please wait a moment and try again.',
    );

    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(sends).toHaveLength(2));
    expect(sends[1]?.input.clientId).toBe(sends[0]?.input.clientId);
    store(sends[1]!);
    await screen.findByText('First try');
    expect(screen.queryByTestId('pending-message')).toBeNull();
    expect(screen.queryByTestId('send-error')).toBeNull();

    await user.type(composer(), 'Never mind{Enter}');
    await waitFor(() => expect(sends).toHaveLength(3));
    sends[2]!.ack({ ok: false, error: { appCode: 'RATE_LIMITED', message: 'messages:errors.tooFast' } });
    const second = await screen.findByTestId('pending-message');
    await user.click(await within(second).findByRole('button', { name: 'Remove' }));
    expect(screen.queryByTestId('pending-message')).toBeNull();
    expect(bodies()).toEqual(['First try']);
  });

  it('shows Ana typing, then her message live, once however often it arrives, and marks it read', async () => {
    await openThread(threadApi([storedMessage(1, 'ben', 'Are you there?')]));
    await screen.findByText('Are you there?');
    peerSocket().emit('typing', { conversationId: 'c', memberId: 'ana' });
    await waitFor(() => expect(screen.getByTestId('typing').textContent).toBe('Ana Alves is typing…'));

    const reply = storedMessage(2, 'ana', 'Yes, here!');
    peerSocket().emit('message:new', reply);
    peerSocket().emit('message:new', reply);
    await screen.findByText('Yes, here!');
    expect(bodies()).toEqual(['Are you there?', 'Yes, here!']);
    expect(screen.getByTestId('typing').textContent).toBe('');
    await waitFor(() => expect(reads).toEqual([{ conversationId: 'c', upTo: 2 }]));
  });

  it('loads older messages in front of the shown ones, and says when that failed', async () => {
    let older: () => { messages: MessageView[]; hasMore: boolean } = () => {
      throw apiError('common:errors.tooManyRequests', 'RATE_LIMITED', 429);
    };
    const asked: (number | undefined)[] = [];
    const { user } = await openThread({
      messages: {
        thread: ({ before }) => {
          asked.push(before);
          return before === undefined
            ? {
                messages: [storedMessage(10, 'ana', 'Ten'), storedMessage(11, 'ben', 'Eleven')],
                hasMore: true,
              }
            : older();
        },
      },
    });
    await screen.findByText('Eleven');
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    expect(await screen.findByText('Too many requests. Please wait and try again later.')).toBeTruthy();
    expect(asked).toEqual([undefined, 10]);

    older = () => ({
      messages: [storedMessage(8, 'ben', 'Eight'), storedMessage(9, 'ana', 'Nine')],
      hasMore: false,
    });
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('Eight');
    expect(bodies()).toEqual(['Eight', 'Nine', 'Ten', 'Eleven']);
    expect(asked).toEqual([undefined, 10, 10]);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
    expect(screen.queryByText('Too many requests. Please wait and try again later.')).toBeNull();
  });

  it('has no composer when Ben blocked Ana, and links to his blocked users', async () => {
    const { section } = await openThread(threadApi([storedMessage(1, 'ana', 'Hi')]), { blockedByMe: true });
    expect(within(section).queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(
      within(section).getByText('You have blocked this member, so you cannot write to each other.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Manage blocked users' }).getAttribute('href')).toBe(
      '/settings/blocked-users',
    );
  });
});

describe('Thread without a live connection', () => {
  it('marks Ana’s messages read over HTTP, and cannot send', async () => {
    const marked: unknown[] = [];
    renderWithApp(
      <Thread
        me="ben"
        peer={ana}
        conversationId="c"
        blockedByMe={false}
        client={null}
        onDeleted={() => undefined}
      />,
      {
        api: {
          messages: {
            thread: () => ({ messages: [storedMessage(1, 'ana', 'Hi Ben!')], hasMore: false }),
            markRead: (input) => {
              marked.push(input);
              return { upTo: 1 };
            },
          },
        },
      },
    );
    await screen.findByText('Hi Ben!');
    await waitFor(() => expect(marked).toEqual([{ conversationId: 'c', upTo: 1 }]));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('disabled', true);
  });

  it('names a member who deleted their account as such, without a link or a composer', async () => {
    renderWithApp(
      <Thread
        me="ben"
        peer={{ ...ana, name: '', deleted: true }}
        conversationId="c"
        blockedByMe={false}
        client={null}
        onDeleted={() => undefined}
      />,
      { api: threadApi([storedMessage(1, 'ana', 'Bye')]) },
    );
    const section = await screen.findByRole('region', { name: 'Conversation with Deleted member' });
    await within(section).findByText('Bye');
    expect(within(section).getByText('This member has deleted their account.')).toBeTruthy();
    expect(within(section).queryByRole('link', { name: 'Deleted member' })).toBeNull();
    expect(within(section).queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('keeps a first message refused for want of payment as the draft, in the box and after a remount, until sent', async () => {
    localStorage.clear();
    const { user, composer, rerender } = await openThread(threadApi([]));
    await user.type(composer(), 'Hello Ana{Enter}');
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(composer()).toHaveProperty('value', '');
    sends[0]!.ack({
      ok: false,
      error: { appCode: 'PAYMENT_REQUIRED', message: 'payment:errors.paymentRequired' },
    });
    // Back in the box (the thread is still on screen) and kept for the way to the payment and back.
    await waitFor(() => expect(composer()).toHaveProperty('value', 'Hello Ana'));
    expect(localStorage.getItem('amiko.draft:ben:ana')).toBe('Hello Ana');
    expect(localStorage.getItem('amiko.paymentReturn:ben')).toBe('ana');

    const props = {
      me: 'ben',
      peer: ana,
      conversationId: 'c',
      blockedByMe: false,
      onDeleted: () => undefined,
    };
    rerender(<LiveThread {...props} showThread={false} />);
    rerender(<LiveThread {...props} showThread />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).toHaveProperty('value', 'Hello Ana');
    await user.type(box, ' :){Enter}');
    await waitFor(() => expect(sends).toHaveLength(2));
    expect(sends[1]?.input.body).toBe('Hello Ana :)');
    store(sends[1]!);
    await screen.findByText('Sent');
    expect(localStorage.getItem('amiko.draft:ben:ana')).toBeNull();
  });
});
