import { startTransition, useCallback, useEffect, useState } from 'react';
import { nextTask } from './tasks.ts';

// The public site's stand-in for ../trpc.ts and for @trpc/client (the site build,
// apps/web/vite.site.config.ts, puts it in their place): the hooks the public pages use (useQuery,
// useMutation, useUtils) on plain requests in tRPC's HTTP format (GET for a query, POST for a mutation,
// JSON without a transformer, as the app's client sends them). A visitor's page asks a handful of
// questions once; it needs no cache beyond sharing one answer between the components that ask the same
// question. Failures are TRPCClientErrors with the server's error data, as ../errors.ts reads them.

/** tRPC's client error as ../errors.ts reads it: the server's message and its data (none when unreachable). */
export class TRPCClientError extends Error {
  readonly data: unknown;
  constructor(message: string, data?: unknown, cause?: unknown) {
    super(message, { cause });
    this.name = 'TRPCClientError';
    this.data = data;
  }
}

async function call(path: string[], input: unknown, mutation: boolean): Promise<unknown> {
  const url = `/trpc/${path.join('.')}`;
  // A question starts in a task of its own: the page's first ones are asked in the effects after
  // hydration, where their starts together made one long task on a phone. A mutation starts at once: a
  // page view is sent as the page comes alive, and a visitor who follows a link at once (a page load)
  // would otherwise leave before it is on its way.
  if (!mutation) await nextTask();
  let response: Response;
  try {
    response = await fetch(
      mutation || input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`,
      mutation
        ? {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: input === undefined ? undefined : JSON.stringify(input),
          }
        : { credentials: 'include' },
    );
  } catch (error) {
    throw new TRPCClientError(error instanceof Error ? error.message : String(error), undefined, error);
  }
  const answer = (await response.json().catch(() => null)) as {
    result?: { data?: unknown };
    error?: { message: string; data?: unknown };
  } | null;
  if (answer?.error) throw new TRPCClientError(answer.error.message, answer.error.data);
  if (!response.ok || !answer?.result) throw new TRPCClientError(`HTTP ${response.status}`);
  return answer.result.data;
}

/** The plain client of useUtils().client: `client.site.pageView.mutate(input)`. */
function client(path: string[]): unknown {
  return new Proxy(() => undefined, {
    get(_, key: string) {
      if (key === 'query') return (input?: unknown) => call(path, input, false);
      if (key === 'mutate') return (input?: unknown) => call(path, input, true);
      return client([...path, key]);
    },
  });
}

interface QueryState {
  data: unknown;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
}

const PENDING: QueryState = {
  data: undefined,
  error: null,
  isPending: true,
  isError: false,
  isSuccess: false,
};

interface Query {
  state: QueryState;
  started: boolean;
  listeners: Set<() => void>;
  run(): void;
}

const queries = new Map<string, Query>();

function queryOf(path: string[], input: unknown): Query {
  const key = JSON.stringify([path, input ?? null]);
  let query = queries.get(key);
  if (!query) {
    const entry: Query = {
      state: PENDING,
      started: false,
      listeners: new Set(),
      run() {
        entry.started = true;
        call(path, input, false).then(
          (data) => set({ data, error: null, isPending: false, isError: false, isSuccess: true }),
          (error: unknown) =>
            set({ data: undefined, error, isPending: false, isError: true, isSuccess: false }),
        );
      },
    };
    const set = (state: QueryState) => {
      entry.state = state;
      for (const listener of entry.listeners) listener();
    };
    query = entry;
    queries.set(key, query);
  }
  return query;
}

function useQuery(path: string[], input: unknown, options?: { enabled?: boolean }) {
  const query = queryOf(path, input);
  const enabled = options?.enabled !== false;
  // Hydration sees what the build prerendered: every question still open (questions start once the page
  // is live). A later component sees the answer at once.
  const [state, setState] = useState(() => (enabled ? query.state : PENDING));
  useEffect(() => {
    // An answer re-renders as a transition, in slices, not useSyncExternalStore's one synchronous render:
    // the session's answer re-renders the whole page under the Layout, one long task on a phone (90 ms).
    const update = () => startTransition(() => setState(enabled ? query.state : PENDING));
    query.listeners.add(update);
    if (enabled && !query.started) query.run();
    update();
    return () => void query.listeners.delete(update);
  }, [query, enabled]);
  return state;
}

interface MutationCallbacks {
  onSuccess?: (data: unknown) => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
}

function useMutation(path: string[], options?: MutationCallbacks) {
  const [state, setState] = useState<QueryState & { isIdle: boolean }>({
    ...PENDING,
    isPending: false,
    isIdle: true,
  });
  const mutate = (input: unknown, callbacks?: MutationCallbacks) => {
    setState({ ...PENDING, isIdle: false });
    call(path, input, true).then(
      (data) => {
        setState({ data, error: null, isPending: false, isError: false, isSuccess: true, isIdle: false });
        options?.onSuccess?.(data);
        callbacks?.onSuccess?.(data);
        options?.onSettled?.();
      },
      (error: unknown) => {
        setState({
          data: undefined,
          error,
          isPending: false,
          isError: true,
          isSuccess: false,
          isIdle: false,
        });
        options?.onError?.(error);
        callbacks?.onError?.(error);
        options?.onSettled?.();
      },
    );
  };
  const reset = useCallback(() => setState({ ...PENDING, isPending: false, isIdle: true }), []);
  return { ...state, mutate, reset };
}

/** useUtils(): the plain client, and a query's answer set or asked again. */
function utils(path: string[]): unknown {
  return new Proxy(() => undefined, {
    get(_, key: string) {
      if (key === 'client' && path.length === 0) return client([]);
      return utils([...path, key]);
    },
    apply(_, __, args: unknown[]) {
      const method = path.at(-1);
      const target = path.slice(0, -1);
      const matching = [...queries].filter(([key]) =>
        (JSON.parse(key) as [string[]])[0].join('.').startsWith(target.join('.')),
      );
      if (method === 'setData') {
        const [, updater] = args as [unknown, unknown];
        for (const [, query] of matching) {
          const data =
            typeof updater === 'function'
              ? (updater as (old: unknown) => unknown)(query.state.data)
              : updater;
          query.state = { data, error: null, isPending: false, isError: false, isSuccess: true };
          for (const listener of query.listeners) listener();
        }
        return undefined;
      }
      if (method === 'invalidate') {
        for (const [, query] of matching) if (query.started) query.run();
        return Promise.resolve();
      }
      throw new Error(`site trpc: ${path.join('.')} is not available on the public pages`);
    },
  });
}

function hooks(path: string[]): unknown {
  return new Proxy(() => undefined, {
    get(_, key: string) {
      if (key === 'useQuery')
        return (input: unknown, options?: { enabled?: boolean }) => useQuery(path, input, options);
      if (key === 'useMutation') return (options?: MutationCallbacks) => useMutation(path, options);
      if (key === 'useUtils' && path.length === 0) return () => utils([]);
      return hooks([...path, key]);
    },
  });
}

/** The same calls as ../trpc.ts's `trpc` (createTRPCReact), for the procedures the public pages use. */
export const trpc = hooks([]);

/** React Query's useQueryClient, for signing out: everything asked so far is forgotten. */
export function useQueryClient() {
  return { clear: () => queries.clear() };
}
