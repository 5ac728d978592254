import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while a prerendered page waits for its app (in the build's prerendering and during hydration),
 * true once React runs the page. Controls that need the app (forms, menus, the language switcher) are
 * disabled until then, so nothing a visitor types or clicks in that moment is lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
