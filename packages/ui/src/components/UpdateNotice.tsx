import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadToUpdate, updateWaiting } from '../service-worker.ts';

/** A new version of Amiko has arrived: offered, never switched to under the member (service-worker.ts). */
export function UpdateNotice() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(updateWaiting.subscribe, updateWaiting.get, () => false);
  if (!waiting) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={300}>
      <Paper withBorder shadow="md" p="sm" radius="md" role="status" data-testid="update-notice">
        <Group gap="sm">
          <Text size="sm">{t('update.ready')}</Text>
          <Button size="xs" onClick={reloadToUpdate}>
            {t('update.reload')}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
