import type { MessageView } from '@amiko/api';
import { useEffect } from 'react';
import { listWithConversationRead, threadWithRead, unreadUpTo } from '../../messaging/cache.ts';
import type { MessagingClient } from '../../messaging/client.ts';
import { trpc } from '../../trpc.ts';

/**
 * Messages to `me` that are on screen are marked read (the sender sees "Read"): at once when the page is
 * visible, else when it becomes visible. Over the live connection, or over HTTP when it is down.
 */
export function useReadMarks(
  conversationId: string | null,
  me: string,
  messages: readonly MessageView[],
  client: MessagingClient | null,
) {
  const utils = trpc.useUtils();
  const markReadOverHttp = trpc.messages.markRead.useMutation().mutate;
  const upTo = unreadUpTo(messages, me);

  useEffect(() => {
    if (!conversationId || upTo === 0) return;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', mark);
      const event = { conversationId, readerId: me, upTo, readAt: Date.now() };
      utils.messages.thread.setData({ conversationId }, (data) =>
        data ? threadWithRead(data, event) : data,
      );
      utils.messages.conversations.setData(undefined, (list) =>
        list ? listWithConversationRead(list, conversationId) : list,
      );
      if (!client?.markRead(conversationId, upTo)) markReadOverHttp({ conversationId, upTo });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [conversationId, upTo, me, client, utils, markReadOverHttp]);
}
