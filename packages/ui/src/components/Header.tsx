import { destinationAfterSignIn, headerMode } from '@amiko/core';
import { Box, Burger, Button, Container, Group } from '@mantine/core';
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
import { SIGN_UP_PATH } from '../app/links.ts';

// Visitors never need the member controls (messages icon, avatar menu) or, on wide screens, the mobile
// drawer: both are their own chunks, which keeps the home page light.
const MemberControls = lazy(() => import('./MemberControls.tsx'));
const MobileMenu = lazy(() => import('./MobileMenu.tsx'));

const headerStyle = { borderBottom: '1px solid var(--mantine-color-gray-2)' };

/** SPEC §2 Header: full navigation, partial navigation, or only the logo during onboarding. */
export function Header() {
  const { t } = useTranslation();
  const { member, loading } = useSession();
  const onboardingStep = useOnboardingStep();
  const mode = headerMode({ member, onboardingStep });
  const { hasUnread, unreadPods, podInvitations, clear } = useUnread();
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
  // A signed-in member without the full navigation is shown the way on: verifying their address, or the
  // onboarding step they left (issue 30.1, 30.12).
  const nextStep: NavItem | null =
    member && !full
      ? {
          to: destinationAfterSignIn(member),
          label: member.emailVerified ? t('nav.setUpProfile') : t('nav.verifyEmail'),
        }
      : null;
  // The spec's sets on wide screens: pricing, how it works, (profile,) community. My Why is in the full menu
  // (Home, My Why, …), which the mobile menu is, and on the home page (issue 30.17).
  const items: NavItem[] = [
    { to: '/pricing', label: t('nav.pricing') },
    { to: '/how-it-works', label: t('nav.howItWorks') },
    ...(full ? [{ to: '/profile', label: t('nav.profile') }] : []),
    { to: '/community', label: t('nav.community') },
    ...(full
      ? [
          {
            to: '/pods',
            label: t('nav.pods'),
            dot:
              [unreadPods > 0 && t('nav.unreadPods'), podInvitations > 0 && t('nav.podInvitation')]
                .filter(Boolean)
                .join(', ') || undefined,
          },
        ]
      : []),
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
    ...(nextStep ? [nextStep] : []),
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
              <Suspense fallback={<Box w={82} h={36} />}>
                <MemberControls
                  hasUnread={hasUnread}
                  onOpenMessages={clear}
                  unreadPods={unreadPods}
                  podInvitations={podInvitations}
                />
              </Suspense>
            ) : member ? (
              <>
                {nextStep && (
                  <Button component={Link} to={nextStep.to} visibleFrom="sm" data-testid="next-step">
                    {nextStep.label}
                  </Button>
                )}
                <Button variant="subtle" onClick={signOut} visibleFrom="sm" data-testid="sign-out">
                  {t('nav.signOut')}
                </Button>
              </>
            ) : (
              // Held invisible while the session loads, so members never see it flash and nothing shifts.
              <Button
                component={Link}
                to={SIGN_UP_PATH}
                visibleFrom="sm"
                style={loading ? { visibility: 'hidden' } : undefined}
              >
                {t('nav.signInUp')}
              </Button>
            )}
            {/* Only opens: the open drawer covers it and has the one close button (a burger turned
                into a second "Close menu" beside the drawer's was one too many). */}
            <Burger
              ref={burger}
              disabled={!hydrated}
              opened={false}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen(true);
              }}
              hiddenFrom="sm"
              aria-label={t('nav.openMenu')}
              aria-expanded={menuOpen}
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
