import { Center, Loader, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorKey } from '../../errors.ts';

/**
 * A settings card over the member's saved settings: a loader while they load, the error with a retry if
 * they could not be, else `children` with them.
 */
export function SettingsCard<T>({
  settings,
  children,
}: {
  settings: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  const { t, i18n } = useTranslation('common');
  return (
    <Paper withBorder p="md" radius="md">
      {settings.isPending ? (
        <Center py="md">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : settings.isError ? (
        <ErrorAlert onRetry={() => void settings.refetch()}>{i18n.t(errorKey(settings.error))}</ErrorAlert>
      ) : (
        children(settings.data as T)
      )}
    </Paper>
  );
}
