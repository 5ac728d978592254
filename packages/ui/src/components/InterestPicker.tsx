import { INTERESTS, INTERESTS_MIN, type Interest } from '@amiko/core';
import { catalogKey } from '@amiko/i18n';
import { Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Chooses interests from the catalog: a search box and a chip per interest (each a checkbox, so the
 * keyboard works as usual), with the 'Select N more' hint until the minimum is reached.
 */
export function InterestPicker(props: {
  value: Interest[];
  onChange: (value: Interest[]) => void;
  error?: string | null;
}) {
  const { t, i18n } = useTranslation(['common', 'profile', 'catalog']);
  const [search, setSearch] = useState('');
  const labelled = useMemo(
    () =>
      INTERESTS.map((id) => ({ id, label: t(catalogKey('interests', id)) })).sort((a, b) =>
        a.label.localeCompare(b.label, i18n.language),
      ),
    [t, i18n.language],
  );
  const term = search.trim().toLocaleLowerCase(i18n.language);
  const shown = term
    ? labelled.filter((i) => i.label.toLocaleLowerCase(i18n.language).includes(term))
    : labelled;
  const missing = INTERESTS_MIN - props.value.length;

  return (
    <Stack gap="sm">
      <TextInput
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        placeholder={t('profile:interests.searchPlaceholder')}
        aria-label={t('profile:interests.search')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
      />
      <Text size="sm" aria-live="polite" data-testid="interests-hint" c={missing > 0 ? 'red.8' : 'dimmed'}>
        {missing > 0
          ? t('profile:interests.selectMore', { count: missing })
          : t('profile:interests.selected', { count: props.value.length })}
      </Text>
      <Chip.Group multiple value={props.value} onChange={(value) => props.onChange(value as Interest[])}>
        <Group gap="xs" role="group" aria-label={t('profile:sections.interests')}>
          {shown.map((interest) => (
            <Chip key={interest.id} value={interest.id} size="sm">
              {interest.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {shown.length === 0 && <Text c="dimmed">{t('profile:interests.noMatch')}</Text>}
      {props.error && (
        <Text c="red.8" size="sm" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
