import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

// Notifications appear after an action, never on a first visit: the container and its code load when the
// first one is shown.

let wanted = false;
const listeners = new Set<() => void>();
/** The close button's name in the interface language (axe: a button needs one), kept by the outlet. */
let closeLabel = 'Close';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/** Shows a notification (Mantine's), loading the notifications code on first use. */
export async function notify(data: NotificationData): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const { notifications } = await import('@mantine/notifications');
  notifications.show({ ...data, closeButtonProps: { 'aria-label': closeLabel, ...data.closeButtonProps } });
}

/** Where notifications appear; renders nothing until the first notify(). */
export function NotificationsOutlet() {
  const { t } = useTranslation('common');
  useEffect(() => {
    closeLabel = t('close');
  }, [t]);
  const show = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      {/* At the bottom: at the top they covered the header's links (issue 18.8). */}
      <Notifications position="bottom-center" />
    </Suspense>
  );
}
