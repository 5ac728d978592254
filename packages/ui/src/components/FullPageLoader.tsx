import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The spinner shown while the session or a screen loads. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-live="polite" data-testid="page-loader">
      <Loader aria-hidden="true" />
      <span className="amiko-visually-hidden">{t('loading')}</span>
    </Center>
  );
}
