import { Alert, Button, Group, Text, type AlertProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ErrorAlertProps extends Omit<AlertProps, 'color' | 'role'> {
  /** Offers a "Try again" button, for a failed load that can simply be asked for again. */
  onRetry?: () => void;
  'data-testid'?: string;
}

/**
 * A request that failed, said in the member's language. Announced to screen readers (role="alert"), the
 * same red on every screen.
 */
export function ErrorAlert({ children, onRetry, ...alert }: ErrorAlertProps) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" role="alert" {...alert}>
      <Group justify="space-between" gap="xs">
        {children != null && <Text size="sm">{children}</Text>}
        {onRetry && (
          <Button variant="white" color="red" size="xs" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
