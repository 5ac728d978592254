import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessageCircle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import MemberMenu from './MemberMenu.tsx';

/**
 * The full header's member controls: the messages icon with its unread dot, and the avatar menu. Their own
 * chunk, loaded only for members: a visitor's page never needs them. On a narrow screen, whose header has
 * no Pods link (it is in the menu), also a Pods icon with the dot of unread pods and invitations: the
 * messages icon's dot counts conversations only.
 */
export default function MemberControls({
  hasUnread,
  onOpenMessages,
  unreadPods,
  podInvitations,
}: {
  hasUnread: boolean;
  onOpenMessages: () => void;
  /** Pods with unread messages, and invitations to pods (useUnread). */
  unreadPods: number;
  podInvitations: number;
}) {
  const { t } = useTranslation();
  const podsNews = [unreadPods > 0 && t('nav.unreadPods'), podInvitations > 0 && t('nav.podInvitation')]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <Indicator
        color="red"
        size={10}
        offset={4}
        disabled={!podsNews}
        hiddenFrom="sm"
        data-testid="pods-dot"
        data-unread={!!podsNews}
      >
        <ActionIcon
          component={Link}
          to="/pods"
          variant="subtle"
          size="lg"
          aria-label={podsNews ? `${t('nav.pods')} – ${podsNews}` : t('nav.pods')}
          data-testid="pods-icon"
        >
          <IconUsers aria-hidden="true" />
        </ActionIcon>
      </Indicator>
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
