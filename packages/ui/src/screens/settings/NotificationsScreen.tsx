import type { NotificationSettings } from '@amiko/core';
import { Group, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';
import { PushSettings } from './PushSettings.tsx';
import { SettingsCard } from './SettingsCard.tsx';

const FREQUENCIES = [
  'instant',
  'daily',
  'never',
] as const satisfies NotificationSettings['emailAboutMessages'][];

/**
 * Settings → Notifications: how often Amiko mails about messages waiting while the member is away, whether
 * notifications show message text (off by default, kept on the server for every device), and, in a browser,
 * push to this device and the member's devices that get pushes (PushSettings).
 */
export default function NotificationsScreen() {
  const { t, i18n } = useTranslation(['settings', 'common']);
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
      <PushSettings />
    </Stack>
  );
}
