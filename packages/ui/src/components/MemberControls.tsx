import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import MemberMenu from './MemberMenu.tsx';

/**
 * The full header's member controls: the messages icon with its unread dot, and the avatar menu. Their own
 * chunk, loaded only for members: a visitor's page never needs them.
 */
export default function MemberControls({
  hasUnread,
  onOpenMessages,
}: {
  hasUnread: boolean;
  onOpenMessages: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Indicator
        color="red"
        size={10}
        offset={4}
        disabled={!hasUnread}
        data-testid="unread-dot"
        data-unread={hasUnread}
      >
        <ActionIcon
          component={Link}
          to="/messages"
          onClick={onOpenMessages}
          variant="subtle"
          size="lg"
          aria-label={hasUnread ? `${t('nav.messages')} – ${t('nav.unreadMessages')}` : t('nav.messages')}
          data-testid="messages-icon"
        >
          <IconMessageCircle aria-hidden="true" />
        </ActionIcon>
      </Indicator>
      <MemberMenu />
    </>
  );
}
