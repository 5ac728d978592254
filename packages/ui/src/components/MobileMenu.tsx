import { Box, Button, Divider, Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../hooks/useSession.ts';
import { useSignOut } from '../hooks/useSignOut.ts';
import { NavLinks, type NavItem } from './NavLinks.tsx';
import { SIGN_UP_PATH } from '../app/links.ts';

/**
 * The mobile menu: the same link sets as the header, plus Home. Loaded on first open.
 * `onClose` is a dismissal (Escape, the close button, the overlay); following a link calls `onNavigate`.
 */
export default function MobileMenu({
  opened,
  onClose,
  onNavigate,
  items,
}: {
  opened: boolean;
  onClose: () => void;
  onNavigate: () => void;
  items: NavItem[];
}) {
  const { t } = useTranslation();
  const { member } = useSession();
  const { signOut } = useSignOut();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('appName')}
      size="xs"
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      // The drawer first mounts already open (lazy), so it cannot know what had focus: the header returns
      // focus to the menu button itself.
      returnFocus={false}
    >
      <Box component="nav" aria-label={t('nav.mainNavigation')}>
        <NavLinks items={items} onNavigate={onNavigate} vertical />
      </Box>
      <Divider my="md" />
      {member ? (
        <Button
          variant="light"
          fullWidth
          onClick={() => {
            onNavigate();
            signOut();
          }}
        >
          {t('nav.signOut')}
        </Button>
      ) : (
        <Button component={Link} to={SIGN_UP_PATH} fullWidth onClick={onNavigate}>
          {t('nav.signInUp')}
        </Button>
      )}
    </Drawer>
  );
}
