import { nextCompletionSteps } from '@amiko/core';
import { Accordion, Anchor, Button, Container, Group, RingProgress, Stack, Text, Title } from '@mantine/core';
import { notify } from '../../notify.tsx';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { PhotoEditor } from '../../components/PhotoEditor.tsx';
import { errorKey } from '../../errors.ts';
import { useSession } from '../../hooks/useSession.ts';
import { trpc } from '../../trpc.ts';
import type { RouterOutputs } from '@amiko/api';
import { SECTION_FIELDS, type FieldSection } from './fields.ts';
import { InterestsSection } from './InterestsSection.tsx';
import { SectionForm } from './SectionForm.tsx';
import { StoryForm } from './StoryForm.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

type Profile = RouterOutputs['profile']['mine'];

/** /profile: every section of one's own profile, each saved on its own, and the completion percentage. */
export default function ProfileScreen() {
  const { t, i18n } = useTranslation(['common', 'profile', 'catalog']);
  const { refresh } = useSession();
  const utils = trpc.useUtils();
  const profile = trpc.profile.mine.useQuery();
  const [opened, setOpened] = useState<string[]>(['photo']);

  if (profile.isPending) return <FullPageLoader />;
  if (profile.error) {
    return (
      <Container size="md" py="xl">
        <ErrorAlert onRetry={() => void profile.refetch()}>{i18n.t(errorKey(profile.error))}</ErrorAlert>
      </Container>
    );
  }
  const data = profile.data;
  const sections = Object.keys(SECTION_FIELDS) as FieldSection[];

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap">
          <div>
            <Title order={1}>{t('profile:title')}</Title>
            <Text c="dimmed">{data.name}</Text>
          </div>
          <Group gap="md">
            <RingProgress
              size={84}
              thickness={8}
              roundCaps
              sections={[{ value: data.completion, color: 'indigo' }]}
              label={
                <Text ta="center" fw={700} size="sm" data-testid="completion">
                  {data.completion}%
                </Text>
              }
              aria-label={t('profile:completion', { percent: data.completion })}
            />
            <Button
              component={Link}
              to={`/profile-view/${data.id}`}
              variant="light"
              leftSection={<IconEye size={16} aria-hidden="true" />}
            >
              {t('profile:viewPublic')}
            </Button>
          </Group>
        </Group>
        <Text size="sm">{t('profile:completion', { percent: data.completion })}</Text>
        <CompletionSteps
          profile={data}
          onOpen={(section) => {
            setOpened((open) => (open.includes(section) ? open : [...open, section]));
            // Once the section is open, bring it into view (the next frame has it rendered).
            requestAnimationFrame(() =>
              document
                .getElementById(`profile-section-${section}`)
                ?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
            );
          }}
        />

        <Accordion multiple variant="separated" value={opened} onChange={setOpened}>
          <Accordion.Item value="photo" id="profile-section-photo">
            <Accordion.Control>{t('profile:sections.photo')}</Accordion.Control>
            <Accordion.Panel>
              <PhotoEditor
                photoUrl={data.photoUrl}
                avatarUrl={data.avatarUrl}
                onSaved={async () => {
                  void notify({ message: t('profile:photo.saved'), color: 'teal' });
                  await Promise.all([utils.profile.mine.invalidate(), refresh()]);
                }}
              />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="interests" id="profile-section-interests">
            <Accordion.Control>{t('profile:sections.interests')}</Accordion.Control>
            <Accordion.Panel>
              <InterestsSection profile={data} />
            </Accordion.Panel>
          </Accordion.Item>
          {sections.map((section) => (
            <Accordion.Item key={section} value={section} id={`profile-section-${section}`}>
              <Accordion.Control>{t(`profile:sections.${section}`)}</Accordion.Control>
              <Accordion.Panel>
                <SectionForm section={section} profile={data} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
          <Accordion.Item value="story" id="profile-section-story">
            <Accordion.Control>{t('profile:sections.story')}</Accordion.Control>
            <Accordion.Panel>
              <StoryForm
                initial={data.story}
                submitLabel={t('profile:saveSection')}
                onSaved={async () => {
                  void notify({ message: t('profile:saved'), color: 'teal' });
                  await refresh();
                }}
              />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Stack>
    </Container>
  );
}

/**
 * The two steps that would raise the completion most (issue 30.8), each a link to where it is filled in: a
 * section of this page (opened and brought into view), or the basic information in the settings.
 */
function CompletionSteps({ profile, onOpen }: { profile: Profile; onOpen: (section: string) => void }) {
  const { t } = useTranslation(['profile']);
  const steps = nextCompletionSteps({ ...profile, hasPhoto: profile.photoUrl !== null });
  if (steps.length === 0) return null;
  return (
    <Stack gap={4} data-testid="completion-steps">
      <Text size="sm" fw={600}>
        {t('profile:completionSteps.title')}
      </Text>
      <Stack component="ul" gap={4} className="plain-list">
        {steps.map((step) => (
          <li key={step.part}>
            {step.section === 'basic' ? (
              <Anchor component={Link} to="/settings/user-info" size="sm">
                {t(`profile:completionSteps.${step.part}`, { percent: step.gain })}
              </Anchor>
            ) : (
              <Anchor
                href={`#profile-section-${step.section}`}
                size="sm"
                onClick={(event) => {
                  event.preventDefault();
                  onOpen(step.section);
                }}
              >
                {t(`profile:completionSteps.${step.part}`, { percent: step.gain })}
              </Anchor>
            )}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
