import { catalogKey } from '@amiko/i18n';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ActivitySign } from '../../components/ActivitySign.tsx';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { NewInTownLine } from '../../components/NewInTown.tsx';
import { errorKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';
import { PUBLIC_BASICS, SECTION_FIELDS, type FieldSection } from './fields.ts';
import { ProfileActions } from './ProfileActions.tsx';
import { ProfileDetails } from './ProfileDetails.tsx';

/** Fields the basics already show (the languages), left out of their section so they show once. */
const IN_BASICS = new Set(PUBLIC_BASICS.map((spec) => spec.name));

/** /profile-view/{userId}: a member's public profile, with favourite, message, block and report. */
export default function ProfileViewScreen() {
  const { t, i18n } = useTranslation(['common', 'profile', 'community', 'catalog', 'payment']);
  const { userId = '' } = useParams();
  const profile = trpc.profile.view.useQuery({ memberId: userId }, { enabled: userId !== '' });

  if (profile.isPending) return <FullPageLoader />;
  if (profile.error) {
    return (
      <Container size="sm" py="xl">
        <Alert color="gray" title={t('community:profile.unavailableTitle')} data-testid="profile-unavailable">
          <Stack gap="sm">
            <Text>{i18n.t(errorKey(profile.error))}</Text>
            <Anchor component={Link} to="/community">
              {t('community:profile.backToCommunity')}
            </Anchor>
          </Stack>
        </Alert>
      </Container>
    );
  }
  const data = profile.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group align="flex-start" wrap="wrap" gap="lg">
          <MemberAvatar src={data.avatarUrl} size={140} radius={140} alt={data.name} />
          <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
            <Title order={1}>{data.name}</Title>
            <Text c="dimmed">
              {[data.age !== null ? t('community:card.age', { count: data.age }) : null, data.city]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <ActivitySign activity={data.activity} />
            <NewInTownLine profile={data} />
            {!data.isSelf && (
              <Text fw={500} data-testid="shared-count">
                {t('community:profile.shared', { count: data.sharedInterests.length })}
              </Text>
            )}
            {data.isSelf ? <SelfNote /> : <ProfileActions profile={data} />}
          </Stack>
        </Group>

        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('profile:sections.interests')}
          </Title>
          <Group gap="xs" data-testid="profile-interests">
            {data.interests.map((id) => {
              const shared = data.sharedInterests.includes(id);
              return (
                <Badge
                  key={id}
                  variant={shared ? 'filled' : 'light'}
                  color={shared ? 'teal.9' : 'indigo'}
                  data-shared={shared}
                >
                  {t(catalogKey('interests', id))}
                  {shared && <VisuallyHidden> ({t('community:profile.sharedMark')})</VisuallyHidden>}
                </Badge>
              );
            })}
          </Group>
        </Card>

        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('profile:sections.story')}
          </Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{data.story}</Text>
        </Card>

        <ProfileDetails title={t('profile:sections.basic')} fields={PUBLIC_BASICS} profile={data} />
        {/* New in town is said in a sentence under the name. */}
        {(Object.keys(SECTION_FIELDS) as FieldSection[])
          .filter((section) => section !== 'newInTown')
          .map((section) => (
            <ProfileDetails
              key={section}
              title={t(`profile:sections.${section}`)}
              fields={SECTION_FIELDS[section].filter((spec) => !IN_BASICS.has(spec.name))}
              profile={data}
            />
          ))}
      </Stack>
    </Container>
  );
}

function SelfNote() {
  const { t } = useTranslation(['common', 'profile', 'community', 'catalog']);
  return (
    <Alert color="indigo" variant="light" mt="sm">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('community:profile.selfNote')}</Text>
        <Anchor component={Link} to="/profile" size="sm">
          {t('community:profile.editProfile')}
        </Anchor>
      </Group>
    </Alert>
  );
}
