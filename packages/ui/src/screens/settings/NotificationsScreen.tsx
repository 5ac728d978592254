import type { NotificationSettings } from '@amiko/core';
import { Button, Group, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { usePlatform, type NotificationAccess } from '../../platform.tsx';
import { trpc } from '../../trpc.ts';
import { SettingsCard } from './SettingsCard.tsx';

const ACCESS_TEXT = {
  default: 'notifications.browserAsk',
  granted: 'notifications.browserGranted',
  denied: 'notifications.browserDenied',
  unsupported: 'notifications.browserUnsupported',
} as const satisfies Record<NotificationAccess, string>;

const FREQUENCIES = [
  'instant',
  'daily',
  'never',
] as const satisfies NotificationSettings['emailAboutMessages'][];

/**
 * Settings → Notifications: how often Amiko mails about messages waiting while the member is away, whether
 * notifications show message text (off by default, kept on the server for every device), and in a browser
 * the permission to notify, asked for only when the member clicks.
 */
export default function NotificationsScreen() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const platform = usePlatform();
  const utils = trpc.useUtils();
  const settings = trpc.account.notifications.useQuery();
  const save = trpc.account.setNotifications.useMutation({
    onSuccess: (saved) => {
      utils.account.notifications.setData(undefined, saved);
      void notify({ message: t('notifications.saved'), color: 'teal' });
    },
  });
  // While a change is saved, it shows as made.
  const pending = save.isPending ? save.variables : undefined;
  const [access, setAccess] = useState(() => platform.notificationAccess());

  return (
    <Stack>
      <Title order={2}>{t('notifications.title')}</Title>
      <Text c="dimmed">{t('notifications.intro')}</Text>
      {save.error && <ErrorAlert>{i18n.t(errorKey(save.error))}</ErrorAlert>}
      <SettingsCard settings={settings}>
        {(saved) => (
          <Switch
            label={t('notifications.showMessageText')}
            description={t('notifications.showMessageTextHint')}
            checked={pending?.showMessageText ?? saved.showMessageText}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ showMessageText: event.currentTarget.checked })}
            data-testid="show-message-text"
          />
        )}
      </SettingsCard>
      {settings.isSuccess && (
        <Paper withBorder p="md" radius="md">
          <Radio.Group
            label={t('notifications.emailAboutMessages')}
            description={t('notifications.emailAboutMessagesHint')}
            value={pending?.emailAboutMessages ?? settings.data.emailAboutMessages}
            onChange={(value) =>
              save.mutate({ emailAboutMessages: value as NotificationSettings['emailAboutMessages'] })
            }
          >
            <Group mt="xs">
              {FREQUENCIES.map((frequency) => (
                <Radio
                  key={frequency}
                  value={frequency}
                  label={t(`notifications.frequency.${frequency}`)}
                  disabled={save.isPending}
                />
              ))}
            </Group>
          </Radio.Group>
        </Paper>
      )}
      <Paper withBorder p="md" radius="md">
        {platform.kind === 'desktop' ? (
          <Text>{t('notifications.desktop')}</Text>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Title order={3} size="h4">
              {t('notifications.browserTitle')}
            </Title>
            <Text data-testid="notification-access">{t(ACCESS_TEXT[access])}</Text>
            {access === 'default' && (
              <Button
                variant="light"
                onClick={() => void platform.requestNotificationAccess().then(setAccess)}
                data-testid="turn-on-notifications"
              >
                {t('notifications.browserTurnOn')}
              </Button>
            )}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
