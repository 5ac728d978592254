import type { AppRouter, RouterInputs, RouterOutputs } from '@amiko/api';
import type { AppErrorCode } from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

// The API as a component test needs it: a tRPC link that answers each procedure from a handler the test
// gives, typed by the real router's inputs and outputs, and records every call. Everything above the
// link (the React Query caches, the hooks, the components) is the app's own.

type Answer<T> = T | Promise<T>;

/** Handlers by router and procedure, e.g. `{ messages: { thread: (input) => page } }`. */
export type TestApi = {
  [R in keyof RouterInputs]?: {
    [P in keyof RouterInputs[R]]?: (input: RouterInputs[R][P]) => Answer<RouterOutputs[R][P]>;
  };
};

export interface TestCall {
  path: string;
  input: unknown;
}

/**
 * A refusal as the API sends it: an i18n key, its stable code and HTTP status, and the field it is about
 * when the server names one (`appError(code, key, { field })`), as its `fieldErrors`.
 */
export function apiError(
  message: TranslationKey,
  appCode: AppErrorCode,
  httpStatus = 400,
  { field }: { field?: string } = {},
): Error {
  const fieldErrors = field ? { [field]: message } : undefined;
  return TRPCClientError.from({
    error: { message, code: -32600, data: { appCode, httpStatus, fieldErrors } },
  });
}

export function createTestLink(api: TestApi): { link: TRPCLink<AppRouter>; calls: TestCall[] } {
  const calls: TestCall[] = [];
  // Looked up by the operation's path ("router.procedure"), a string: the handler's types are the test's.
  const handlers = api as Record<
    string,
    Record<string, ((input: unknown) => unknown) | undefined> | undefined
  >;
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, input: op.input });
        const [router = '', procedure = ''] = op.path.split('.');
        const handler = handlers[router]?.[procedure];
        Promise.resolve()
          .then(() => {
            if (!handler) throw new Error(`No test handler for ${op.path}`);
            return handler(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (error: unknown) =>
              observer.error(
                error instanceof TRPCClientError
                  ? error
                  : TRPCClientError.from(error instanceof Error ? error : new Error(String(error))),
              ),
          );
        return () => undefined;
      });
  return { link, calls };
}
