import { headerMode } from '@amiko/core';
import { ActionIcon, Box, Burger, Button, Container, Group, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHydrated } from '../hooks/useHydrated.ts';
import { useOnboardingStep } from '../hooks/useOnboardingStep.ts';
import { useSession } from '../hooks/useSession.ts';
import { useSignOut } from '../hooks/useSignOut.ts';
import { useUnread } from '../hooks/useUnread.ts';
import { Logo } from './Logo.tsx';
import { NavLinks, type NavItem } from './NavLinks.tsx';

// Visitors never need the avatar menu or, on wide screens, the mobile drawer: both are their own chunks,
// which keeps the home page light.
const MemberMenu = lazy(() => import('./MemberMenu.tsx'));
const MobileMenu = lazy(() => import('./MobileMenu.tsx'));

const headerStyle = { borderBottom: '1px solid var(--mantine-color-gray-2)' };

/** SPEC §2 Header: full navigation, partial navigation, or only the logo during onboarding. */
export function Header() {
  const { t } = useTranslation();
  const { member, loading } = useSession();
  const onboardingStep = useOnboardingStep();
  const mode = headerMode({ member, onboardingStep });
  const { hasUnread, clear } = useUnread();
  const { signOut } = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  if (mode === 'logoOnly') {
    return (
      <Box component="header" py="sm" style={headerStyle}>
        <Container size="lg">
          <Logo clickable={false} />
        </Container>
      </Box>
    );
  }

  const full = mode === 'full';
  const items: NavItem[] = [
    { to: '/pricing', label: t('nav.pricing') },
    { to: '/how-it-works', label: t('nav.howItWorks') },
    ...(full ? [{ to: '/profile', label: t('nav.profile') }] : []),
    { to: '/community', label: t('nav.community') },
  ];
  const mobileItems: NavItem[] = [
    { to: '/', label: t('nav.home') },
    { to: '/my-story', label: t('nav.myWhy') },
    ...items,
    ...(full
      ? [
          { to: '/messages', label: t('nav.messages') },
          { to: '/favorites', label: t('nav.favorites') },
          { to: '/settings', label: t('nav.settings') },
        ]
      : []),
  ];

  return (
    <Box component="header" py="sm" style={headerStyle}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          <Box component="nav" aria-label={t('nav.mainNavigation')} visibleFrom="sm">
            <NavLinks items={items} />
          </Box>
          <Group gap="sm" wrap="nowrap">
            {full ? (
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
                    onClick={clear}
                    variant="subtle"
                    size="lg"
                    aria-label={
                      hasUnread ? `${t('nav.messages')} – ${t('nav.unreadMessages')}` : t('nav.messages')
                    }
                    data-testid="messages-icon"
                  >
                    <IconMessageCircle aria-hidden="true" />
                  </ActionIcon>
                </Indicator>
                <Suspense fallback={<Box w={36} h={36} />}>
                  <MemberMenu />
                </Suspense>
              </>
            ) : member ? (
              <Button variant="subtle" onClick={signOut} visibleFrom="sm" data-testid="sign-out">
                {t('nav.signOut')}
              </Button>
            ) : (
              // Held invisible while the session loads, so members never see it flash and nothing shifts.
              <Button
                component={Link}
                to="/auth"
                visibleFrom="sm"
                style={loading ? { visibility: 'hidden' } : undefined}
              >
                {t('nav.signInUp')}
              </Button>
            )}
            <Burger
              ref={burger}
              disabled={!hydrated}
              opened={menuOpen}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen((open) => !open);
              }}
              hiddenFrom="sm"
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            />
          </Group>
        </Group>
      </Container>
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menuOpen}
            onClose={() => {
              setMenuOpen(false);
              burger.current?.focus();
            }}
            onNavigate={() => setMenuOpen(false)}
            items={mobileItems}
          />
        </Suspense>
      )}
    </Box>
  );
}
