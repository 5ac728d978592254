import { Box, Button, Container, Stack, Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// A plain box rather than Mantine's Alert: this is in every public page's entry, where the Alert and its
// close button cost a kilobyte for a screen that shows only when loading failed (issue 18.12).
const errorBox = {
  border: '1px solid var(--mantine-color-red-3)',
  background: 'var(--mantine-color-red-0)',
  borderRadius: 'var(--mantine-radius-md)',
};

function ScreenError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Box role="alert" p="md" style={errorBox}>
        <Stack gap="sm">
          <Text fw={700} c="red.9">
            {t('chunkError.title')}
          </Text>
          <Text>{t('chunkError.text')}</Text>
          <Button variant="light" color="red" onClick={onRetry} w="fit-content">
            {t('retry')}
          </Button>
        </Stack>
      </Box>
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
