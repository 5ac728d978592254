import { ONBOARDING_STEPS, type OnboardingStep } from '@amiko/core';
import { Anchor, Container, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../hooks/useSignOut.ts';

/**
 * The frame of the three onboarding steps (picture, interests, story). The header shows only the logo
 * meanwhile, so the way out, signing out, is offered here.
 */
export function OnboardingShell({ step, children }: { step: OnboardingStep; children: ReactNode }) {
  const { t } = useTranslation(['common', 'profile']);
  const { signOut } = useSignOut();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('profile:onboarding.title')}</Title>
          <Text c="dimmed">{t('profile:onboarding.intro')}</Text>
        </div>
        <Stepper active={ONBOARDING_STEPS.indexOf(step)} size="sm" allowNextStepsSelect={false}>
          {ONBOARDING_STEPS.map((s) => (
            <Stepper.Step key={s} label={t(`profile:onboarding.steps.${s}`)} />
          ))}
        </Stepper>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          {children}
        </Paper>
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={signOut} data-testid="onboarding-sign-out">
            {t('profile:onboarding.signOut')}
          </Anchor>
        </Text>
      </Stack>
    </Container>
  );
}
