import { Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';
import { notify } from '../../notify.tsx';
import { trpc } from '../../trpc.ts';
import { SettingsCard } from './SettingsCard.tsx';

/**
 * Settings → Privacy: "Show when I'm active" (issue 19.2). On by default; off hides the member's activity
 * sign from others and everyone else's from them, as WhatsApp's last seen does.
 */
export default function PrivacyScreen() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const utils = trpc.useUtils();
  const settings = trpc.account.privacy.useQuery();
  const save = trpc.account.setPrivacy.useMutation({
    onSuccess: (saved) => {
      utils.account.privacy.setData(undefined, saved);
      // Cards and profiles show (or stop showing) activity at once.
      void utils.community.invalidate();
      void utils.favorites.invalidate();
      void utils.profile.view.invalidate();
      void notify({ message: t('privacy.saved'), color: 'teal' });
    },
  });

  return (
    <Stack>
      <Title order={2}>{t('privacy.title')}</Title>
      <Text c="dimmed">{t('privacy.intro')}</Text>
      {save.error && <ErrorAlert>{i18n.t(errorKey(save.error))}</ErrorAlert>}
      <SettingsCard settings={settings}>
        {(saved) => (
          <Switch
            label={t('privacy.showActivity')}
            description={t('privacy.showActivityHint')}
            checked={save.isPending ? save.variables.showActivity : saved.showActivity}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ showActivity: event.currentTarget.checked })}
            data-testid="show-activity"
          />
        )}
      </SettingsCard>
    </Stack>
  );
}
