import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function Mark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="12" cy="16" r="9" fill="var(--mantine-color-indigo-8)" />
      <circle cx="20" cy="16" r="9" fill="var(--mantine-color-orange-6)" fillOpacity="0.85" />
    </svg>
  );
}

/** The logo; a link home, except during onboarding (SPEC §2: only the logo, not clickable). */
export function Logo({ clickable = true }: { clickable?: boolean }) {
  const { t } = useTranslation();
  const content = (
    <Group gap={8} wrap="nowrap">
      <Mark />
      <Text fw={800} fz="xl" c="indigo.9">
        {t('appName')}
      </Text>
    </Group>
  );
  if (!clickable) return <div data-testid="logo">{content}</div>;
  return (
    <Link to="/" aria-label={t('nav.logoHome')} style={{ textDecoration: 'none' }} data-testid="logo">
      {content}
    </Link>
  );
}
