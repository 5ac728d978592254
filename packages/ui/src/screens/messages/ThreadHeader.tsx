import type { PeerView } from '@amiko/api';
import { ActionIcon, Anchor, Avatar, Box, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import defaultAvatar from '../../assets/default-avatar.svg';
import { ThreadActions } from './ThreadActions.tsx';

/** The other member above the conversation: photo, name (linked to their profile), typing, the menu. */
export function ThreadHeader({
  peer,
  name,
  typing,
  conversationId,
  blockedByMe,
  onBack,
  onDeleted,
}: {
  peer: PeerView;
  name: string;
  /** Whether the other member is typing now. */
  typing: boolean;
  conversationId: string | null;
  blockedByMe: boolean;
  onBack?: () => void;
  onDeleted(): void;
}) {
  const { t } = useTranslation('messages');
  return (
    <Group
      px="sm"
      py="xs"
      gap="sm"
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      {onBack && (
        <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label={t('thread.back')}>
          <IconArrowLeft aria-hidden="true" />
        </ActionIcon>
      )}
      <Avatar src={peer.avatarUrl ?? defaultAvatar} alt="" radius="xl" size={36} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        {peer.deleted ? (
          <Text fw={600} c="dimmed" truncate="end">
            {name}
          </Text>
        ) : (
          <Anchor
            component={Link}
            to={`/profile-view/${peer.id}`}
            fw={600}
            c="inherit"
            truncate="end"
            display="block"
          >
            {name}
          </Anchor>
        )}
        <Text size="xs" c="dimmed" h={16} aria-live="polite" data-testid="typing">
          {typing ? t('thread.typing', { name }) : ''}
        </Text>
      </Box>
      <ThreadActions
        peer={peer}
        name={name}
        conversationId={conversationId}
        blockedByMe={blockedByMe}
        onDeleted={onDeleted}
      />
    </Group>
  );
}
