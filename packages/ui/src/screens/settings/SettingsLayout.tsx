import { Box, Center, Container, Grid, Loader, NativeSelect, NavLink, Title } from '@mantine/core';
import { IconBell, IconEye, IconKey, IconShieldCog, IconUser, IconUserOff } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';

const SECTIONS = [
  { to: '/settings/user-info', label: 'nav.userInfo', Icon: IconUser },
  { to: '/settings/change-password', label: 'nav.changePassword', Icon: IconKey },
  { to: '/settings/blocked-users', label: 'nav.blockedUsers', Icon: IconUserOff },
  { to: '/settings/notifications', label: 'nav.notifications', Icon: IconBell },
  { to: '/settings/privacy', label: 'nav.privacy', Icon: IconEye },
  { to: '/settings/account', label: 'nav.account', Icon: IconShieldCog },
] as const;

/**
 * /settings/*: a side navigation of the sections (SPEC §2's four, Notifications for the desktop app and
 * browser notifications, and Privacy for who sees one's activity), which becomes a select on narrow screens, and the chosen section beside it.
 */
export default function SettingsLayout() {
  const { t } = useTranslation(['settings', 'common']);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('title')}
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <Box component="nav" aria-label={t('nav.label')} visibleFrom="sm" data-testid="settings-nav">
            {SECTIONS.map(({ to, label, Icon }) => (
              <NavLink
                key={to}
                component={Link}
                to={to}
                label={t(label)}
                leftSection={<Icon size={18} aria-hidden="true" />}
                active={pathname === to}
                aria-current={pathname === to ? 'page' : undefined}
              />
            ))}
          </Box>
          <NativeSelect
            hiddenFrom="sm"
            label={t('nav.label')}
            value={SECTIONS.find((s) => s.to === pathname)?.to ?? SECTIONS[0].to}
            onChange={(event) => void navigate(event.currentTarget.value)}
            data={SECTIONS.map(({ to, label }) => ({ value: to, label: t(label) }))}
            data-testid="settings-select"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label={t('common:loading')} />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
