import { useState } from 'react';
import { threadWithOlderPage, type ThreadData } from '../../messaging/cache.ts';
import { trpc } from '../../trpc.ts';

/** Loads the page of messages before the oldest one shown and merges it in front of the cached thread. */
export function useOlderMessages(conversationId: string | null, thread: ThreadData | undefined) {
  const utils = trpc.useUtils();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const loadOlder = async () => {
    const first = thread?.messages[0];
    if (!conversationId || !first || loading || !thread?.hasMore) return;
    setLoading(true);
    setError(null);
    try {
      const page = await utils.client.messages.thread.query({ conversationId, before: first.id });
      utils.messages.thread.setData({ conversationId }, (data) =>
        data ? threadWithOlderPage(data, page) : data,
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(false);
    }
  };

  return { loadOlder, loading, error };
}
