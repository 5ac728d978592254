import { CHUNK_LOAD_TIMEOUT_MS } from '@amiko/core';
import { use, type ComponentType } from 'react';

type ScreenModule<P> = { default: ComponentType<P> };

/** A screen whose code loads on first render, and which can be loaded ahead of it (`preload`). */
export type LazyScreen<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A screen in its own chunk, like React.lazy, with SPEC §9's chunk load timeout: a screen whose code has
 * not arrived after 120 s fails, and the error boundary offers to try again instead of spinning forever.
 * Unlike React.lazy it can be loaded before React first renders it: mount.tsx loads the screens of a
 * prerendered page before hydrating it, so hydration never waits on a screen (a Suspense boundary that is
 * still waiting when anything above it updates is thrown away and painted anew).
 */
export function lazyScreen<P extends object>(load: () => Promise<ScreenModule<P>>): LazyScreen<P> {
  let loaded: ScreenModule<P> | undefined;
  let loading: Promise<ScreenModule<P>> | undefined;
  const preload = () =>
    (loading ??= new Promise<ScreenModule<P>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
      load().then(
        (module) => {
          clearTimeout(timer);
          loaded = module;
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          loading = undefined; // a later render tries again
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }));
  function Screen(props: P) {
    const Component = (loaded ?? use(preload())).default;
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}
