import { INTERESTS_MIN, nextOnboardingStep, type Interest } from '@amiko/core';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../notify.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { InterestPicker } from '../../components/InterestPicker.tsx';
import { PhotoEditor } from '../../components/PhotoEditor.tsx';
import { PlacePicker, type PlaceChoice } from '../../components/PlacePicker.tsx';
import { appCodeOf, errorKey } from '../../errors.ts';
import { setOnboardingStep } from '../../hooks/useOnboardingStep.ts';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import { readInterestsDraft, saveInterestsDraft } from './interestsDraft.ts';
import { OnboardingShell } from './OnboardingShell.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

/**
 * /interests-list: onboarding steps 1 (profile picture) and 2 (at least 10 interests); after onboarding,
 * the page to change one's interests.
 */
export default function InterestsListScreen() {
  const { t, i18n } = useTranslation(['common', 'profile']);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { member, refresh } = useSession();
  const profile = trpc.profile.mine.useQuery();
  const step = member ? nextOnboardingStep(member) : null;
  // After an upload the photo step stays on screen (with the new picture) until the member moves on.
  const [stayOnPhoto, setStayOnPhoto] = useState(false);
  const shown = stayOnPhoto ? 'photo' : step;
  // During onboarding the picks are kept as a draft until Continue saves them: a reload keeps them.
  const [interests, setInterests] = useState<Interest[] | null>(() =>
    member && step === 'interests' ? readInterestsDraft(member.id) : null,
  );
  const [error, setError] = useState<string | null>(null);
  // Where the new member lives, asked beside their interests (issue 33.2): optional, since onboarding's
  // three steps are the spec's, but it is what finds them people and pods nearby.
  const [place, setPlace] = useState<PlaceChoice | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  // After a refused Continue/Save the hint follows the current choice: 'Select N more' counts down and
  // goes once enough are chosen (a stored text would still say 'Select 7 more' with 11 chosen).
  const [checkMinimum, setCheckMinimum] = useState(false);
  const save = trpc.profile.saveSection.useMutation({
    onSuccess: (saved) => utils.profile.mine.setData(undefined, saved),
  });

  useEffect(() => {
    if (shown === 'photo' || shown === 'interests') setOnboardingStep(shown);
  }, [shown]);

  if (step === 'story') return <Navigate to="/user-story" replace />;
  if (profile.isPending) return <FullPageLoader />;
  if (profile.error) {
    return (
      <Container size="md" py="xl">
        <ErrorAlert onRetry={() => void profile.refetch()}>{i18n.t(errorKey(profile.error))}</ErrorAlert>
      </Container>
    );
  }
  const chosen = interests ?? (profile.data.interests as Interest[]);
  const interestsError =
    checkMinimum && chosen.length < INTERESTS_MIN
      ? t('profile:interests.selectMore', { count: INTERESTS_MIN - chosen.length })
      : error;
  const chooseInterests = (next: Interest[]) => {
    setInterests(next);
    if (shown === 'interests' && member) saveInterestsDraft(member.id, next);
    // A refusal of the server was about the previous choice.
    setError(null);
  };

  const saveInterests = async (): Promise<boolean> => {
    setError(null);
    if (chosen.length < INTERESTS_MIN) {
      setCheckMinimum(true);
      return false;
    }
    if (place) {
      try {
        await save.mutateAsync({ section: 'basic', values: { placeId: place.id } });
        setPlaceError(null);
      } catch (caught) {
        setPlaceError(i18n.t(errorKey(caught)));
        return false;
      }
    }
    try {
      await save.mutateAsync({ section: 'interests', values: { interests: chosen } });
      await refresh();
      return true;
    } catch (caught) {
      setError(i18n.t(appCodeOf(caught) === 'VALIDATION' ? errorKey(caught) : 'profile:errors.sectionSave'));
      return false;
    }
  };

  if (shown === 'photo') {
    return (
      <OnboardingShell step="photo">
        <Stack>
          <Title order={2}>{t('profile:onboarding.photoTitle')}</Title>
          <Text>{t('profile:onboarding.photoText')}</Text>
          <PhotoEditor
            photoUrl={profile.data.photoUrl}
            avatarUrl={profile.data.avatarUrl}
            error={error}
            onSaved={async () => {
              setError(null);
              setStayOnPhoto(true);
              await Promise.all([utils.profile.mine.invalidate(), refresh()]);
            }}
          />
          <Group justify="flex-end">
            <Button
              onClick={() => {
                if (!profile.data.photoUrl) {
                  setError(t('profile:errors.photoRequired'));
                  return;
                }
                setError(null);
                setStayOnPhoto(false);
              }}
            >
              {t('profile:onboarding.continue')}
            </Button>
          </Group>
        </Stack>
      </OnboardingShell>
    );
  }

  if (shown === 'interests') {
    return (
      <OnboardingShell step="interests">
        <Stack>
          <Title order={2}>{t('profile:onboarding.interestsTitle')}</Title>
          <Text>{t('profile:onboarding.interestsText')}</Text>
          <InterestPicker value={chosen} onChange={chooseInterests} error={interestsError} />
          {profile.data.place === null && (
            <PlacePicker
              label={t('profile:onboarding.placeLabel')}
              description={t('profile:onboarding.placeHint')}
              value={place}
              onChange={(next) => {
                setPlace(next);
                setPlaceError(null);
              }}
              error={placeError ?? undefined}
            />
          )}
          <Group justify="flex-end">
            <Button
              loading={save.isPending}
              onClick={async () => {
                if (!(await saveInterests())) return;
                if (member) saveInterestsDraft(member.id, null);
                setOnboardingStep('story');
                await navigate('/user-story');
              }}
            >
              {t('profile:onboarding.continue')}
            </Button>
          </Group>
        </Stack>
      </OnboardingShell>
    );
  }

  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>{t('profile:sections.interests')}</Title>
        <InterestPicker value={chosen} onChange={chooseInterests} error={interestsError} />
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            onClick={async () => {
              if (await saveInterests()) void notify({ message: t('profile:saved'), color: 'teal' });
            }}
          >
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
