import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

// Placeholder: the settings navigation is built with the accounts issue.
export default function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('nav.settings')}</Title>
      <Outlet />
    </Container>
  );
}
