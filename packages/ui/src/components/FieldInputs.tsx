import { CATALOGS, type CatalogName } from '@amiko/core';
import { catalogKeyOf } from '@amiko/i18n';
import { Group, Select, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CatalogMultiSelect } from './CatalogSelect.tsx';

/** A catalog this short shows a level choice for each of its ids; a longer one lets the member pick ids. */
const ALL_KEYS_UP_TO = 8;

function Legend({ label }: { label: string }) {
  return (
    <Text component="legend" fw={500} size="sm" mb={4}>
      {label}
    </Text>
  );
}

/** A level for some ids of a catalog (the Big Five; a language with how well it is spoken). */
export function LevelsInput({
  label,
  error,
  keys,
  levels,
  value,
  onChange,
}: {
  label: string;
  error?: string;
  keys: CatalogName;
  levels: CatalogName;
  value: Record<string, string>;
  onChange: (value: Record<string, string>) => void;
}) {
  const { t } = useTranslation(['catalog', 'profile']);
  const labelOf = (catalog: CatalogName, id: string) => {
    const key = catalogKeyOf(catalog, id);
    return key ? t(key) : id;
  };
  const all = CATALOGS[keys] as readonly string[];
  const shown = all.length <= ALL_KEYS_UP_TO ? all : all.filter((id) => id in value);
  const levelOptions = (CATALOGS[levels] as readonly string[]).map((level) => ({
    value: level,
    label: labelOf(levels, level),
  }));
  const setLevel = (key: string, level: string | null) => {
    const next = { ...value };
    if (level) next[key] = level;
    else delete next[key];
    onChange(next);
  };
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Legend label={label} />
      {shown !== all && (
        <CatalogMultiSelect
          catalog={keys}
          aria-label={label}
          value={shown as string[]}
          mb="sm"
          // A new id starts at the first level; one removed takes its level with it.
          onChange={(ids) =>
            onChange(Object.fromEntries(ids.map((id) => [id, value[id] ?? (CATALOGS[levels][0] as string)])))
          }
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {shown.map((key) => (
          <Select
            key={key}
            label={labelOf(keys, key)}
            data={levelOptions}
            value={value[key] ?? null}
            clearable={shown === all}
            onChange={(level) => setLevel(key, level)}
          />
        ))}
      </SimpleGrid>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}

/** The years a month can be picked from: a few back (arrivals) and a few ahead (moves). */
function yearsAround(now: Date): string[] {
  const year = now.getFullYear();
  return Array.from({ length: 8 }, (_, i) => String(year + 2 - i));
}

/** A month and a year, as 'YYYY-MM' (null until both are chosen). */
export function MonthInput({
  label,
  error,
  value,
  onChange,
}: {
  label: string;
  error?: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t, i18n } = useTranslation(['profile']);
  const [year = null, month = null] = value ? value.split('-') : [];
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1).padStart(2, '0'),
    label: monthName.format(new Date(Date.UTC(2000, i, 1))),
  }));
  const years = yearsAround(new Date());
  if (year && !years.includes(year)) years.push(year);
  // The value is whole months only: picking one half first fills the other (this year, January).
  const change = (nextYear: string | null, nextMonth: string | null) =>
    onChange(nextYear && nextMonth ? `${nextYear}-${nextMonth}` : null);
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Legend label={label} />
      <Group gap="xs" grow>
        <Select
          aria-label={t('profile:monthPicker.month', { field: label })}
          placeholder={t('profile:monthPicker.monthPlaceholder')}
          data={months}
          value={month}
          // Picking the chosen option again keeps it (the default would clear it); × clears.
          allowDeselect={false}
          clearable
          onChange={(next) => change(year ?? (next ? years[2]! : null), next)}
        />
        <Select
          aria-label={t('profile:monthPicker.year', { field: label })}
          placeholder={t('profile:monthPicker.yearPlaceholder')}
          data={years}
          value={year}
          allowDeselect={false}
          clearable
          onChange={(next) => change(next, month ?? (next ? '01' : null))}
        />
      </Group>
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}
