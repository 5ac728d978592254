import type { RouterOutputs } from '@amiko/api';
import { catalogKeyOf } from '@amiko/i18n';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivitySign } from './ActivitySign.tsx';
import { MemberAvatar } from './MemberAvatar.tsx';
import { NewInTownBadge } from './NewInTown.tsx';
import { ReportDialog } from './ReportDialog.tsx';

type DirectoryCard = RouterOutputs['community']['directory']['items'][number];

/**
 * A member in the directory: photo, name, age, city, a few interests and '+N more', 'View Profile'; for
 * members who may report (not the limited view), a Report button in the corner.
 */
export function MemberCard({ member, limited }: { member: DirectoryCard; limited: boolean }) {
  const { t } = useTranslation(['common', 'community', 'catalog']);
  const facts = [
    member.age !== null ? t('community:card.age', { count: member.age }) : null,
    member.city,
  ].filter(Boolean);
  const [reporting, setReporting] = useState(false);
  const reportLabel = t('community:report.title', { name: member.name });
  return (
    <Card
      pos="relative"
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={member.name}
      data-testid="member-card"
    >
      {!limited && (
        <>
          <Tooltip label={reportLabel}>
            <ActionIcon
              variant="subtle"
              color="gray.7"
              pos="absolute"
              top={8}
              right={8}
              aria-label={reportLabel}
              onClick={() => setReporting(true)}
            >
              <IconFlag size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <ReportDialog
            memberId={member.id}
            name={member.name}
            opened={reporting}
            onClose={() => setReporting(false)}
          />
        </>
      )}
      <Stack gap="xs" align="center" ta="center" h="100%">
        <MemberAvatar src={member.avatarUrl} size={96} radius={96} alt="" />
        <Text fw={600} component="h3" m={0} size="lg">
          {member.name}
        </Text>
        {facts.length > 0 && (
          <Text size="sm" c="dimmed">
            {facts.join(' · ')}
          </Text>
        )}
        <ActivitySign activity={member.activity} justify="center" />
        <NewInTownBadge role={member.newInTown} />
        {!limited && member.sharedInterests > 0 && (
          <Text size="sm" c="teal.9" fw={500}>
            {t('community:card.shared', { count: member.sharedInterests })}
          </Text>
        )}
        {!limited && (
          <Group gap={6} justify="center">
            {member.interests.map((id) => {
              // The directory's cards carry plain strings, each an interest id.
              const key = catalogKeyOf('interests', id);
              return (
                <Badge key={id} variant="light" size="sm">
                  {key ? t(key) : id}
                </Badge>
              );
            })}
            {member.moreInterests > 0 && (
              <Badge variant="outline" size="sm" color="gray.7">
                {t('community:card.more', { count: member.moreInterests })}
              </Badge>
            )}
          </Group>
        )}
        <Button
          component={Link}
          to={`/profile-view/${member.id}`}
          variant="light"
          fullWidth
          mt="auto"
          aria-label={t('community:card.viewProfileOf', { name: member.name })}
        >
          {t('community:card.viewProfile')}
        </Button>
      </Stack>
    </Card>
  );
}
