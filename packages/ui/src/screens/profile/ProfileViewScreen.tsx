import type { RouterOutputs } from '@amiko/api';
import type { CatalogName } from '@amiko/core';
import { catalogKey, catalogKeyOf } from '@amiko/i18n';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notify } from '../../notify.tsx';
import { IconBan, IconFlag, IconHeart, IconHeartFilled, IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { ActivitySign } from '../../components/ActivitySign.tsx';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { NewInTownLine, formatMonth } from '../../components/NewInTown.tsx';
import { ReportDialog } from '../../components/ReportDialog.tsx';
import { errorKey } from '../../errors.ts';
import { trpc } from '../../trpc.ts';
import { PUBLIC_BASICS, SECTION_FIELDS, type FieldSection, type FieldSpec } from './fields.ts';
import { PaymentNeededNote } from '../../components/PaymentNeededNote.tsx';

type PublicProfile = RouterOutputs['profile']['view'];

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
            {data.isSelf ? <SelfNote /> : <Actions profile={data} />}
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

        <Details title={t('profile:sections.basic')} fields={PUBLIC_BASICS} profile={data} />
        {/* New in town is said in a sentence under the name. */}
        {(Object.keys(SECTION_FIELDS) as FieldSection[])
          .filter((section) => section !== 'newInTown')
          .map((section) => (
            <Details
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

/** The filled fields of one section, read-only; nothing when the member left them all empty. */
function Details({ title, fields, profile }: { title: string; fields: FieldSpec[]; profile: PublicProfile }) {
  const { t, i18n } = useTranslation(['common', 'profile', 'community', 'catalog']);
  const values = profile as unknown as Record<string, unknown>;
  // The values come as the server stores them, plain strings: each an id of the field's catalog (shown as
  // it is should the catalog not know it).
  const label = (catalog: CatalogName, id: string) => {
    const key = catalogKeyOf(catalog, id);
    return key ? t(key) : id;
  };
  const rows = fields.flatMap((spec) => {
    const value = values[spec.name];
    let text: string | null = null;
    if (spec.kind === 'select' && typeof value === 'string') text = label(spec.catalog, value);
    else if (spec.kind === 'multi' && Array.isArray(value) && value.length > 0)
      text = value.map((id) => label(spec.catalog, String(id))).join(', ');
    else if ((spec.kind === 'text' || spec.kind === 'textarea') && typeof value === 'string' && value)
      text = value;
    else if (spec.kind === 'levels' && value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, string>);
      if (entries.length > 0)
        text = entries
          .map(([key, level]) => `${label(spec.keys, key)}: ${label(spec.levels, level)}`)
          .join(', ');
    } else if (spec.kind === 'month' && typeof value === 'string') text = formatMonth(value, i18n.language);
    else if (spec.kind === 'switch' && value === true) text = t('common:yes');
    return text ? [{ label: t(`profile:fields.${spec.name}`), text }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" style={{ margin: 0 }}>
        {rows.map((row) => (
          <div key={row.label}>
            <Text component="dt" size="sm" c="dimmed">
              {row.label}
            </Text>
            <Text component="dd" m={0}>
              {row.text}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function Actions({ profile }: { profile: PublicProfile }) {
  const { t, i18n } = useTranslation(['common', 'profile', 'community', 'catalog']);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const toggle = trpc.favorites.toggle.useMutation({
    onSuccess: ({ isFavorite }) => {
      utils.profile.view.setData({ memberId: profile.id }, (old) => (old ? { ...old, isFavorite } : old));
      void utils.favorites.list.invalidate();
    },
  });
  const block = trpc.blocks.block.useMutation({
    onSuccess: async () => {
      await Promise.all([
        utils.community.directory.invalidate(),
        utils.favorites.list.invalidate(),
        utils.blocks.list.invalidate(),
      ]);
      void notify({ message: t('community:block.done', { name: profile.name }), color: 'teal' });
      await navigate('/community');
    },
  });

  return (
    <>
      <Group gap="sm" mt="sm">
        <Button
          variant={profile.isFavorite ? 'filled' : 'light'}
          leftSection={
            profile.isFavorite ? (
              <IconHeartFilled size={16} aria-hidden="true" />
            ) : (
              <IconHeart size={16} aria-hidden="true" />
            )
          }
          aria-pressed={profile.isFavorite}
          loading={toggle.isPending}
          onClick={() => toggle.mutate({ memberId: profile.id })}
          data-testid="favorite-toggle"
        >
          {profile.isFavorite ? t('community:favorites.remove') : t('community:favorites.add')}
        </Button>
        <Button
          component={Link}
          to={`/messages?with=${encodeURIComponent(profile.id)}`}
          variant="light"
          leftSection={<IconMessageCircle size={16} aria-hidden="true" />}
        >
          {t('community:profile.message')}
        </Button>
        <Button
          variant="outline"
          color="red.8"
          leftSection={<IconBan size={16} aria-hidden="true" />}
          onClick={() => setBlocking(true)}
        >
          {t('community:block.action')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFlag size={16} aria-hidden="true" />}
          onClick={() => setReporting(true)}
        >
          {t('community:report.action')}
        </Button>
      </Group>
      <PaymentNeededNote />
      {toggle.error && (
        <Text c="red.8" size="sm" role="alert">
          {i18n.t(errorKey(toggle.error))}
        </Text>
      )}
      <ConfirmModal
        opened={blocking}
        title={t('community:block.title', { name: profile.name })}
        confirmLabel={t('community:block.confirm')}
        onConfirm={() => block.mutate({ memberId: profile.id })}
        onClose={() => setBlocking(false)}
        loading={block.isPending}
        error={block.error ? i18n.t(errorKey(block.error)) : null}
        danger
      >
        {t('community:block.text', { name: profile.name })}
      </ConfirmModal>
      <ReportDialog
        memberId={profile.id}
        name={profile.name}
        opened={reporting}
        onClose={() => setReporting(false)}
      />
    </>
  );
}
