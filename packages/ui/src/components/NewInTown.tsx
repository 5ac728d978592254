import { newInTownRole, type NewInTownStatus } from '@amiko/core';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface NewInTownFacts {
  city: string | null;
  newInTown?: NewInTownStatus | null;
  newInTownMonth?: string | null;
  welcomesNewcomers?: boolean;
}

/** 'YYYY-MM' as the month and year in the interface language ("March 2026", "März 2026"). */
export function formatMonth(month: string, language: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  );
}

/**
 * The member's new-in-town sentence (issue 19.4): "I'm new in Hamburg since March 2026", "I'm moving to
 * Hamburg in May 2026" or "Happy to show newcomers around"; nothing for a local who did not say so.
 */
export function NewInTownLine({ profile }: { profile: NewInTownFacts }) {
  const { t, i18n } = useTranslation(['profile']);
  const role = newInTownRole(profile);
  if (role === null) return null;
  if (role === 'welcomer') return <Text data-testid="new-in-town">{t('profile:newInTown.welcomes')}</Text>;
  const city = profile.city?.trim();
  if (!city) {
    return (
      <Text size="sm" c="dimmed">
        {t('profile:newInTown.cityMissing')}
      </Text>
    );
  }
  const moving = profile.newInTown === 'movingHere';
  const text = profile.newInTownMonth
    ? t(moving ? 'profile:newInTown.movingHereIn' : 'profile:newInTown.newHereSince', {
        city,
        month: formatMonth(profile.newInTownMonth, i18n.language),
      })
    : t(moving ? 'profile:newInTown.movingHere' : 'profile:newInTown.newHere', { city });
  return <Text data-testid="new-in-town">{text}</Text>;
}

/** A card's small "New in town" / "Welcomes newcomers" badge. */
export function NewInTownBadge({ role }: { role: 'newcomer' | 'welcomer' | null }) {
  const { t } = useTranslation(['community']);
  if (role === null) return null;
  return (
    <Badge variant="light" color={role === 'newcomer' ? 'grape.9' : 'teal.9'} size="sm">
      {t(role === 'newcomer' ? 'community:card.newInTown' : 'community:card.welcomesNewcomers')}
    </Badge>
  );
}
