import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function HomeScreen() {
  const { t } = useTranslation('site');
  return (
    <Container size="lg" py={64}>
      <Stack gap="md" maw={720}>
        <Title order={1}>{t('home.title')}</Title>
        <Text size="lg">{t('home.subtitle')}</Text>
      </Stack>
    </Container>
  );
}
