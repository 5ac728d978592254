import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function ScreenError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t('chunkError.title')} role="alert">
        <Stack gap="sm">
          <Text>{t('chunkError.text')}</Text>
          <Button variant="light" onClick={onRetry} w="fit-content">
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}

/** Catches a screen that failed to load or render, logs why, and offers a reload. */
export class ScreenErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A screen failed to load', error);
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (this.state.failed) return <ScreenError onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}
