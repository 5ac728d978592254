import { CHUNK_LOAD_TIMEOUT_MS } from '@amiko/core';
import { lazy, type ComponentType } from 'react';

/**
 * React.lazy with SPEC §9's chunk load timeout: a screen whose code has not arrived after 120 s fails, and
 * the error boundary offers to try again instead of spinning forever.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType<P> }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }),
  );
}
