import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Instead of the page while Amiko cannot reach its server (no network, or the server is down): an installed
 * Amiko opens to this from its service worker's cached shell. "Try again" asks once more.
 */
export function OfflineScreen({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl" data-testid="offline-screen">
      <Stack gap="sm" align="flex-start">
        <Title order={1} size="h2">
          {t('offline.title')}
        </Title>
        <Text>{t('offline.text')}</Text>
        <Button variant="light" onClick={onRetry} loading={retrying}>
          {t('retry')}
        </Button>
      </Stack>
    </Container>
  );
}
