import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import defaultAvatar from '../assets/default-avatar.svg';
import { useSession } from '../hooks/useSession.ts';
import { useSignOut } from '../hooks/useSignOut.ts';

/** The avatar menu of the full header: settings, favorites, sign out. Loaded only for members. */
export default function MemberMenu() {
  const { t } = useTranslation();
  const { member } = useSession();
  const { signOut } = useSignOut();
  return (
    // No focus placeholder: Mantine's is an empty focusable element inside role="menu", which screen
    // readers (and axe) reject; the first item takes focus instead.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.accountMenu')} data-testid="avatar-menu">
          <Avatar src={member?.avatarUrl ?? defaultAvatar} alt="" radius="xl" size={36} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/settings">
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Item component={Link} to="/favorites">
          {t('nav.favorites')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={signOut} data-testid="sign-out">
          {t('nav.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
