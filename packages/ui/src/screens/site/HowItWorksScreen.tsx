import { EARLY_ACCESS_LIMIT } from '@amiko/core';
import { Box, Button, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Reveal } from '../../components/Reveal.tsx';
import { formatPrice } from './format.ts';
import { SitePage } from './SitePage.tsx';
import { SIGN_UP_PATH } from '../../app/links.ts';

const STEPS = ['account', 'verify', 'interests', 'story', 'explore', 'connect'] as const;

/** /how-it-works: the six steps from signing up to the first conversation. */
export default function HowItWorksScreen() {
  const { t, i18n } = useTranslation('site');
  const values = { limit: EARLY_ACCESS_LIMIT, price: formatPrice(i18n.resolvedLanguage ?? 'en') };
  return (
    <SitePage title={t('howItWorks.title')} intro={t('howItWorks.intro')}>
      <Box component="ol" className="plain-list" maw={860} data-testid="steps">
        {STEPS.map((step, index) => (
          <Reveal component="li" key={step} mb="md">
            <Paper p="lg" radius="lg" withBorder>
              <Group align="flex-start" wrap="nowrap" gap="lg">
                <ThemeIcon size={48} radius="xl" fz="lg" fw={800} aria-hidden="true">
                  {(index + 1).toLocaleString(i18n.resolvedLanguage)}
                </ThemeIcon>
                <div>
                  <Text size="sm" c="dimmed" fw={600}>
                    {t('howItWorks.stepLabel', { number: index + 1 })}
                  </Text>
                  <Title order={2} fz={{ base: 'lg', sm: 'xl' }} mb={4}>
                    {t(`howItWorks.${step}.title`)}
                  </Title>
                  <Text>{t(`howItWorks.${step}.text`, values)}</Text>
                  {step === 'explore' && (
                    <Text mt="xs" data-testid="new-in-town-note">
                      {t('howItWorks.explore.newInTown')}
                    </Text>
                  )}
                </div>
              </Group>
            </Paper>
          </Reveal>
        ))}
      </Box>
      <Button component={Link} to={SIGN_UP_PATH} size="md" mt="md">
        {t('howItWorks.cta')}
      </Button>
    </SitePage>
  );
}
