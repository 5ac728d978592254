import type { RouterOutputs } from '@amiko/api';
import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { usePlatform, type NotificationAccess } from '../../platform.tsx';
import { trpc } from '../../trpc.ts';

const ACCESS_TEXT = {
  default: 'notifications.browserAsk',
  granted: 'notifications.browserGranted',
  denied: 'notifications.browserDenied',
  unsupported: 'notifications.browserUnsupported',
} as const satisfies Record<NotificationAccess, string>;

type PushDevices = RouterOutputs['push']['devices'];

/**
 * Notifications on this device and the member's devices that get pushes (issue 31), in Settings →
 * Notifications: in a browser, "Notify me on this device" (the permission to notify asked for only on that
 * click, then this browser's Web Push subscription), and every device that gets pushes, each removable.
 */
export function PushSettings() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const platform = usePlatform();
  const utils = trpc.useUtils();
  const [access, setAccess] = useState(() => platform.notificationAccess());

  // Web Push (issue 31): this device gets notifications while Amiko is closed once the member asked for it.
  const devices = trpc.push.devices.useQuery();
  const listed = (list: PushDevices) => utils.push.devices.setData(undefined, list);
  const subscribe = trpc.push.subscribe.useMutation({ onSuccess: listed });
  const remove = trpc.push.remove.useMutation({ onSuccess: listed });
  const publicKey = devices.data?.publicKey ?? null;
  const pushPossible = platform.push !== null && publicKey !== null;
  const thisDevice = devices.data?.devices.some((device) => device.thisDevice) ?? false;
  const [turningOn, setTurningOn] = useState(false);
  const [pushFailed, setPushFailed] = useState(false);

  /** "Notify me on this device": the browser's permission (asked only here, on the click), then push. */
  async function turnOn() {
    setPushFailed(false);
    subscribe.reset();
    setTurningOn(true);
    try {
      const given = access === 'granted' ? access : await platform.requestNotificationAccess();
      setAccess(given);
      if (given !== 'granted' || !platform.push) return;
      // The click may come before the server's key has loaded.
      const key = publicKey ?? (await utils.push.devices.fetch().catch(() => null))?.publicKey;
      if (!key) return;
      let subscription;
      try {
        subscription = await platform.push.subscribe(key);
      } catch {
        // Notifications still show while Amiko is open (platform.notify); only push is out of reach.
        setPushFailed(true);
        return;
      }
      const { browser, system } = await platform.push.describe();
      const device = system ? t('notifications.deviceName', { browser, system }) : browser;
      await subscribe.mutateAsync({ ...subscription, device }).catch(() => undefined);
    } finally {
      setTurningOn(false);
    }
  }

  async function removeDevice(device: PushDevices['devices'][number]) {
    const left = await remove.mutateAsync({ id: device.id }).catch(() => null);
    if (!left) return;
    // This browser's own subscription goes too, so that nothing is left to push to.
    if (device.thisDevice) await platform.push?.unsubscribe().catch(() => undefined);
    void notify({ message: t('notifications.deviceRemoved', { device: device.device }), color: 'teal' });
  }

  return (
    <>
      <Paper withBorder p="md" radius="md">
        {platform.kind === 'desktop' ? (
          <Text>{t('notifications.desktop')}</Text>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Title order={3} size="h4">
              {t('notifications.browserTitle')}
            </Title>
            <Text data-testid="notification-access">
              {t(access === 'granted' && thisDevice ? 'notifications.pushOn' : ACCESS_TEXT[access])}
            </Text>
            {(access === 'default' || (access === 'granted' && pushPossible && !thisDevice)) && (
              <>
                {pushPossible && (
                  <Text size="sm" c="dimmed">
                    {t('notifications.pushHint')}
                  </Text>
                )}
                <Button
                  variant="light"
                  loading={turningOn}
                  onClick={() => void turnOn()}
                  data-testid="turn-on-notifications"
                >
                  {t('notifications.browserTurnOn')}
                </Button>
              </>
            )}
            {pushFailed && <ErrorAlert>{t('notifications.pushFailed')}</ErrorAlert>}
            {subscribe.error && <ErrorAlert>{i18n.t(errorKey(subscribe.error))}</ErrorAlert>}
          </Stack>
        )}
      </Paper>
      {devices.data?.publicKey && (
        <Paper withBorder p="md" radius="md" data-testid="push-devices">
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('notifications.devicesTitle')}
            </Title>
            {devices.data.devices.length === 0 ? (
              <Text c="dimmed">{t('notifications.devicesNone')}</Text>
            ) : (
              <List listStyleType="none" spacing="xs" aria-label={t('notifications.devicesTitle')}>
                {devices.data.devices.map((device) => (
                  <List.Item key={device.id} data-testid="push-device">
                    <Group gap="sm" wrap="nowrap">
                      <Text>{device.device}</Text>
                      {device.thisDevice && (
                        <Badge variant="light" data-testid="this-device">
                          {t('notifications.thisDevice')}
                        </Badge>
                      )}
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        ml="auto"
                        loading={remove.isPending && remove.variables.id === device.id}
                        onClick={() => void removeDevice(device)}
                        aria-label={t('notifications.removeDevice', { device: device.device })}
                      >
                        {t('notifications.remove')}
                      </Button>
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
            {remove.error && <ErrorAlert>{i18n.t(errorKey(remove.error))}</ErrorAlert>}
          </Stack>
        </Paper>
      )}
    </>
  );
}
