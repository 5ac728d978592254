import { nextOnboardingStep } from '@amiko/core';
import { Container, Title } from '@mantine/core';
import { notify } from '../../notify.tsx';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { errorKey } from '../../errors.ts';
import { setOnboardingStep } from '../../hooks/useOnboardingStep.ts';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import { OnboardingShell } from './OnboardingShell.tsx';
import { StoryForm } from './StoryForm.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/** /user-story: the third onboarding step, and later the page to rewrite one's story. */
export default function UserStoryScreen() {
  const { t, i18n } = useTranslation(['common', 'profile']);
  const navigate = useNavigate();
  const { member, refresh } = useSession();
  const profile = trpc.profile.mine.useQuery();
  const step = member ? nextOnboardingStep(member) : null;

  useEffect(() => {
    if (step === 'story') setOnboardingStep('story');
  }, [step]);

  if (step === 'photo' || step === 'interests') return <Navigate to="/interests-list" replace />;
  if (profile.isPending) return <FullPageLoader />;
  if (profile.error) {
    return (
      <Container size="md" py="xl">
        <ErrorAlert onRetry={() => void profile.refetch()}>{i18n.t(errorKey(profile.error))}</ErrorAlert>
      </Container>
    );
  }

  if (step === 'story') {
    return (
      <OnboardingShell step="story">
        <StoryForm
          initial={profile.data.story}
          submitLabel={t('profile:onboarding.finish')}
          onSaved={async () => {
            setOnboardingStep(null);
            await refresh();
            void notify({ message: t('profile:onboarding.done'), color: 'teal' });
            await navigate('/profile');
          }}
        />
      </OnboardingShell>
    );
  }
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {t('profile:sections.story')}
      </Title>
      <StoryForm
        initial={profile.data.story}
        submitLabel={t('save')}
        onSaved={async () => {
          await refresh();
          void notify({ message: t('profile:saved'), color: 'teal' });
        }}
      />
    </Container>
  );
}
