import { Container, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Placeholder: this screen is built by its feature's issue.
export default function PricingScreen() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('nav.pricing')}</Title>
    </Container>
  );
}
