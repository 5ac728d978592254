import { Box, Container, Flex, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ConversationView } from '@amiko/api';
import { errorKey } from '../../errors.ts';
import { useSession } from '../../hooks/useSession.ts';
import { useMessagingClient } from '../../messaging/useMessagingLive.ts';
import { trpc } from '../../trpc.ts';
import { ConversationList } from './ConversationList.tsx';
import { Thread } from './Thread.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/**
 * /messages (SPEC §2 Messages): the conversation list beside the open conversation; on narrow screens one
 * at a time. `?with=<memberId>` opens the conversation with that member, or a new one (the profile's
 * Message button links here); the conversation itself starts with its first message.
 */
export default function MessagesScreen() {
  const { t, i18n } = useTranslation(['messages', 'community', 'common']);
  const { member } = useSession();
  const me = member?.id ?? '';
  const [params, setParams] = useSearchParams();
  const withId = params.get('with');
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const client = useMessagingClient();

  const list = trpc.messages.conversations.useQuery(undefined, { staleTime: 30_000 });
  // When this visit opened the page: the time a conversation not started yet is listed with.
  const [openedAt] = useState(() => Date.now());
  // The list is a snapshot of every message up to its cursor: after a reconnect, replay from there.
  const cursor = list.data?.cursor;
  useEffect(() => {
    if (client && cursor !== undefined) client.knownUpTo(cursor);
  }, [client, cursor]);

  const selected = withId ? list.data?.conversations.find((c) => c.other.id === withId) : undefined;
  const select = (memberId: string | null) => setParams(memberId ? { with: memberId } : {});

  // The member whose listed conversation is open here. When it leaves the list while open (the other member
  // deleted it, live), the screen goes back to no selection instead of opening a new, empty one with them.
  // (Kept in state and adjusted while rendering, React's way to follow a changing value without an effect.)
  const [shownWith, setShownWith] = useState<string | null>(null);
  const shownNow = selected ? selected.other.id : shownWith === withId ? shownWith : null;
  if (shownNow !== shownWith) setShownWith(shownNow);
  const deletedHere = withId !== null && shownWith === withId && list.isSuccess && !selected;
  useEffect(() => {
    if (deletedHere) setParams({});
  }, [deletedHere, setParams]);

  const opening = trpc.messages.open.useQuery(
    { with: withId ?? '' },
    { enabled: withId !== null && list.isSuccess && !selected && !deletedHere, retry: false },
  );

  // A conversation opened from a profile and not started yet is listed too, on top, while it is open
  // (issue 30.14: the list said "No conversations yet" beside it); its first message makes it a real one.
  const opened: ConversationView | null =
    opening.data && !selected
      ? {
          id: opening.data.conversationId ?? `new:${opening.data.other.id}`,
          other: opening.data.other,
          lastMessage: null,
          updatedAt: openedAt,
          unreadCount: 0,
          blockedByMe: opening.data.blockedByMe,
        }
      : null;
  const conversations = list.data && opened ? [opened, ...list.data.conversations] : list.data?.conversations;

  const listPane = (
    <ConversationList
      me={me}
      conversations={conversations}
      loading={list.isPending}
      error={list.isError}
      onRetry={() => void list.refetch()}
      selectedMemberId={withId}
      onSelect={select}
    />
  );

  let threadPane;
  if (!withId) {
    threadPane = (
      <Group justify="center" align="center" h="100%" p="xl">
        <Text c="dimmed" ta="center" maw={360}>
          {t('thread.select')}
        </Text>
      </Group>
    );
  } else if (selected) {
    threadPane = (
      <Thread
        key={selected.id}
        me={me}
        peer={selected.other}
        conversationId={selected.id}
        blockedByMe={selected.blockedByMe}
        client={client}
        onBack={narrow ? () => select(null) : undefined}
        onDeleted={() => select(null)}
      />
    );
  } else if (opening.data) {
    threadPane = (
      <Thread
        key={`new:${withId}`}
        me={me}
        peer={opening.data.other}
        conversationId={opening.data.conversationId}
        blockedByMe={opening.data.blockedByMe}
        client={client}
        onBack={narrow ? () => select(null) : undefined}
        onDeleted={() => select(null)}
      />
    );
  } else if (opening.isError) {
    threadPane = <ErrorAlert m="md">{i18n.t(errorKey(opening.error))}</ErrorAlert>;
  } else {
    threadPane = (
      <Group justify="center" p="xl">
        <Loader size="sm" aria-label={t('common:loading')} />
      </Group>
    );
  }

  const height = 'max(420px, calc(100dvh - 200px))';
  return (
    <Container size="lg" py="md" px={narrow ? 0 : undefined}>
      <Title order={1} size="h2" mb="sm" px={narrow ? 'sm' : 0}>
        {t('title')}
      </Title>
      <Paper withBorder radius={narrow ? 0 : 'md'} h={height} style={{ overflow: 'hidden' }}>
        {narrow ? (
          <Box h="100%">{withId ? threadPane : listPane}</Box>
        ) : (
          <Flex h="100%">
            <Box w="34%" miw={260} h="100%" style={{ borderRight: '1px solid var(--mantine-color-gray-2)' }}>
              {listPane}
            </Box>
            <Box h="100%" style={{ flex: 1, minWidth: 0 }}>
              {threadPane}
            </Box>
          </Flex>
        )}
      </Paper>
    </Container>
  );
}
